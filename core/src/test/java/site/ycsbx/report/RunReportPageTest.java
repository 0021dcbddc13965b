package site.ycsbx.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.testing.HeadlessChromium;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.tools.Main;

/**
 * report.html as a page people publish: its header's facts (date, versions, host, server, the
 * command line with its secret masked), no folder of the machine it ran on, nothing wider than a
 * 1400 px window, and charts that suit a short run: a 1.2 s run logged at 10 s has no chart over
 * time but a sentence, logged at 0.2 s it has its points.
 */
@Tag("process")
class RunReportPageTest {
  static final int WIDTH = 1400;
  private static final String SECRET = "hunter2-secret";
  // the header's facts, what is wider than the window, the charts and the sentence of a short run
  private static final String SCRIPT = "var f={};document.querySelectorAll('header#page-header tr[data-fact]')"
      + ".forEach(function(r){f[r.dataset.fact]=r.querySelector('td').textContent;});"
      + "return {facts:f,scrollWidth:document.documentElement.scrollWidth,"
      + "charts:Array.from(document.querySelectorAll('div.ycsbx-chart')).map(function(d){"
      + "return d.dataset.op+'/'+d.dataset.kind+'/'+d.dataset.points+'/'+d.querySelectorAll('svg path,svg line,"
      + "svg polyline,svg rect').length;}),"
      + "note:(document.querySelector('p.no-time-chart')||{textContent:''}).textContent,"
      + "text:document.body.innerText};";

  @TempDir
  Path tmp;

  @Test
  void aShortRunsPageHasItsFactsNoMachinePathAndASentenceForItsChartsOverTime() throws Exception {
    Path work = Files.createDirectories(tmp.resolve("work"));
    Path dir = work.resolve("short");
    JsonNode page = runAndRender(work, dir, "10");
    JsonNode facts = page.path("facts");
    for (String k : PageHeader.REQUIRED) {
      assertFalse(facts.path(k).asText().isBlank(), "fact " + k + " missing: " + facts);
    }
    assertTrue(facts.path(PageHeader.DATE).asText().matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC"), facts.toString());
    assertEquals("0.17.0", facts.path(PageHeader.YCSB_VERSION).asText());
    assertEquals("not known: binding null reports no server version", facts.path(PageHeader.SERVER).asText());
    String command = facts.path(PageHeader.COMMAND).asText();
    assertTrue(command.startsWith("bin/ycsb run null -P \u2026/workloada ") && command.contains("db.passwd=*****")
        && command.endsWith("ycsbx.out=short"), command);
    assertTrue(facts.path("rate").asText().contains(" ops/s (1,200 operations in 1."), facts.toString());
    assertTrue(page.path("scrollWidth").asInt() <= WIDTH, "wider than the window: " + page.path("scrollWidth"));
    // one interval of 10 s: no chart over time, a sentence; the distribution of every call stays
    assertTrue(page.path("note").asText().startsWith("No charts over time: the run's 1.") && page.path("note").asText()
        .contains("fit in 1 interval") && page.path("note").asText().contains("-p ycsbx.interval=0.2 gives 5 points"),
        page.toString());
    for (JsonNode c : page.path("charts")) {
      assertTrue(c.asText().contains("/percentiles/"), "only the distribution: " + page.path("charts"));
    }
    assertEquals(2, page.path("charts").size(), "READ and UPDATE: " + page.path("charts"));
    String html = Files.readString(dir.resolve(RunReport.FILE));
    String json = Files.readString(dir.resolve("result.json"));
    assertFalse(html.contains(SECRET) || json.contains(SECRET), "the password reached a file");
    for (String where : List.of(work.toAbsolutePath().toString(), dir.toAbsolutePath().toString(),
        tmp.toAbsolutePath().toString(), JavaProcess.repoRoot().toAbsolutePath().toString())) {
      assertFalse(html.contains(where), "report.html names " + where);
      assertFalse(page.path("text").asText().contains(where), "the rendered page names " + where);
    }
    // the file still records them: the page leaves them out, not result.json
    assertTrue(json.contains("ycsbx.out=" + dir.toAbsolutePath()), json);
  }

  @Test
  void theSameRunLoggedAtAFifthOfASecondHasItsChartsOverTime() throws Exception {
    Path work = Files.createDirectories(tmp.resolve("work"));
    JsonNode page = runAndRender(work, work.resolve("fine"), "0.2");
    assertEquals("", page.path("note").asText(), "points enough: no sentence");
    int overTime = 0;
    for (JsonNode c : page.path("charts")) {
      String[] p = c.asText().split("/");
      if (!p[1].equals("percentiles")) {
        overTime++;
        assertTrue(Integer.parseInt(p[2]) >= 5, "a point per 0.2 s of 1.2 s: " + c);
        assertTrue(Integer.parseInt(p[3]) > 20, "drawn: " + c);
      }
    }
    assertEquals(4, overTime, "throughput and latency over time of READ and UPDATE: " + page.path("charts"));
  }

  private JsonNode runAndRender(Path work, Path dir, String interval) throws Exception {
    // 1200 operations at 1000 ops/s: a 1.2 s run; the folder given by its absolute path, as a user may
    JavaProcess.Result r = JavaProcess.run(work, 180, Main.class.getName(), "run", "null", "-P",
        JavaProcess.workload("workloada"), "-p", "recordcount=1000", "-p", "operationcount=1200", "-target", "1000",
        "-p", "db.passwd=" + SECRET, "-p", "ycsbx.interval=" + interval, "-p", "ycsbx.out=" + dir.toAbsolutePath());
    assertEquals(0, r.exitCode(), r.all());
    return HeadlessChromium.evaluate(dir.resolve(RunReport.FILE), WIDTH, SCRIPT);
  }
}
