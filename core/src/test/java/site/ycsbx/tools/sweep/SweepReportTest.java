package site.ycsbx.tools.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.results.OpStats;
import site.ycsbx.results.PointResult;
import site.ycsbx.results.SweepFile;
import site.ycsbx.results.Verdict;
import site.ycsbx.testing.ReportProbe;
import site.ycsbx.testing.SweepChecks;

/**
 * sweep.html from sweeps of known numbers, as Chromium renders it: the setup caption, the
 * spread, the knee, the recommended range and the limit line are there exactly when they must
 * be, and the checks of the page fail on a page that lacks them.
 */
@Tag("slow")
class SweepReportTest {
  /** Throughput and p99 (ms) per thread count of a server that saturates at 8 threads. */
  private static final Map<Integer, double[]> SATURATING = Map.of(1, new double[] {9000, 0.9}, 2,
      new double[] {16500, 1.1}, 4, new double[] {27000, 1.8}, 8, new double[] {31000, 3.9}, 16,
      new double[] {32000, 8.5});

  static Map<String, String> fingerprint(int threads) {
    Map<String, String> fp = new LinkedHashMap<>();
    fp.put("ycsbx.version", "0.1.0-SNAPSHOT");
    fp.put("client.host", "bench1");
    fp.put("client.cores", "2");
    fp.put("binding", "jdbc");
    fp.put("workload", "site.ycsb.workloads.CoreWorkload");
    fp.put("workload.readproportion", "0.5");
    fp.put("workload.updateproportion", "0.5");
    fp.put("workload.requestdistribution", "zipfian");
    fp.put("workload.recordcount", "10000");
    fp.put("workload.defining", "readproportion,updateproportion,requestdistribution");
    fp.put("phase", "run");
    fp.put("threads", String.valueOf(threads));
    fp.put("target.ops", "unlimited");
    fp.put("server.product", "MariaDB");
    fp.put("server.version", "10.11.6-MariaDB-0+deb12u1");
    fp.put("storage.engine", "InnoDB");
    fp.put("durability.innodb_flush_log_at_trx_commit", "1");
    fp.put("db.url", "jdbc:mysql://db1.example.net:3306/ycsbx_bench_with_a_long_name?connectTimeout=5000"
        + "&rewriteBatchedStatements=true&useSSL=false&allowPublicKeyRetrieval=true");
    fp.put("jdbc.engine", "InnoDB");
    return fp;
  }

  static PointResult point(int threads, int repeat, double ops, double p99Ms) {
    Map<String, OpStats> o = new LinkedHashMap<>();
    o.put("READ", new OpStats("READ", 5000, ops / 2, p99Ms * 250, p99Ms * 700, p99Ms * 1000, p99Ms * 2500,
        p99Ms * 9000, 0));
    o.put("UPDATE", new OpStats("UPDATE", 5000, ops / 2, p99Ms * 300, p99Ms * 800, p99Ms * 1200, p99Ms * 3000,
        p99Ms * 9500, 0));
    return new PointResult(threads, repeat, 0, null, 3000, 40, ops, 0, o, fingerprint(threads),
        "points/t" + threads + "-r" + repeat + ".json", Map.of());
  }

  static PointResult failed(int threads, int repeat, String why) {
    return new PointResult(threads, repeat, 1, why, 1000, Double.NaN, Double.NaN, 0, Map.of(), fingerprint(threads),
        null, Map.of());
  }

  /** A sweep over {@code threads} of the saturating server, {@code repeat} runs each, drifting ±4%. */
  static List<PointResult> points(List<Integer> threads, int repeat) {
    List<PointResult> out = new ArrayList<>();
    for (int r = 1; r <= repeat; r++) {
      for (int t : threads) {
        double drift = 1 + (r % 2 == 0 ? 0.04 : -0.04) * (t % 3 == 0 ? 0.5 : 1);
        out.add(point(t, r, SATURATING.get(t)[0] * drift, SATURATING.get(t)[1] * (2 - drift)));
      }
    }
    return out;
  }

  static Path write(Path dir, List<Integer> threads, int repeat, Double sla, List<PointResult> points) throws Exception {
    Verdict v = SweepReport.verdict(points, threads, sla);
    SweepFile f = new SweepFile("MariaDB InnoDB", "run", "jdbc", List.of("workloads/workloada"),
        List.of("-P", "workloads/workloada", "-p", "recordcount=10000"), threads, repeat, false, sla, points, v, null);
    new SweepReport(f).write(dir);
    return dir.resolve(SweepReport.HTML_FILE);
  }

  @Test
  void aSaturatingSweepShowsItsSetupSpreadKneeRangeAndLimit(@TempDir Path tmp) throws Exception {
    List<Integer> threads = List.of(1, 2, 4, 8, 16, 32);
    List<PointResult> points = points(List.of(1, 2, 4, 8, 16), 2);
    // one repeat at 16 failed (so no bar there), and 32 failed altogether with a long reason
    points.set(points.size() - 1, failed(16, 2, "exited 1: errors beyond ycsbx.maxerrorpercent"));
    points.add(failed(32, 1, "exited 1: ycsb: cannot reach jdbc:mysql://db1.example.net:3306/"
        + "ycsbx_bench_with_a_long_name_that_does_not_break_anywhere_at_all_because_it_has_no_spaces_in_it"
        + "?connectTimeout=5000: Too many connections (max_connections=30)"));
    points.add(failed(32, 2, "exited 1: too many connections"));
    Path html = write(tmp, threads, 2, 4.0, points);
    SweepFile f = SweepReport.read(tmp);
    assertEquals("throughput levels off at 8 threads (31.0k ops/s); p99 stays under 4 ms up to 4 threads"
        + " (27.0k ops/s); use 4", f.verdict().sentence());

    JsonNode p = SweepChecks.assertReport(html, f);
    // the numbers, not only the counts: bars at 1, 2, 4 and 8 (16 kept one run), per operation on the latency chart
    JsonNode tput = ReportProbe.chart(p, "throughput");
    assertEquals(4, tput.path("spread").size());
    assertEquals(8, ReportProbe.chart(p, "latency").path("spread").size());
    assertEquals(1, tput.path("knee").size());
    assertEquals("8", tput.path("knee").get(0).path("data-threads").asText());
    assertTrue(tput.path("knee").get(0).path("text").asText().contains("knee: 8"));
    JsonNode limit = ReportProbe.chart(p, "latency").path("limit").get(0);
    assertEquals("p99 limit 4 ms (--sla-p99)", limit.path("text").asText());
    assertTrue(p.path("setup").path("text").asText().contains("p99 ≤ 4 ms (--sla-p99 4)"),
        p.path("setup").path("text").asText());
    List<String> setup = ReportProbe.setupEntries(p);
    assertTrue(setup.contains("1:readproportion=0.5"), "defining properties by their own name: " + setup);
    assertTrue(setup.contains("1:server.version=10.11.6-MariaDB-0+deb12u1"), setup.toString());
    assertTrue(setup.contains("1:repeats=2 (up and down the list alternately)"), setup.toString());
    // the table: the recommended rows noted, the failed count with its reason, wrapped
    JsonNode overall = p.path("tables").get(0);
    assertTrue(overall.path("headers").toString().contains("min–max"), overall.path("headers").toString());
    assertEquals("knee", last(overall.path("rows").get(3)), "8 threads are past the 4 ms limit: not recommended");
    assertEquals("recommended", last(overall.path("rows").get(2)));
    assertEquals("1 repeat(s) failed", last(overall.path("rows").get(4)));
    assertTrue(overall.path("rows").get(5).get(1).asText().startsWith("FAILED: exited 1: ycsb: cannot reach"));
    assertEquals("31,000", overall.path("rows").get(3).get(1).asText(), "ops/s with a thousands separator");
    // the console's table is still the same text
    assertTrue(new SweepReport(f).table().contains("       8        31000      1754"), new SweepReport(f).table());

    Path shot = ReportProbe.screenshot(html, "sweep-report");
    assertTrue(Files.size(shot) > 50_000, shot.toString());
  }

  private static String last(JsonNode row) {
    return row.get(row.size() - 1).asText();
  }

  @Test
  void aVerdictThatCannotJudgeMarksNoRangeAndNoLimitIsDrawnWithoutSla(@TempDir Path tmp) throws Exception {
    Path html = write(tmp, List.of(1, 2), 1, null, points(List.of(1, 2), 1));
    SweepFile f = SweepReport.read(tmp);
    assertTrue(f.verdict().sentence().startsWith("cannot judge"), f.verdict().sentence());
    JsonNode p = SweepChecks.assertReport(html, f);
    for (JsonNode c : p.path("charts")) {
      assertEquals(0, c.path("range").size(), "a range marked though the verdict cannot judge: " + c);
      assertEquals(0, c.path("knee").size(), c.toString());
      assertEquals(0, c.path("limit").size(), "a limit line though none was given: " + c);
      assertEquals(0, c.path("spread").size(), "no repeats, no error bars: " + c);
      assertTrue(c.path("caption").asText().contains("no thread range recommended"), c.path("caption").asText());
    }
    String html1 = Files.readString(html);
    assertTrue(html1.contains("class=\"verdict none\""), "a verdict without a recommendation is shown as such");
  }

  @Test
  void theDefaultLimitIsNamedInTheSetupButNotDrawn(@TempDir Path tmp) throws Exception {
    List<Integer> threads = List.of(1, 2, 4, 8, 16);
    Path html = write(tmp, threads, 1, null, points(threads, 1));
    SweepFile f = SweepReport.read(tmp);
    assertTrue(f.verdict().rangeLow() > 0, f.verdict().sentence());
    JsonNode p = SweepChecks.assertReport(html, f);
    assertEquals(0, ReportProbe.chart(p, "latency").path("limit").size());
    assertEquals(1, ReportProbe.chart(p, "latency").path("range").size());
    assertTrue(p.path("setup").path("text").asText().contains("none given (--sla-p99); the verdict takes 3.4 ms, 3x"
        + " the p99 at the smallest thread count"), p.path("setup").path("text").asText());
  }

  /** The checks are worth something only if they fail on a page that lacks what they check. */
  @Test
  void theChecksFailOnAPageWithoutTheMarksOrTooWide(@TempDir Path tmp) throws Exception {
    List<Integer> threads = List.of(1, 2, 4, 8, 16);
    Path html = write(tmp, threads, 2, 5.0, points(threads, 2));
    SweepFile f = SweepReport.read(tmp);
    String page = Files.readString(html);
    SweepChecks.assertReport(html, f);

    Files.writeString(html, page.replace("class='ycsbx-range'", "class='other'"));
    assertFails("the recommended range", () -> SweepChecks.assertReport(html, f));
    Files.writeString(html, page.replace("class='ycsbx-limit'", "class='other'"));
    assertFails("the --sla-p99 line", () -> SweepChecks.assertReport(html, f));
    Files.writeString(html, page.replaceFirst("class='ycsbx-spread'", "class='other'"));
    assertFails("no error bar of measured at 1 threads", () -> SweepChecks.assertReport(html, f));
    // a table as wide as a monospace block: the page scrolls sideways
    Files.writeString(html, page.replaceFirst("</tbody></table></div>",
        "<tr><td style=\"white-space:nowrap\">" + "recommended ".repeat(200) + "</td></tr></tbody></table></div>"));
    assertFails("scrolls sideways", () -> SweepChecks.assertReport(html, f));
    // the verdict at the bottom, far from the charts
    String verdict = page.substring(page.indexOf("<p class=\"verdict"), page.indexOf("</p>", page.indexOf(
        "<p class=\"verdict")) + 4);
    Files.writeString(html, page.replace(verdict, "").replace("</body>", verdict + "</body>"));
    assertFails("directly above", () -> SweepChecks.assertReport(html, f));
    // a fingerprint value the caption does not show
    Files.writeString(html, page.replace(">10.11.6-MariaDB-0+deb12u1<", ">10.11<"));
    assertFails("server.version=10.11.6-MariaDB-0+deb12u1 missing", () -> SweepChecks.assertReport(html, f));
  }

  private static void assertFails(String expected, org.junit.jupiter.api.function.Executable check) {
    AssertionError e = assertThrows(AssertionError.class, check);
    assertTrue(e.getMessage().contains(expected), "failed for another reason: " + e.getMessage());
    assertFalse(e.getMessage().isBlank());
  }
}
