package site.ycsbx.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.testing.HeadlessChromium;
import site.ycsbx.testing.RunFolderFixture;

/** report.html as a person reads it: the title names the workload, the latency axes a unit that suits the data. */
@Tag("process")
class RunReportReadingTest {
  private static final long T0 = 1_790_000_000_000L;
  private static final String CHART_TEXT = "return Array.from(document.querySelectorAll('div.ycsbx-chart')).map("
      + "function(d){return {op:d.dataset.op,kind:d.dataset.kind,unit:d.dataset.unit||'',"
      + "text:Array.from(d.querySelectorAll('svg text'))"
      + ".map(function(t){return t.textContent;})};});";

  @TempDir
  Path tmp;

  /** A run whose READs take from 100 µs up to {@code slowest} µs, over 5 one-second intervals. */
  private Path run(String name, long slowest) throws IOException {
    RunFolderFixture f = new RunFolderFixture(0, 1, "host-0", T0, 1000);
    for (int i = 0; i < 5; i++) {
      long[] reads = new long[200];
      for (int k = 0; k < reads.length; k++) {
        reads[k] = 100 + (slowest - 100) * k / (reads.length - 1);
      }
      f.interval("READ", reads);
    }
    Path dir = f.write(tmp.resolve(name));
    RunReport.write(dir);
    return dir;
  }

  @Test
  void theTitleNamesTheWorkloadAsTheSummaryDoesNotItsClass() throws IOException {
    String page = Files.readString(run("core", 5_000).resolve(RunReport.FILE));
    assertTrue(page.contains("<title>YCSB-X run: YCSB&#39;s core workload on jdbc</title>")
        || page.contains("<title>YCSB-X run: YCSB's core workload on jdbc</title>"), page.substring(0, 400));
    String head = page.substring(page.indexOf("<title>"), page.indexOf("</h1>"));
    assertFalse(head.contains("site.ycsb"), "no class name in the title: " + head);
    assertTrue(page.contains("site.ycsb.workloads.CoreWorkload"), "the class is still in the what-ran table");
    assertEquals("iibench", RunReport.workloadName(Map.of(), "site.ycsbx.workloads.iibench.IIBenchWorkload"));
    assertEquals("linkbench", RunReport.workloadName(Map.of(), "site.ycsbx.workloads.linkbench.LinkBenchWorkload"));
    // stock YCSB output read back records its -P files: their names say the most
    assertEquals("workloada", RunReport.workloadName(Map.of("workload.files", "workloads/workloada"),
        "site.ycsb.workloads.CoreWorkload"));
  }

  @Test
  void latencyOfTensOfMillisecondsIsDrawnInMillisecondsAndTheAxisSaysSo() throws IOException {
    // seen: latency drawn in µs up to 70,000
    // (the axis label, "latency (ms)", is rotated text, drawn as outlines: data-unit says it to scripts)
    Map<String, List<String>> slow = texts(run("slow", 70_000));
    for (String kind : List.of("latency", "percentiles")) {
      List<String> t = slow.get(kind);
      assertEquals("ms", t.get(0), kind);
      assertTrue(largestTick(t) >= 50 && largestTick(t) <= 100, "ticks in ms, up to about 70: " + t);
    }
    // a fast run keeps µs: 0.1 to 5 ms would read as fractions
    Map<String, List<String>> fast = texts(run("fast", 5_000));
    for (String kind : List.of("latency", "percentiles")) {
      List<String> t = fast.get(kind);
      assertEquals("us", t.get(0), kind);
      assertTrue(largestTick(t) >= 4_000, "ticks in µs: " + t);
    }
    assertEquals("", fast.get("throughput").get(0), "no latency unit on the throughput chart");
  }

  /** READ's charts as Chromium laid them out: kind to its unit (data-unit), then the texts of its SVG. */
  private static Map<String, List<String>> texts(Path dir) throws IOException {
    JsonNode charts = HeadlessChromium.evaluate(dir.resolve(RunReport.FILE), HeadlessChromium.WIDTH, CHART_TEXT);
    Map<String, List<String>> out = new java.util.HashMap<>();
    for (JsonNode c : charts) {
      List<String> t = new ArrayList<>();
      t.add(c.path("unit").asText());
      c.path("text").forEach(x -> t.add(x.asText()));
      out.put(c.path("kind").asText(), t);
    }
    return out;
  }

  /** The largest plain number among a chart's texts (tick labels; 90% and the like are left out). */
  private static double largestTick(List<String> texts) {
    double max = 0;
    Pattern number = Pattern.compile("^[0-9][0-9,]*(\\.[0-9]+)?$");
    for (String t : texts) {
      Matcher m = number.matcher(t.trim());
      if (m.matches()) {
        max = Math.max(max, Double.parseDouble(t.trim().replace(",", "")));
      }
    }
    return max;
  }
}
