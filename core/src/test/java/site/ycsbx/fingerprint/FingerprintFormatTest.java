package site.ycsbx.fingerprint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The fingerprint block printed at the start: grouped to be read, and read back entry for entry. */
@Tag("fast")
class FingerprintFormatTest {
  private static Fingerprint sample() {
    Fingerprint f = new Fingerprint();
    f.put("ycsbx.version", "0.1.0");
    f.put("client.host", "vm");
    f.put("client.cores", 2);
    f.put("client.java", "OpenJDK 64-Bit Server VM 17.0.15");
    f.put("binding", "jdbc");
    for (String k : List.of("batchsize", "indexes", "paddingfields", "paddinglength", "compressiblepercent",
        "tableperthread", "querythreads", "querylimit", "querystartrows", "queryintervalms", "rows", "table")) {
      f.put("workload.iibench." + k, k.length() * 1000);
    }
    f.put("workload.defining", "iibench.batchsize,iibench.indexes,iibench.paddingfields,iibench.paddinglength,"
        + "iibench.compressiblepercent,iibench.tableperthread,iibench.querythreads,iibench.querylimit");
    f.put("write.concern", "w=1, j=false, wtimeout=none");
    f.put("db.url", "jdbc:mysql://127.0.0.1:3306/test");
    f.put("db.options", "a=1; b=2");
    f.put("db.user", "root");
    return f;
  }

  @Test
  void entriesThatShareAParentAreOneGroupWrappedUnderItsFirstValue() {
    String block = sample().format();
    List<String> lines = block.lines().toList();
    assertEquals("[FINGERPRINT]", lines.get(0));
    assertEquals("  ycsbx.version      : 0.1.0", lines.get(1));
    assertEquals("  client.*           : host=vm; cores=2; java=OpenJDK 64-Bit Server VM 17.0.15", lines.get(2));
    assertEquals("  binding            : jdbc", lines.get(3));
    assertTrue(lines.get(4).startsWith("  workload.iibench.* : batchsize=9000; indexes=7000; "), lines.get(4));
    assertTrue(lines.get(5).startsWith("                       "), "the group wraps under its first value: " + block);
    // a value with a comma list and no spaces wraps after its commas; one with "; " stays alone
    assertTrue(block.contains("  workload.defining  : iibench.batchsize,iibench.indexes,"), block);
    assertTrue(block.contains("  write.concern      : w=1, j=false, wtimeout=none\n"), block);
    assertTrue(block.contains("  db.*               : url=jdbc:mysql://127.0.0.1:3306/test; user=root\n"), block);
    assertTrue(block.contains("  db.options         : a=1; b=2\n"), block);
    for (String l : lines) {
      assertTrue(l.length() <= 120, "lines wrap at 120 characters: " + l);
    }
    assertTrue(lines.size() < sample().entries().size(), "fewer lines than entries: " + block);
  }

  @Test
  void thePrintedBlockReadsBackToTheSameEntries() {
    Fingerprint f = sample();
    List<String> lines = f.format().lines().toList();
    assertEquals(f.entries(), Fingerprint.parse(lines.subList(1, lines.size())));
  }

  @Test
  void theDefiningListIsLeftOffTheConsoleOnlyWhenTheWorkloadMakesItAgain() {
    java.util.Properties p = new java.util.Properties();
    p.setProperty("workload", "site.ycsbx.workloads.iibench.IIBenchWorkload");
    p.setProperty("iibench.batchsize", "500");
    p.setProperty("recordcount", "200000");
    Fingerprint f = new Fingerprint().putClient(p, "jdbc");
    assertTrue(f.get(Fingerprint.WORKLOAD_DEFINING).contains("iibench.batchsize"), f.entries().toString());
    List<String> lines = f.format().lines().toList();
    assertTrue(lines.stream().noneMatch(l -> l.contains(Fingerprint.WORKLOAD_DEFINING)), f.format());
    assertEquals(f.entries(), Fingerprint.parse(lines.subList(1, lines.size())), "read back with the list");

    // a list the class would not make (another version's, say) is printed as it is
    f.put(Fingerprint.WORKLOAD_DEFINING, "iibench.batchsize");
    lines = f.format().lines().toList();
    assertTrue(lines.stream().anyMatch(l -> l.contains(Fingerprint.WORKLOAD_DEFINING)), f.format());
    assertEquals(f.entries(), Fingerprint.parse(lines.subList(1, lines.size())));
  }

  @Test
  void theOldOneEntryPerLineBlockStillReads() {
    assertEquals(Map.of("server.product", "MariaDB", "threads", "4"),
        Fingerprint.parse(List.of("  server.product : MariaDB", "  threads        : 4")));
    assertNull(Fingerprint.parse(List.of("Command line: -db x")));
  }
}
