package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static site.ycsbx.testing.RunReportChecks.cell;
import static site.ycsbx.testing.RunReportChecks.number;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.RunReportChecks;

/**
 * report.html of an iibench load with a query thread into MariaDB (InnoDB): the page of a real
 * run against a real server, rendered in headless Chromium, its figures those of result.json,
 * the server's CPU in its efficiency table.
 */
@Tag("process")
class RunReportOnMariaDbTest {
  @Test
  void anIIBenchRunsPageRendersWithItsChartsAndTheServersFigures(@TempDir Path tmp) throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      Path dir = tmp.resolve("iibench");
      List<String> args = new ArrayList<>(List.of("load", "jdbc", "-P", JavaProcess.workload("iibench"),
          "-p", "recordcount=40000", "-p", "iibench.batchsize=200", "-p", "iibench.roundrows=20000",
          "-p", "iibench.reportseconds=0", "-threads", "2", "-p", "iibench.querythreads=1",
          "-p", "iibench.queryintervalms=20", "-p", "ycsbx.interval=0.5", "-p", "ycsbx.out=" + dir));
      args.addAll(db.options());
      Result r = JavaProcess.run("site.ycsbx.tools.Main", args.toArray(new String[0]));
      assertEquals(0, r.exitCode(), r.all());
      assertEquals(40000, db.rows("purchases_index"));
      assertFalse(r.stderr().contains("cannot write"), r.stderr());

      String page = RunReportChecks.selfContained(dir);
      JsonNode json = new ObjectMapper().readTree(dir.resolve("result.json").toFile());
      for (String op : List.of("INSERT_TXN", "QUERY")) {
        JsonNode o = json.path("operations").path(op);
        assertTrue(o.path("count").asLong() > 0, op + ": " + json);
        assertEquals(o.path("count").asLong(), number(page, "operations", op, "count"), op);
        assertEquals(o.path("summary").path("99thPercentileLatency(us)").asLong(), number(page, "operations", op, "p99"));
        assertEquals(o.path("returns").path("OK").asLong(), number(page, "errors", op, "ok"), op);
      }
      assertEquals(200, number(page, "operations", "INSERT_TXN", "count"));
      assertTrue(page.contains("<th scope=\"row\">phase</th><td>load</td>"), page);
      assertTrue(page.contains("<span class=\"k\">server.product</span>=<span class=\"v\">MariaDB"), page);
      // the fingerprint as result.json has it: the password masked, never in the page
      assertFalse(page.contains("password</span>=<span class=\"v\">" + TestDatabase.PASSWORD + "<"), page);
      // MariaDB runs on this host: its CPU per 1000 operations is measured
      String server = cell(page, "efficiency", "load", "server.Kop");
      assertTrue(Double.parseDouble(server) > 0, server);

      // every logged operation has its charts
      List<String> ops;
      try (var files = Files.list(dir)) {
        ops = files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".hdr") && !f.startsWith("Intended-"))
            .map(f -> f.substring(0, f.length() - 4)).sorted().toList();
      }
      assertTrue(ops.containsAll(List.of("INSERT_TXN", "QUERY")), ops.toString());
      RunReportChecks.rendered(dir, ops);
      // the load's rate over time in rows, as its summary and the header count it, not in transactions
      JsonNode rate = RunReportChecks.rateCharts(dir);
      assertEquals(1, rate.size(), rate.toString());
      assertEquals("rows/s", rate.get(0).path("unit").asText());
    }
  }
}
