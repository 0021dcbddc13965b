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
    // seen: one 30 ms outlier put a p99 of 5 µs on a ms axis (0.005): each chart's unit is from what it draws
    RunFolderFixture f = new RunFolderFixture(0, 1, "host-0", T0, 1000);
    for (int i = 0; i < 5; i++) {
      long[] reads = new long[200];
      for (int k = 0; k < reads.length; k++) {
        reads[k] = 100 + k;
      }
      reads[199] = i == 2 ? 70_000 : 299;
      f.interval("READ", reads);
    }
    Path mixed = f.write(tmp.resolve("mixed"));
    RunReport.write(mixed);
    Map<String, List<String>> m = texts(mixed);
    assertEquals("us", m.get("latency").get(0), "p50 and p99 over time stay under 300 µs");
    assertEquals("ms", m.get("percentiles").get(0), "the distribution reaches the 70 ms outlier");
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

  private static final String HOST_CHARTS = "return Array.from(document.querySelectorAll('div.ycsbx-host-chart')).map("
      + "function(d){var s=d.querySelector('svg');var r=s.getBoundingClientRect();return {kind:d.dataset.kind,"
      + "points:Number(d.dataset.points),width:r.width,paths:s.querySelectorAll('path,polyline').length,"
      + "text:Array.from(s.querySelectorAll('text')).map(function(t){return t.textContent;})};});";

  /** efficiency.csv with 6 samples: us 10..60 %, sy 5 %, wa 2 %, 100 KB/s read, 1000..6000 KB/s written. */
  private static void efficiencyCsv(Path dir) throws IOException {
    StringBuilder sb = new StringBuilder(site.ycsbx.measurements.EfficiencyCsv.HEADER).append('\n');
    List<String> header = List.of(site.ycsbx.measurements.EfficiencyCsv.HEADER.split(","));
    for (int i = 1; i <= 6; i++) {
      String[] v = new String[header.size()];
      java.util.Arrays.fill(v, "");
      v[0] = "sample";
      v[header.indexOf("end_epoch_ms")] = String.valueOf(T0 + 1000L * i);
      v[header.indexOf("us_pct")] = String.valueOf(10 * i);
      v[header.indexOf("sy_pct")] = "5";
      v[header.indexOf("wa_pct")] = "2";
      v[header.indexOf("rkb_sec")] = "100";
      v[header.indexOf("wkb_sec")] = String.valueOf(1000 * i);
      sb.append(String.join(",", v)).append('\n');
    }
    sb.append("run,").append(T0 + 6000).append(",6,6,1000").append(",".repeat(header.size() - 5)).append('\n');
    Files.writeString(dir.resolve(site.ycsbx.measurements.EfficiencyCsv.FILE), sb.toString());
  }

  @Test
  void theHostsCpuAndDiskAreChartedSecondBySecondFromEfficiencyCsv() throws IOException {
    Path dir = run("host", 5_000);
    efficiencyCsv(dir);
    RunReport.write(dir);
    JsonNode charts = HeadlessChromium.evaluate(dir.resolve(RunReport.FILE), HeadlessChromium.WIDTH, HOST_CHARTS);
    assertEquals(2, charts.size(), charts.toString());
    Map<String, JsonNode> byKind = new java.util.HashMap<>();
    charts.forEach(c -> byKind.put(c.path("kind").asText(), c));
    JsonNode cpu = byKind.get(HostCharts.CPU);
    JsonNode disk = byKind.get(HostCharts.DISK);
    for (JsonNode c : List.of(cpu, disk)) {
      assertEquals(6, c.path("points").asInt(), c.toString());
      assertTrue(c.path("width").asDouble() > 300 && c.path("paths").asInt() > 10, "drawn at a readable size: " + c);
    }
    List<String> cpuText = new ArrayList<>();
    cpu.path("text").forEach(x -> cpuText.add(x.asText()));
    assertTrue(cpuText.containsAll(List.of("host CPU", "us", "sy", "wa")), cpuText.toString());
    assertTrue(largestTick(cpuText) >= 60 && largestTick(cpuText) <= 70, "us reaches 60%: " + cpuText);
    List<String> diskText = new ArrayList<>();
    disk.path("text").forEach(x -> diskText.add(x.asText()));
    assertTrue(diskText.containsAll(List.of("disk", "read", "written")), diskText.toString());
    assertTrue(largestTick(diskText) >= 6_000 && largestTick(diskText) <= 7_000, "6000 KB/s written: " + diskText);
    assertFalse(Files.readString(dir.resolve(RunReport.FILE)).contains("host-charts-missing"));
  }

  @Test
  void withoutEfficiencyCsvOneLineSaysSoAndNothingIsDrawn() throws IOException {
    Path dir = run("none", 5_000);
    String page = Files.readString(dir.resolve(RunReport.FILE));
    assertFalse(page.contains("class=\"ycsbx-host-chart\""), "no chart without samples");
    Matcher m = Pattern.compile("<p class=\"note host-charts-missing\">([^<]*)</p>").matcher(page);
    assertTrue(m.find(), "one line says why");
    assertEquals("No efficiency.csv in this folder: no CPU or disk chart.", m.group(1));
    assertFalse(m.find(), "one line only");
  }

  @Test
  void aRealRunsSamplesAreCharted() throws IOException {
    Path dir = tmp.resolve("real");
    site.ycsbx.testing.JavaProcess.Result r = site.ycsbx.testing.JavaProcess.run(site.ycsbx.tools.Main.class.getName(),
        "run", "null", "-P", site.ycsbx.testing.JavaProcess.workload("workloada"), "-p", "recordcount=100",
        "-p", "operationcount=7500", "-target", "2500", "-p", "ycsbx.out=" + dir);
    assertEquals(0, r.exitCode(), r.all());
    long samples = Files.readAllLines(dir.resolve(site.ycsbx.measurements.EfficiencyCsv.FILE)).stream()
        .filter(l -> l.startsWith("sample,") || l.startsWith("before,")).count();
    assertTrue(samples >= 2, "a 3 s run samples every second: " + samples);
    JsonNode charts = HeadlessChromium.evaluate(dir.resolve(RunReport.FILE), HeadlessChromium.WIDTH, HOST_CHARTS);
    assertEquals(2, charts.size(), charts.toString());
    for (JsonNode c : charts) {
      assertEquals(samples, c.path("points").asLong(), c.toString());
    }
  }
}
