package site.ycsbx.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import site.ycsbx.report.ReportHtml;
import site.ycsbx.results.PointResult;
import site.ycsbx.results.SweepFile;
import site.ycsbx.results.Verdict;
import site.ycsbx.tools.sweep.SweepReport;

/**
 * Checks of a finished sweep folder shared by core's null-binding sweep test and the bindings'
 * real-server sweep tests: the three files, each point's fingerprint, and the HTML as headless
 * Chromium renders it.
 */
public final class SweepChecks {
  private SweepChecks() {
  }

  /** Asserts sweep.csv, sweep.json and sweep.html hold every thread count and the operations. */
  public static SweepFile assertFiles(Path dir, List<Integer> threads, List<String> ops, String binding)
      throws IOException {
    SweepFile f = SweepReport.read(dir);
    assertEquals(threads, f.threads());
    assertEquals(threads.size() * f.repeat(), f.points().size());
    for (PointResult p : f.points()) {
      assertTrue(p.ok(), "point failed: " + p);
      assertTrue(p.throughput() > 0, p.toString());
      assertEquals(binding, p.fingerprint().get("binding"), p.fingerprint().toString());
      assertEquals(String.valueOf(p.threads()), p.fingerprint().get("threads"));
      for (String op : ops) {
        assertTrue(p.ops().containsKey(op), op + " missing in " + p.ops().keySet());
        assertTrue(p.ops().get(op).count() > 0);
        assertFalse(Double.isNaN(p.ops().get(op).p50()), "p50 not exported: " + p.ops().get(op));
        assertFalse(Double.isNaN(p.ops().get(op).p999()), "p99.9 not exported: " + p.ops().get(op));
      }
      assertTrue(Files.isRegularFile(dir.resolve(p.exportFile())), p.exportFile());
    }
    assertFalse(f.verdict().sentence().isBlank());

    List<String> csv = Files.readAllLines(dir.resolve(SweepReport.CSV_FILE));
    assertTrue(csv.get(0).startsWith("threads,repeat,operation,ops_per_sec,p50_us,p95_us,p99_us,p999_us,max_us,"
        + "errors,client_cpu_pct"), csv.get(0));
    for (int t : threads) {
      for (String op : ops) {
        assertTrue(csv.stream().anyMatch(l -> l.startsWith(t + ",1," + op + ",")), "no CSV row for " + t + " " + op);
      }
    }
    String html = Files.readString(dir.resolve(SweepReport.HTML_FILE));
    assertEquals(2, HeadlessChromium.count(html, "<svg"), "two charts expected");
    assertFalse(html.contains("<script src") || html.contains("<link ") || html.contains("<img src=\"http"),
        "the page must not load anything");
    return f;
  }

  /**
   * Opens sweep.html in headless Chromium: both charts in the DOM, a screenshot with a picture
   * in it; then what the page must show ({@link #assertReport}).
   */
  public static void assertRenders(Path html) throws IOException {
    HeadlessChromium.Rendered r = HeadlessChromium.open(html, html.getParent());
    assertEquals(2, HeadlessChromium.count(r.dom(), "<svg"), "charts missing from the rendered DOM");
    assertTrue(r.dom().contains("threads (log2)"), "the thread axis is missing");
    assertTrue(r.dom().contains("<polyline") || r.dom().contains("<path") || r.dom().contains("<line"),
        "no chart lines in the DOM");
    assertTrue(r.colours() > 20, "the screenshot looks blank: " + r.colours() + " colours");
    assertReport(html, SweepReport.read(html.getParent()));
  }

  /**
   * The page as Chromium lays it out {@value ReportProbe#WIDE} pixels wide: the setup caption
   * holds every fingerprint entry of the points, the sweep's thread counts and repeats; the
   * verdict sits directly above the charts; each chart has one error bar per thread count with
   * two or more runs (and per operation on the latency chart) spanning the runs' min..max; the
   * knee and the recommended range are marked exactly when the verdict has them, the limit line
   * exactly when --sla-p99 was given; nothing scrolls sideways.
   */
  public static JsonNode assertReport(Path html, SweepFile f) throws IOException {
    JsonNode p = ReportProbe.wide(html);
    ReportProbe.assertFits(p);
    ReportProbe.assertLayout(p);
    assertTrue(p.path("verdict").path("text").asText().contains(f.verdict().sentence()),
        "the verdict above the charts: " + p.path("verdict"));

    // the setup: the fingerprint, entry by entry
    List<String> entries = ReportProbe.setupEntries(p);
    List<PointResult> ok = f.points().stream().filter(PointResult::ok).toList();
    for (PointResult pt : ok) {
      Map<String, Map<String, String>> groups = ReportHtml.groups(pt.fingerprint());
      groups.forEach((g, m) -> m.forEach((k, v) -> assertTrue(entries.stream().anyMatch(e ->
          e.startsWith("1:" + ReportHtml.shortKey(g, k) + "=") && e.contains(v)),
          "fingerprint entry " + k + "=" + v + " missing from the setup caption: " + entries)));
    }
    String setup = p.path("setup").path("text").asText();
    if (!ok.isEmpty()) {
      Map<String, String> fp = ok.get(0).fingerprint();
      for (String key : List.of("binding", "workload", "server.product", "storage.engine")) {
        assertTrue(setup.contains(fp.get(key)), key + " not in the setup: " + setup);
      }
    }
    assertTrue(entries.contains("1:threads=" + String.join(",", f.threads().stream().map(String::valueOf).toList())),
        "thread counts: " + entries);
    assertTrue(entries.stream().anyMatch(e -> e.startsWith("1:repeats=" + f.repeat())), "repeats: " + entries);

    // the spread of the repeats
    JsonNode tput = ReportProbe.chart(p, "throughput");
    JsonNode lat = ReportProbe.chart(p, "latency");
    int expectT = 0;
    for (int t : f.threads()) {
      double[] v = ok.stream().filter(x -> x.threads() == t).mapToDouble(PointResult::throughput)
          .filter(d -> !Double.isNaN(d)).toArray();
      if (v.length >= 2) {
        expectT++;
        JsonNode bar = bar(tput, "measured", t);
        assertEquals(Arrays.stream(v).min().orElseThrow(), ReportProbe.number(bar, "data-low"),
            1e-5 * Arrays.stream(v).max().orElseThrow(), "bar bottom at " + t);
        assertEquals(Arrays.stream(v).max().orElseThrow(), ReportProbe.number(bar, "data-high"),
            1e-5 * Arrays.stream(v).max().orElseThrow(), "bar top at " + t);
        assertEquals(v.length, bar.path("data-runs").asInt());
      }
    }
    assertEquals(expectT, tput.path("spread").size(), "error bars on the throughput chart: " + tput.path("spread"));
    int expectL = 0;
    for (String op : new SweepReport(f).operations()) {
      for (int t : f.threads()) {
        expectL += ok.stream().filter(x -> x.threads() == t && x.ops().containsKey(op))
            .filter(x -> !Double.isNaN(x.ops().get(op).p99())).count() >= 2 ? 1 : 0;
      }
    }
    assertEquals(expectL, lat.path("spread").size(), "error bars on the latency chart: " + lat.path("spread"));

    // the knee, the recommended range, the limit
    Verdict v = f.verdict();
    for (JsonNode c : List.of(tput, lat)) {
      assertEquals(v.knee().found() ? 1 : 0, c.path("knee").size(), "knee on " + c.path("id"));
      if (v.rangeLow() > 0) {
        assertEquals(1, c.path("range").size(), "the recommended range on " + c.path("id"));
        JsonNode r = c.path("range").get(0);
        assertEquals(v.rangeLow(), r.path("data-low").asInt());
        assertEquals(v.rangeHigh(), r.path("data-high").asInt());
        assertTrue(r.path("text").asText().startsWith("recommended: " + v.rangeLow()), r.toString());
      } else {
        assertEquals(0, c.path("range").size(), "no range may be marked when the verdict recommends none: "
            + c.path("range"));
      }
    }
    assertEquals(0, tput.path("limit").size(), "the latency limit belongs on the latency chart");
    if (f.slaP99Ms() != null) {
      assertEquals(1, lat.path("limit").size(), "the --sla-p99 line");
      JsonNode l = lat.path("limit").get(0);
      assertEquals(f.slaP99Ms(), ReportProbe.number(l, "data-value"), 1e-9 + f.slaP99Ms() * 1e-5);
      assertTrue(l.path("text").asText().contains("p99 limit " + Verdict.latency(f.slaP99Ms() * 1000)),
          "the limit line's label: " + l);
    } else {
      assertEquals(0, lat.path("limit").size(), "no limit line without --sla-p99: " + lat.path("limit"));
    }

    // the tables: every thread count of every section, the recommended rows shaded
    assertEquals(new SweepReport(f).operations().size() + 1, p.path("tables").size(), "one table per section");
    for (JsonNode t : p.path("tables")) {
      assertEquals(f.threads().size(), t.path("rows").size(), "one row per thread count: " + t);
      for (int i = 0; i < f.threads().size(); i++) {
        assertEquals(String.valueOf(f.threads().get(i)), t.path("rows").get(i).get(0).asText());
      }
    }
    return p;
  }

  private static JsonNode bar(JsonNode chart, String series, int threads) {
    for (JsonNode b : chart.path("spread")) {
      if (b.path("data-series").asText().equals(series) && b.path("data-threads").asInt() == threads) {
        return b;
      }
    }
    throw new AssertionError("no error bar of " + series + " at " + threads + " threads: " + chart.path("spread"));
  }
}
