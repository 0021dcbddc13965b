package site.ycsbx.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import site.ycsbx.tools.sweep.PointResult;
import site.ycsbx.tools.sweep.SweepFile;
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

  /** Opens sweep.html in headless Chromium: both charts in the DOM, a screenshot with a picture in it. */
  public static void assertRenders(Path html) throws IOException {
    HeadlessChromium.Rendered r = HeadlessChromium.open(html, html.getParent());
    assertEquals(2, HeadlessChromium.count(r.dom(), "<svg"), "charts missing from the rendered DOM");
    assertTrue(r.dom().contains("threads (log2)"), "the thread axis is missing");
    assertTrue(r.dom().contains("<polyline") || r.dom().contains("<path") || r.dom().contains("<line"),
        "no chart lines in the DOM");
    assertTrue(r.colours() > 20, "the screenshot looks blank: " + r.colours() + " colours");
  }
}
