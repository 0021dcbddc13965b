package site.ycsbx.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes a run folder as the contract of {@code -p ycsbx.out=DIR} describes it: result.json and
 * one interval log per operation written by HdrHistogram's own HistogramLogWriter (StartTime and
 * BaseTime in epoch ms, microsecond values), so merge and compare are tested against the format,
 * not against YCSB-X's writer. Its result.json has the fields, nesting and value types of the real
 * writer's ({@code site.ycsbx.results.RunFolder}), CLEANUP and the Intended- series included,
 * and its logs the same header lines: MergeTest checks both against a real run's folder.
 */
public final class RunFolderFixture {
  private final int index;
  private final int count;
  private final String host;
  private final long startMs;
  private final long intervalMs;
  private final Map<String, String> fingerprint = new LinkedHashMap<>();
  private String besideWhy;
  private boolean cpuMarked;
  /** result.json's others: counter fields (server_/run_, tables_/sent_ pairs) as a client judged them. */
  private final Map<String, Long> otherCounters = new LinkedHashMap<>();
  /** Operation to its intervals, each a list of latencies (µs). */
  private final Map<String, List<long[]>> intervals = new TreeMap<>();
  private final Map<String, Map<String, Long>> returns = new TreeMap<>();
  private String phase = "run";
  private String unitOperation;
  public static final int THREADS = 4;
  private long[] outages = {0, 0};
  private double outageSeconds;
  private final Map<String, String> extraFields = new LinkedHashMap<>();

  public RunFolderFixture(int index, int count, String host, long startMs, long intervalMs) {
    this.index = index;
    this.count = count;
    this.host = host;
    this.startMs = startMs;
    this.intervalMs = intervalMs;
    fingerprint.put("ycsbx.version", "0.1.0-SNAPSHOT");
    fingerprint.put("binding", "jdbc");
    fingerprint.put("server.product", "MariaDB 11.4");
    fingerprint.put("threads", String.valueOf(THREADS));
    fingerprint.put("workload", "site.ycsb.workloads.CoreWorkload");
    fingerprint.put("phase", phase);
    fingerprint.put("client.host", host);
    fingerprint.put("client.index", String.valueOf(index));
    fingerprint.put("client.count", String.valueOf(count));
  }

  /** The client ran beside other load, for this reason (result.json's others). */
  public RunFolderFixture besideOtherLoad(String why) {
    besideWhy = why;
    cpuMarked = true;
    return this;
  }

  /**
   * The client's server counters as result.json's others gives them: {@code whole} what the server
   * gained ({@code server_KEY}, or {@code tables_KEY} with {@code tables}), {@code own} this client's
   * part ({@code run_KEY} / {@code sent_KEY}); marked as the client would have marked it.
   */
  public RunFolderFixture otherCounters(String key, long whole, long own, boolean tables) {
    otherCounters.put((tables ? "tables_" : "server_") + key, whole);
    otherCounters.put((tables ? "sent_" : "run_") + key, own);
    if (whole - own > 1000 && whole - own > own / 2 && besideWhy == null) {
      besideWhy = "server: " + key + " " + whole + " against this run's " + own;
      cpuMarked = false;
    }
    return this;
  }

  public RunFolderFixture phase(String p) {
    phase = p;
    fingerprint.put("phase", p);
    return this;
  }

  /** The operation the family declares as timing its unit as a whole (sysbench's TRANSACTION). */
  public RunFolderFixture unitOperation(String op) {
    unitOperation = op;
    return this;
  }

  /** The outages the run met, as result.json's outages gives them (none by default). */
  public RunFolderFixture outages(long count, double seconds, long beforeStart) {
    outages = new long[] {count, beforeStart};
    outageSeconds = seconds;
    return this;
  }

  public RunFolderFixture fingerprint(String key, String value) {
    fingerprint.put(key, value);
    return this;
  }

  /** A top-level result.json field the real writer does not write (a later version's): readers ignore it. */
  public RunFolderFixture extraField(String key, String value) {
    extraFields.put(key, value);
    return this;
  }

  /** Adds the next interval of {@code op} with these latencies (µs). */
  public RunFolderFixture interval(String op, long... latencies) {
    intervals.computeIfAbsent(op, k -> new ArrayList<>()).add(latencies);
    return this;
  }

  public RunFolderFixture returns(String op, String status, long n) {
    returns.computeIfAbsent(op, k -> new TreeMap<>()).put(status, n);
    return this;
  }

  public long endMs() {
    return startMs + intervals.values().stream().mapToLong(List::size).max().orElse(0) * intervalMs;
  }

  public Path write(Path dir) throws IOException {
    Files.createDirectories(dir);
    long ops = 0;
    ObjectMapper mapper = new ObjectMapper();
    ObjectNode r = mapper.createObjectNode();
    r.put("format", "ycsbx-run/1");
    r.put("phase", phase);
    r.put("binding", "jdbc");
    r.put("workload", "site.ycsb.workloads.CoreWorkload");
    ObjectNode c = r.putObject("client");
    c.put("index", index);
    c.put("count", count);
    c.put("host", host);
    r.put("start_ms", startMs);
    r.put("end_ms", endMs());
    r.put("warmup_s", 0.0);
    r.put("command", "bin/ycsb " + phase + " jdbc -P workloads/workloada");
    r.put("unit_operation", unitOperation);
    r.putNull("interrupted");
    ObjectNode others = r.putObject("others");
    others.put("marked", besideWhy != null);
    others.put("why", besideWhy == null ? "" : besideWhy);
    others.put("cpu_pct", cpuMarked ? 41.0 : 1.5);
    others.put("cpu_threshold_pct", 10.0);
    others.put("server_threshold_pct", 50.0);
    others.put("server_shared", false);
    otherCounters.forEach(others::put);
    // the null binding counts no tables (result.json's tables: null)
    r.putNull("tables");
    r.putObject("outages").put("count", outages[0]).put("seconds", outageSeconds).put("before_start", outages[1])
        .put("operations_lost", 0).put("gave_up", false);
    // the size at the end as the null binding reports it (nothing stored); extraFields may replace them
    r.putObject("headline").put("db_size_mb", 0.0);
    ObjectNode size = r.putObject("data_size");
    size.put("tables", "usertable");
    for (String bytes : List.of("data_bytes", "index_bytes", "storage_bytes", "memtable_bytes", "cache_bytes")) {
      size.put(bytes, bytes.equals("memtable_bytes") || bytes.equals("cache_bytes") ? -1 : 0);
    }
    size.put("source", "nothing stored (null binding)");
    size.put("line", "size of usertable: 0 B (nothing stored (null binding))");
    ObjectNode fp = r.putObject("fingerprint");
    fingerprint.forEach(fp::put);
    extraFields.forEach(r::put);
    ObjectNode overall = r.putObject("overall");
    ObjectNode opsNode = r.putObject("operations");
    // as YCSB exports them: every series in name order, YCSB's DB cleanup (one per thread, never logged) included
    Map<String, Histogram> totals = new TreeMap<>();
    Histogram cleanup = new Histogram(3);
    for (int t = 0; t < THREADS; t++) {
      cleanup.recordValue(20 + t);
    }
    totals.put("CLEANUP", cleanup);
    if (intervals.keySet().stream().anyMatch(op -> op.startsWith("Intended-"))) {
      totals.put("Intended-CLEANUP", cleanup);
    }
    for (Map.Entry<String, List<long[]>> e : intervals.entrySet()) {
      Histogram total = new Histogram(3);
      total.setAutoResize(true);
      e.getValue().forEach(values -> java.util.Arrays.stream(values).forEach(total::recordValue));
      totals.put(e.getKey(), total);
      if (!e.getKey().startsWith("Intended-")) {
        ops += total.getTotalCount();
      }
      writeLog(dir, e.getKey(), e.getValue());
    }
    for (Map.Entry<String, Histogram> e : totals.entrySet()) {
      Histogram h = e.getValue();
      ObjectNode o = opsNode.putObject(e.getKey());
      o.put("count", h.getTotalCount());
      ObjectNode ret = o.putObject("returns");
      // return statuses are counted per call: the Intended- series and CLEANUP have none
      if (!e.getKey().startsWith("Intended-") && !e.getKey().equals("CLEANUP")) {
        Map<String, Long> statuses = returns.getOrDefault(e.getKey(), Map.of());
        long failed = statuses.values().stream().mapToLong(Long::longValue).sum();
        ret.put("OK", h.getTotalCount() - failed);
        statuses.forEach(ret::put);
      }
      ObjectNode summary = o.putObject("summary");
      summary.put("Operations", h.getTotalCount());
      summary.put("AverageLatency(us)", h.getMean());
      summary.put("MinLatency(us)", h.getMinValue());
      summary.put("MaxLatency(us)", h.getMaxValue());
      summary.put("95thPercentileLatency(us)", h.getValueAtPercentile(95));
      summary.put("99thPercentileLatency(us)", h.getValueAtPercentile(99));
    }
    overall.put("runtime_ms", endMs() - startMs);
    overall.put("operations", ops);
    overall.put("throughput", ops * 1000.0 / (endMs() - startMs));
    mapper.writerWithDefaultPrettyPrinter().writeValue(dir.resolve("result.json").toFile(), r);
    Files.writeString(dir.resolve("summary.txt"), "[OVERALL], Throughput(ops/sec), " + overall.get("throughput") + "\n");
    return dir;
  }

  private void writeLog(Path dir, String op, List<long[]> values) throws IOException {
    try (PrintStream ps = new PrintStream(new FileOutputStream(dir.resolve(op + ".hdr").toFile()), false,
        StandardCharsets.UTF_8)) {
      HistogramLogWriter w = new HistogramLogWriter(ps);
      w.outputComment("[Logging for: " + op + "] YCSB-X, latencies in microseconds");
      w.outputLogFormatVersion();
      w.outputStartTime(startMs);
      w.setBaseTime(startMs);
      w.outputBaseTime(startMs);
      w.outputLegend();
      long t = startMs;
      for (long[] interval : values) {
        Histogram h = new Histogram(3);
        h.setAutoResize(true);
        for (long v : interval) {
          h.recordValue(v);
        }
        h.setStartTimeStamp(t);
        h.setEndTimeStamp(t + intervalMs);
        w.outputIntervalHistogram(h);
        t += intervalMs;
      }
    }
  }
}
