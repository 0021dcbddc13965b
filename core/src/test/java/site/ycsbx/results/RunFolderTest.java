package site.ycsbx.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogProcessor;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.measurements.Efficiency;
import site.ycsbx.measurements.ResultExporter;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.SignalledRun;
import site.ycsbx.tools.Main;

/**
 * {@code bin/ycsb ... -p ycsbx.out=DIR} end to end (a JVM per run, as users start it): the folder's
 * files, each count equal in summary.txt, result.json and the HdrHistogram logs (read back with
 * HdrHistogram's own reader and HistogramLogProcessor), the warm-up's operations absent from
 * every output, a non-empty folder refused, an interrupted run's folder, the load's progress line.
 */
@Tag("slow")
class RunFolderTest {
  private static final Pattern UNRECORDED = Pattern.compile("warm-up of 1 s: (\\d+) operations ran unrecorded");

  /** A paced load of the null binding: 2 s of inserts, the first second a warm-up. */
  @Test
  void aLoadWithAWarmUpLeavesAConsistentFolderWithoutTheWarmUpsOperations(@TempDir Path tmp) throws Exception {
    Path dir = tmp.resolve("run");
    Result r = JavaProcess.run(Main.class.getName(), "load", "null", "-P", JavaProcess.workload("workloada"),
        "-p", "recordcount=4000", "-target", "2000", "-threads", "2", "-p", "ycsbx.warmup=1",
        "-p", "ycsbx.interval=0.5", "-p", "ycsbx.progress=0.5", "-p", "ycsbx.out=" + dir);
    assertEquals(0, r.exitCode(), r.all());
    Matcher m = UNRECORDED.matcher(r.stderr());
    assertTrue(m.find(), r.stderr());
    long warmup = Long.parseLong(m.group(1));
    // about 2000 inserts in the warm-up's second; the rest are the measured part
    assertTrue(warmup > 1000 && warmup < 3000, r.stderr());
    long measured = 4000 - warmup;

    Map<String, Long> summary = operations(Files.readString(dir.resolve(RunFolder.SUMMARY_FILE)));
    assertEquals(measured, summary.get("INSERT"), "summary.txt");
    assertEquals(measured, summary.get("Intended-INSERT"), "summary.txt");
    // the console's copy of the export has the same operations as summary.txt, but YCSB's CLEANUP
    Map<String, Long> withoutCleanup = new TreeMap<>(summary);
    withoutCleanup.remove("CLEANUP");
    withoutCleanup.remove("Intended-CLEANUP");
    assertEquals(withoutCleanup, operations(r.stdout()));
    assertFalse(r.stdout().contains("[FINGERPRINT], "), "the fingerprint was printed at the start: " + r.stdout());
    assertTrue(r.stderr().contains("[SUMMARY] whole export: " + dir.resolve(RunFolder.SUMMARY_FILE)), r.stderr());
    String text = Files.readString(dir.resolve(RunFolder.SUMMARY_FILE));
    assertTrue(text.contains("[INSERT], Return=OK, " + measured + "\n"), text);
    assertTrue(text.contains("[ERRORS] OK: " + measured + " operations, 0 failed"), text);
    assertTrue(text.contains("[FINGERPRINT], binding, null\n"), text);

    JsonNode json = new ObjectMapper().readTree(dir.resolve(RunFolder.RESULT_FILE).toFile());
    assertEquals("ycsbx-run/1", json.path("format").asText());
    assertEquals("load", json.path("phase").asText());
    assertEquals("null", json.path("binding").asText());
    assertEquals("site.ycsb.workloads.CoreWorkload", json.path("workload").asText());
    assertEquals(0, json.path("client").path("index").asInt());
    assertEquals(1, json.path("client").path("count").asInt());
    assertFalse(json.path("client").path("host").asText().isEmpty());
    assertEquals(1.0, json.path("warmup_s").asDouble());
    assertTrue(json.path("interrupted").isNull());
    assertEquals("null", json.path("fingerprint").path("binding").asText());
    assertEquals(measured, json.path("operations").path("INSERT").path("count").asLong());
    assertEquals(measured, json.path("operations").path("INSERT").path("returns").path("OK").asLong());
    assertEquals(measured, json.path("operations").path("Intended-INSERT").path("count").asLong());
    // the size at the end, for machines: the null binding's usertable holds nothing, and no cache to hold it against
    assertEquals("usertable", json.path("data_size").path("tables").asText(), json.toString());
    assertEquals(0, json.path("data_size").path("storage_bytes").asLong(), json.toString());
    assertEquals(-1, json.path("data_size").path("cache_bytes").asLong(), json.toString());
    assertEquals(0.0, json.path("headline").path("db_size_mb").asDouble(-1), json.toString());
    assertTrue(text.contains("[SIZE] usertable: data 0 B, cache none (null binding)"), text);
    // [OVERALL] covers the measured part only: its operations, over the time after the warm-up
    JsonNode overall = json.path("overall");
    assertEquals(measured, overall.path("operations").asLong(), json.toString());
    long runtime = overall.path("runtime_ms").asLong();
    assertTrue(runtime > 700 && runtime < 1500, json.toString());
    assertEquals(1000.0 * measured / runtime, overall.path("throughput").asDouble(), 1.0);
    assertTrue(text.contains("[OVERALL], RunTime(ms), " + runtime + "\n"), text);
    long start = json.path("start_ms").asLong();
    assertEquals(start + runtime, json.path("end_ms").asLong());

    // the logs hold exactly the summary's values, interval by interval, from the warm-up's end on
    for (String op : List.of("INSERT", "Intended-INSERT")) {
      Path log = dir.resolve(op + ".hdr");
      List<Histogram> intervals = read(log);
      assertTrue(intervals.size() >= 2, op + ": " + intervals.size() + " intervals");
      Histogram all = new Histogram(3);
      for (Histogram h : intervals) {
        assertTrue(h.getStartTimeStamp() >= start - 50, op + " interval before the warm-up's end");
        all.add(h);
      }
      assertEquals(measured, all.getTotalCount(), op);
      assertEquals(json.path("operations").path(op).path("summary").path("MaxLatency(us)").asLong(),
          all.getMaxValue(), op);
      assertEquals(json.path("operations").path(op).path("summary").path("99thPercentileLatency(us)").asLong(),
          all.getValueAtPercentile(99), op);
      // the first interval starts with the first measured operation, right after the warm-up
      Matcher st = Pattern.compile("#\\[StartTime: (\\d+)\\.(\\d{3}) ").matcher(Files.readString(log));
      assertTrue(st.find(), Files.readString(log));
      long startTime = Long.parseLong(st.group(1)) * 1000 + Long.parseLong(st.group(2));
      assertTrue(startTime >= start && startTime < start + 250, startTime + " vs start_ms " + start);
      assertTrue(Files.readString(log).contains("#[BaseTime: " + st.group(1) + "." + st.group(2) + " "));
      // HdrHistogram's own tool reads them
      Path out = tmp.resolve(op + ".percentiles");
      new HistogramLogProcessor(new String[] {"-i", log.toString(), "-o", out.toString()}).run();
      String p = Files.readString(out);
      assertTrue(p.contains(" T:" + measured + " ("), p);
      String hgrm = Files.readString(Path.of(out + ".hgrm"));
      Matcher total = Pattern.compile("Total count\\s*=\\s*(\\d+)").matcher(hgrm);
      assertTrue(total.find(), hgrm);
      assertEquals(measured, Long.parseLong(total.group(1)), hgrm);
    }
    // so do the interval rows of the export: their operations add up to the measured ones
    Matcher row = Pattern.compile("(?m)^\\[INTERVAL-INSERT\\], [\\d.]+s Operations, (\\d+)$").matcher(text);
    long rows = 0;
    while (row.find()) {
      rows += Long.parseLong(row.group(1));
    }
    assertEquals(measured, rows, text);

    // ycsbx.progress=0.5 (once the progress line's period) agrees with the interval: no note
    assertFalse(r.stderr().contains("[YCSB-X] ycsbx.progress"), r.stderr());
    assertTrue(Pattern.compile("(?m)^\\[STATUS\\] +[\\d.]+ s load +\\d+/4000 ops +[\\d.]+% \\| +\\d+ ops/s now, +\\d+ avg"
        + " \\| ETA +\\d+ s \\| INSERT +\\d+/s p50 .* ms p99 .* ms( \\| others \\d+% CPU)?$").matcher(r.stderr()).find(), r.stderr());
  }

  /**
   * With -s (YCSB's status thread swaps YCSB's histograms itself) the intervals keep recorders of
   * their own: the folder is as consistent.
   */
  @Test
  void withYcsbsStatusThreadTheLogsStillHoldEveryMeasuredOperation(@TempDir Path tmp) throws Exception {
    Path dir = tmp.resolve("run");
    Result r = JavaProcess.run(Main.class.getName(), "run", "null", "-P", JavaProcess.workload("workloada"),
        "-p", "recordcount=100", "-p", "operationcount=50000", "-s", "-p", "ycsbx.interval=0.2",
        "-p", "ycsbx.out=" + dir);
    assertEquals(0, r.exitCode(), r.all());
    JsonNode json = new ObjectMapper().readTree(dir.resolve(RunFolder.RESULT_FILE).toFile());
    long reads = json.path("operations").path("READ").path("count").asLong();
    long updates = json.path("operations").path("UPDATE").path("count").asLong();
    assertEquals(50000, reads + updates, json.toString());
    for (String op : List.of("READ", "UPDATE")) {
      Histogram all = new Histogram(3);
      read(dir.resolve(op + ".hdr")).forEach(all::add);
      assertEquals(json.path("operations").path(op).path("count").asLong(), all.getTotalCount(), op);
    }
  }

  @Test
  void aFolderThatHoldsAnythingIsRefusedBeforeTheRun(@TempDir Path tmp) throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("earlier"));
    Files.writeString(dir.resolve("result.json"), "{}");
    Result r = JavaProcess.run(Main.class.getName(), "load", "null", "-P", JavaProcess.workload("workloada"),
        "-p", "recordcount=10", "-p", "ycsbx.out=" + dir);
    assertEquals(2, r.exitCode(), r.all());
    assertEquals(List.of("ycsb: ycsbx.out=" + dir + " is not empty (it may hold an earlier run); ycsbx.out accepts a"
        + " new or empty folder"), r.stderrLines(), r.all());
    assertFalse(r.stdout().contains("[OVERALL]"), r.stdout());
    try (Stream<Path> s = Files.list(dir)) {
      assertEquals(List.of(dir.resolve("result.json")), s.toList());
    }
    assertEquals("{}", Files.readString(dir.resolve("result.json")));
  }

  /** YCSB-X's workloads (timed through OpTimer) reach the same hook: filemeta on a memory store. */
  @Test
  void aStoreWorkloadsOperationsReachTheFolder(@TempDir Path tmp) throws Exception {
    Path dir = tmp.resolve("run");
    Result r = JavaProcess.run(Main.class.getName(), "load", "memory-filemeta", "-P",
        JavaProcess.workload("filemeta"), "-p", "filemeta.files=2000", "-p", "ycsbx.interval=0",
        "-p", "ycsbx.out=" + dir);
    assertEquals(0, r.exitCode(), r.all());
    JsonNode json = new ObjectMapper().readTree(dir.resolve(RunFolder.RESULT_FILE).toFile());
    Map<String, Long> summary = operations(Files.readString(dir.resolve(RunFolder.SUMMARY_FILE)));
    assertFalse(summary.isEmpty());
    summary.remove("CLEANUP"); // YCSB's DB cleanup per thread: in the summary, not a workload's operation
    assertTrue(summary.containsKey("LOAD_FILES"), summary.toString());
    for (Map.Entry<String, Long> op : summary.entrySet()) {
      assertEquals(op.getValue(), json.path("operations").path(op.getKey()).path("count").asLong(), op.getKey());
      Histogram all = new Histogram(3);
      read(dir.resolve(op.getKey() + ".hdr")).forEach(all::add);
      assertEquals((long) op.getValue(), all.getTotalCount(), op.getKey());
    }
    // ycsbx.interval=0: no status lines, one histogram for the whole run in each log
    assertFalse(r.stderr().contains("[STATUS]"), r.stderr());
    assertEquals(1, read(dir.resolve("LOAD_FILES.hdr")).size());
  }

  @Test
  void anInterruptedRunStillLeavesItsFolderMarked(@TempDir Path tmp) throws Exception {
    Path dir = tmp.resolve("run");
    Result r = SignalledRun.run("TERM", 2000, "run", "null", "-P", JavaProcess.workload("workloada"),
        "-p", "recordcount=1000", "-p", "operationcount=2000000000", "-threads", "2", "-p", "ycsbx.out=" + dir,
        "-p", "ycsbx.interval=0.5");
    assertEquals(143, r.exitCode(), r.all());
    JsonNode json = new ObjectMapper().readTree(dir.resolve(RunFolder.RESULT_FILE).toFile());
    assertEquals("SIGTERM", json.path("interrupted").path("signal").asText(), json.toString());
    assertTrue(json.path("interrupted").path("at_ms").asLong() >= json.path("start_ms").asLong(), json.toString());
    long reads = json.path("operations").path("READ").path("count").asLong();
    assertTrue(reads > 0, json.toString());
    Histogram all = new Histogram(3);
    read(dir.resolve("READ.hdr")).forEach(all::add);
    assertEquals(reads, all.getTotalCount());
    assertTrue(Files.readString(dir.resolve(RunFolder.SUMMARY_FILE)).contains("[INTERRUPTED], signal, SIGTERM"));
    // its report.html too, marked, with what it measured
    String page = Files.readString(dir.resolve("report.html"));
    assertTrue(page.contains("<th scope=\"row\">interrupted</th><td>SIGTERM at "), page);
    assertEquals(reads, site.ycsbx.testing.RunReportChecks.number(page, "operations", "READ", "count"));
  }

  /** {@code [OP], Operations, N} of an export in YCSB's text format. */
  static Map<String, Long> operations(String text) {
    Map<String, Long> ops = new TreeMap<>();
    Matcher m = Pattern.compile("(?m)^\\[([^\\]]+)\\], Operations, (\\d+)$").matcher(text);
    while (m.find()) {
      // the error summary and the efficiency table count operations too; they are not operations
      if (!m.group(1).equals(ResultExporter.ERRORS_METRIC) && !m.group(1).equals(Efficiency.METRIC)) {
        ops.put(m.group(1), Long.parseLong(m.group(2)));
      }
    }
    return ops;
  }

  static List<Histogram> read(Path log) throws IOException {
    List<Histogram> out = new ArrayList<>();
    HistogramLogReader reader = new HistogramLogReader(log.toFile());
    EncodableHistogram h;
    while ((h = reader.nextIntervalHistogram()) != null) {
      out.add((Histogram) h);
    }
    return out;
  }
}
