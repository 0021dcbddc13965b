package site.ycsbx.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The header a published page starts with: refused without a required fact, secrets masked, shared facts once. */
@Tag("fast")
class PageHeaderTest {
  private static Map<String, String> fp(String engine) {
    Map<String, String> fp = new LinkedHashMap<>();
    fp.put("ycsbx.version", "0.1.0");
    fp.put("ycsb.core.version", "0.17.0");
    fp.put("client.host", "vm");
    fp.put("client.cores", "2");
    fp.put("client.memory_gb", "23.5");
    fp.put("client.kernel", "Linux 6.1.0");
    fp.put("client.disks", "vda 275 GB non-rotational");
    fp.put("server.product", "MariaDB");
    fp.put("server.version", "10.11.19-MariaDB");
    fp.put("storage.engine", engine);
    return fp;
  }

  private static PageHeader.Builder complete() {
    return PageHeader.builder("why").fact(PageHeader.DATE, "Date", "2026-11-29 10:00 UTC")
        .client(fp("InnoDB")).fact(PageHeader.SERVER, "Server", PageHeader.server(fp("InnoDB")))
        .fact(PageHeader.COMMAND, "Command", "bin/ycsb experiment x");
  }

  @Test
  void refusesAHeaderWithoutItsServerVersionOrCommand() {
    Map<String, String> noVersion = fp("InnoDB");
    noVersion.remove("server.version");
    PageHeader.Builder b = complete().fact(PageHeader.SERVER, "Server", null);
    // a null value adds nothing, and a complete() builder already has the server: start again without it
    PageHeader.Builder without = PageHeader.builder("why").fact(PageHeader.DATE, "Date", "d").client(fp("InnoDB"))
        .fact(PageHeader.SERVER, "Server", PageHeader.server(noVersion)).fact(PageHeader.COMMAND, "Command", " ");
    IllegalStateException e = assertThrows(IllegalStateException.class, without::build);
    assertEquals("page header without server, command", e.getMessage());
    assertEquals("MariaDB 10.11.19-MariaDB", b.build().get(PageHeader.SERVER));
  }

  @Test
  void rendersEveryFactAndTheVerdict() {
    PageHeader h = complete().verdict("load: a led b by 1.50x.").build();
    String html = h.html();
    for (String k : PageHeader.REQUIRED) {
      assertTrue(html.contains("data-fact=\"" + k + "\""), k + " in " + html);
    }
    assertTrue(html.contains("vm: 2 cores, 23.5 GB memory, Linux 6.1.0, disks vda 275 GB non-rotational"), html);
    assertTrue(html.contains("<div class=\"page-verdict\" id=\"verdict\">\n<p>load: a led b by 1.50x.</p>"), html);
    assertTrue(h.lines().contains("load: a led b by 1.50x."), h.lines().toString());
    assertTrue(h.markdown().contains("- **Command**: `bin/ycsb experiment x`"), h.markdown());
  }

  @Test
  void masksSecretsInTheCommandLine() {
    String c = PageHeader.command(List.of("bin/ycsb", "experiment", "f", "-p", "db.passwd=hunter2", "-p",
        "target.a.db.url=jdbc:mysql://u:hunter2@h/db", "-p", "api.credential=hunter2", "-p", "aws.token=hunter2",
        "-p", "note=two words"));
    assertFalse(c.contains("hunter2"), c);
    assertTrue(c.contains("db.passwd=*****") && c.contains("jdbc:mysql://u:*****@h/db")
        && c.contains("api.credential=*****") && c.contains("'note=two words'"), c);
  }

  @Test
  void sharedKeepsOnlyWhatEveryFingerprintHasAlike() {
    Map<String, String> shared = PageHeader.shared(List.of(fp("InnoDB"), fp("ROCKSDB")));
    assertEquals("10.11.19-MariaDB", shared.get("server.version"));
    assertNull(shared.get("storage.engine"));
    assertNull(PageHeader.server(Map.of("server.version", "n/a")));
  }

  @Test
  void markdownTablesHaveAsManyCellsAsTheirHeader() {
    String t = Markdown.table(List.of("target", "rows/s"), new boolean[] {false, true},
        List.of(List.of("a|b", "12"), List.of("c")));
    assertEquals("| target | rows/s |\n| --- | ---: |\n| a\\|b | 12 |\n| c |  |\n", t);
    assertThrows(IllegalArgumentException.class, () -> Markdown.table(List.of("a"), null, List.of(List.of("1", "2"))));
  }
}
