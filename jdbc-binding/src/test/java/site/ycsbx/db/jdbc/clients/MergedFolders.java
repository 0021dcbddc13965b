package site.ycsbx.db.jdbc.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static site.ycsbx.db.jdbc.clients.ClientProcesses.CLIENTS;
import static site.ycsbx.db.jdbc.clients.ClientProcesses.STARTED;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import site.ycsbx.db.jdbc.clients.ClientProcesses.Run;

/**
 * The clients' run folders merged with {@code bin/ycsb merge} and checked against the clients'
 * own folders, and compare run on the result: the many-clients tests' check of what they measured.
 */
final class MergedFolders {
  private MergedFolders() {
  }

  /** An HdrHistogram interval log's intervals added together (HdrHistogram's own reader), and the intervals. */
  static Histogram logTotal(Path log, List<EncodableHistogram> intervals) throws IOException {
    Histogram total = new Histogram(3);
    total.setAutoResize(true);
    HistogramLogReader reader = new HistogramLogReader(log.toFile());
    try {
      EncodableHistogram h;
      while ((h = reader.nextIntervalHistogram()) != null) {
        total.add((Histogram) h);
        intervals.add(h);
      }
    } finally {
      reader.close();
    }
    return total;
  }

  private static Set<String> logNames(Path dir) throws IOException {
    try (var files = Files.list(dir)) {
      return files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".hdr"))
          .map(n -> n.substring(0, n.length() - 4)).collect(java.util.stream.Collectors.toCollection(TreeSet::new));
    }
  }

  /**
   * The clients' real run folders (YCSBX_OUT/client-i), merged with {@code bin/ycsb merge} and
   * checked against them: counts the sums of the clients' (and of their console lines), every
   * merged log's total the sum of the clients' logs bucket for bucket, every percentile the merged
   * histogram's, returns and errors summed, throughput over the common window recomputed from the
   * clients' logs, and the timed phases (start_ms) within 1000 ms. Returns the merged result.json.
   * Without the common start instant the JVMs' start-up alone spreads them by seconds; with it a
   * loaded 2-core host (the suite runs its modules side by side) was seen at 153 and 515 ms.
   */
  static JsonNode mergedExactly(ClientProcesses processes, Path results, List<Run> runs) throws Exception {
    return mergedExactly(processes, results, runs, 1000);
  }

  /** As above, YCSB's clocks (start_ms) started within {@code startSpreadMs} of each other. */
  static JsonNode mergedExactly(ClientProcesses processes, Path results, List<Run> runs,
      long startSpreadMs) throws Exception {
    ObjectMapper mapper = new ObjectMapper();
    List<Path> dirs = new ArrayList<>();
    List<JsonNode> clients = new ArrayList<>();
    for (int i = 0; i < CLIENTS; i++) {
      Path dir = results.resolve("client-" + i);
      assertTrue(Files.isRegularFile(dir.resolve("result.json")), "YCSBX_OUT gives client " + i + " a run folder: " + dir);
      JsonNode r = mapper.readTree(dir.resolve("result.json").toFile());
      assertEquals(i, r.path("client").path("index").asInt(), dir.toString());
      assertEquals(CLIENTS, r.path("client").path("count").asInt());
      Matcher m = STARTED.matcher(runs.get(i).stdout());
      assertTrue(m.find());
      long started = Long.parseLong(m.group(1));
      long startMs = r.path("start_ms").asLong();
      assertTrue(startMs >= started && startMs - started < 2000, "client " + i + "'s timed phase (YCSB's clock) starts"
          + " after the start instant: start_ms " + startMs + ", started " + started);
      dirs.add(dir);
      clients.add(r);
    }
    long w0 = clients.stream().mapToLong(r -> r.path("start_ms").asLong()).max().getAsLong();
    long first = clients.stream().mapToLong(r -> r.path("start_ms").asLong()).min().getAsLong();
    long w1 = clients.stream().mapToLong(r -> r.path("end_ms").asLong()).min().getAsLong();
    System.out.println("[ManyClientsTest] YCSB's clocks (start_ms) started " + (w0 - first) + " ms apart");
    assertTrue(w0 - first < startSpreadMs, "the clients' timed phases (result.json start_ms) started " + (w0 - first)
        + " ms apart");

    Path merged = results.resolve("merged");
    List<String> args = new ArrayList<>(List.of("merge"));
    dirs.forEach(d -> args.add(d.toString()));
    args.addAll(List.of("--out", merged.toString()));
    Run m = processes.ycsb(args.toArray(String[]::new));
    assertEquals(0, m.exit(), m.all());
    assertTrue(m.stdout().contains("merged 3 clients into " + merged), m.stdout());
    JsonNode r = mapper.readTree(merged.resolve("result.json").toFile());

    Set<String> ops = new TreeSet<>();
    for (Path d : dirs) {
      ops.addAll(logNames(d));
    }
    assertFalse(ops.isEmpty());
    assertEquals(ops, logNames(merged), "one merged log per operation logged");
    // per client: calls logged (Intended- series left out) and, pro rata by time, inside the common window
    double[] logged = new double[CLIENTS];
    double[] inWindow = new double[CLIENTS];
    for (String op : ops) {
      Histogram sum = new Histogram(3);
      sum.setAutoResize(true);
      for (int c = 0; c < CLIENTS; c++) {
        List<EncodableHistogram> intervals = new ArrayList<>();
        Path log = dirs.get(c).resolve(op + ".hdr");
        if (!Files.exists(log)) {
          continue;
        }
        sum.add(logTotal(log, intervals));
        if (!op.startsWith("Intended-")) {
          for (EncodableHistogram h : intervals) {
            long len = h.getEndTimeStamp() - h.getStartTimeStamp();
            double part = len <= 0 ? (h.getStartTimeStamp() >= w0 && h.getStartTimeStamp() <= w1 ? 1 : 0)
                : Math.max(0, Math.min(h.getEndTimeStamp(), w1) - Math.max(h.getStartTimeStamp(), w0)) / (double) len;
            long n = ((Histogram) h).getTotalCount();
            logged[c] += n;
            inWindow[c] += n * part;
          }
        }
      }
      Histogram mergedLog = logTotal(merged.resolve(op + ".hdr"), new ArrayList<>());
      assertEquals(sum.getTotalCount(), mergedLog.getTotalCount(), op);
      assertEquals(sum, mergedLog, op + ": the merged log is bucket for bucket the sum of the clients' logs");
      JsonNode o = r.path("operations").path(op);
      JsonNode lat = o.path("latency_us");
      assertEquals(sum.getValueAtPercentile(50), lat.path("p50").asLong(), op);
      assertEquals(sum.getValueAtPercentile(95), lat.path("p95").asLong(), op);
      assertEquals(sum.getValueAtPercentile(99), lat.path("p99").asLong(), op);
      assertEquals(sum.getValueAtPercentile(99.9), lat.path("p99.9").asLong(), op);
      assertEquals(sum.getMaxValue(), lat.path("max").asLong(), op);
      if (op.startsWith("Intended-")) {
        continue;
      }
      long count = 0;
      Map<String, Long> returns = new TreeMap<>();
      for (int c = 0; c < CLIENTS; c++) {
        JsonNode co = clients.get(c).path("operations").path(op);
        count += co.path("count").asLong();
        Map<String, Long> own = new TreeMap<>();
        co.path("returns").fields().forEachRemaining(e -> own.put(e.getKey(), e.getValue().asLong()));
        assertEquals(consoleReturns(runs.get(c).stdout(), op), own, "client " + c + " " + op + ": as its console says");
        own.forEach((k, v) -> returns.merge(k, v, Long::sum));
      }
      assertEquals(count, o.path("count").asLong(), op + ": the clients' counts summed");
      assertEquals(count, sum.getTotalCount(), op + ": every call in the logs");
      Map<String, Long> mergedReturns = new TreeMap<>();
      o.path("returns").fields().forEachRemaining(e -> mergedReturns.put(e.getKey(), e.getValue().asLong()));
      assertEquals(returns, mergedReturns, op + ": return statuses (errors included) summed");
      long errors = returns.entrySet().stream().filter(e -> !e.getKey().equals("OK") && !e.getKey().equals("BATCHED_OK"))
          .mapToLong(Map.Entry::getValue).sum();
      assertTrue(m.stdout().matches("(?s).*\n" + op + " +" + count + " +[0-9.]+ +" + sum.getValueAtPercentile(50) + " +"
          + sum.getValueAtPercentile(95) + " +" + sum.getValueAtPercentile(99) + " +" + sum.getMaxValue() + " +" + errors
          + "\n.*"), m.stdout());
    }
    long total = clients.stream().mapToLong(c -> c.path("overall").path("operations").asLong()).sum();
    assertEquals(total, r.path("overall").path("operations").asLong());
    // throughput over the common window (the last start to the first end), when all the clients ran
    assertEquals(w0, r.path("start_ms").asLong());
    assertEquals(w1, r.path("end_ms").asLong());
    assertEquals(w1 - w0, r.path("overall").path("runtime_ms").asLong());
    double windowOps = 0;
    double sumOfRates = 0;
    for (int c = 0; c < CLIENTS; c++) {
      windowOps += clients.get(c).path("overall").path("operations").asLong() * inWindow[c] / logged[c];
      sumOfRates += clients.get(c).path("overall").path("throughput").asDouble();
    }
    double rate = windowOps / ((w1 - w0) / 1000.0);
    assertEquals(rate, r.path("overall").path("throughput").asDouble(), rate * 1e-9);
    System.out.printf(Locale.ROOT, "[ManyClientsTest] merged %s: %.0f ops/s over the common window of %d ms; the"
        + " clients' own rates add up to %.0f%n", r.path("phase").asText(), rate, w1 - w0, sumOfRates);
    assertTrue(rate > 0.5 * sumOfRates && rate < 1.5 * sumOfRates, rate + " vs " + sumOfRates);
    assertFalse(r.path("fingerprint").has("client.index"));
    assertEquals("3", r.path("fingerprint").path("client.count").asText());
    return r;
  }

  private static String ms(long micros) {
    double ms = micros / 1000.0;
    return String.format(Locale.ROOT, ms < 1 ? "%.3f" : ms < 100 ? "%.2f" : "%.1f", ms);
  }

  /**
   * compare with a client's run folder as A (2 threads) and the merged folder as B (3 clients of 2
   * threads: 6, so the rows read 2/6): B's figures are the merged ones.
   */
  static void compareAcceptsRealFolders(ClientProcesses processes, Path client, Path merged, JsonNode mergedResult)
      throws Exception {
    Path html = processes.tmp.resolve("compare.html");
    Run c = processes.ycsb("compare", client.toString(), merged.toString(), "--html", html.toString());
    assertEquals(0, c.exit(), c.all());
    assertTrue(Files.size(html) > 0);
    for (String op : List.of("READ", "UPDATE")) {
      JsonNode o = mergedResult.path("operations").path(op);
      Matcher m = Pattern.compile("(?m)^ +2/6 " + op + " +(\\S+) +(\\S+) +\\S+ +(\\S+) +(\\S+) +\\S+ +(\\S+) +(\\S+)")
          .matcher(c.stdout());
      assertTrue(m.find(), c.stdout());
      assertEquals(String.format(Locale.ROOT, "%.0f", o.path("throughput").asDouble()), m.group(2), c.stdout());
      assertEquals(ms(o.path("latency_us").path("p95").asLong()), m.group(4), c.stdout());
      assertEquals(ms(o.path("latency_us").path("p99").asLong()), m.group(6), c.stdout());
      Histogram a = logTotal(client.resolve(op + ".hdr"), new ArrayList<>());
      assertEquals(ms(a.getValueAtPercentile(99)), m.group(5), c.stdout());
    }
  }

  /** An operation's {@code [OP], Return=STATUS, N} lines. */
  private static Map<String, Long> consoleReturns(String stdout, String op) {
    Map<String, Long> out = new TreeMap<>();
    Matcher m = Pattern.compile("(?m)^\\[" + Pattern.quote(op) + "\\], Return=([A-Z_]+), (\\d+)$").matcher(stdout);
    while (m.find()) {
      out.put(m.group(1), Long.parseLong(m.group(2)));
    }
    return out;
  }

  static List<String> iterable(java.util.Iterator<String> it) {
    List<String> out = new ArrayList<>();
    it.forEachRemaining(out::add);
    return out;
  }
}
