package site.ycsbx.tools.merge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import site.ycsbx.tools.sweep.OpStats;
import site.ycsbx.util.UserError;

/**
 * A run folder ({@code -p ycsbx.out=DIR}) or a merged one, read back: {@code result.json} and
 * one HdrHistogram interval log per operation ({@code <OP>.hdr}, microseconds, time stamps in
 * epoch ms). Unknown fields are ignored.
 */
public final class RunFolder {
  public static final String RESULT_FILE = "result.json";
  public static final String FORMAT = "ycsbx-run/1";
  static final String HDR_SUFFIX = ".hdr";

  /** One interval of one operation's log, its time stamps absolute (epoch ms). */
  public record Interval(long startMs, long endMs, Histogram histogram) {
  }

  final Path path;
  final JsonNode result;
  final Map<String, String> fingerprint = new LinkedHashMap<>();
  /** Operation name to its interval log; read when asked for (a long run's logs are large). */
  final Map<String, Path> logs = new TreeMap<>();

  private RunFolder(Path path, JsonNode result) {
    this.path = path;
    this.result = result;
  }

  /** True when {@code dir} holds a result.json (a run folder or a merged one). */
  public static boolean isRunFolder(Path dir) {
    return Files.isDirectory(dir) && Files.isRegularFile(dir.resolve(RESULT_FILE));
  }

  public static RunFolder read(Path dir) {
    if (!Files.isDirectory(dir)) {
      throw new UserError(dir + " is not a folder; give run folders (written with -p ycsbx.out=DIR)");
    }
    Path file = dir.resolve(RESULT_FILE);
    if (!Files.isRegularFile(file)) {
      throw new UserError(dir + " is not a run folder: it has no " + RESULT_FILE + " (written with -p ycsbx.out=DIR)");
    }
    JsonNode json;
    try {
      json = new ObjectMapper().readTree(file.toFile());
    } catch (IOException e) {
      throw new UserError(file + " is not JSON: " + String.valueOf(e.getMessage()).split("\n")[0]);
    }
    if (json == null || !FORMAT.equals(json.path("format").asText())) {
      throw new UserError(file + " is not a YCSB-X run result (format " + FORMAT + " expected, found "
          + (json == null ? "nothing" : json.path("format").asText("none")) + ")");
    }
    RunFolder r = new RunFolder(dir, json);
    for (Iterator<Map.Entry<String, JsonNode>> it = json.path("fingerprint").fields(); it.hasNext();) {
      Map.Entry<String, JsonNode> e = it.next();
      r.fingerprint.put(e.getKey(), e.getValue().isValueNode() ? e.getValue().asText() : e.getValue().toString());
    }
    try (Stream<Path> files = Files.list(dir)) {
      for (Path log : files.filter(f -> f.getFileName().toString().endsWith(HDR_SUFFIX)).sorted().toList()) {
        String name = log.getFileName().toString();
        r.logs.put(name.substring(0, name.length() - HDR_SUFFIX.length()), log);
      }
    } catch (IOException e) {
      throw new UserError("cannot read " + dir + ": " + e.getMessage());
    }
    return r;
  }

  /** The intervals of an operation's log, in log order; empty when the run has no such log. */
  public List<Interval> intervals(String op) {
    List<Interval> out = new ArrayList<>();
    forEachInterval(op, out::add);
    return out;
  }

  /**
   * Each interval of an operation's log in log order, read one at a time (a long run's log does
   * not fit in memory as histograms); nothing when the run has no such log.
   */
  public void forEachInterval(String op, Consumer<Interval> each) {
    Path log = logs.get(op);
    if (log == null) {
      return;
    }
    try {
      HistogramLogReader reader = new HistogramLogReader(log.toFile());
      try {
        EncodableHistogram h;
        while ((h = reader.nextIntervalHistogram()) != null) {
          if (!(h instanceof Histogram)) {
            throw new UserError(log + " holds a " + h.getClass().getSimpleName() + "; merge reads integer (us) histograms");
          }
          each.accept(new Interval(h.getStartTimeStamp(), h.getEndTimeStamp(), (Histogram) h));
        }
      } finally {
        reader.close();
      }
    } catch (IOException | RuntimeException e) {
      if (e instanceof UserError u) {
        throw u;
      }
      throw new UserError(log + " is not an HdrHistogram interval log: " + e);
    }
  }

  /** How many intervals an operation's log holds, counted from its lines without decoding them. */
  public int intervalCount(String op) {
    Path log = logs.get(op);
    if (log == null) {
      return 0;
    }
    try (Stream<String> lines = Files.lines(log)) {
      // an interval line starts with its time stamp (or a Tag=); comments and the legend do not
      return (int) lines.filter(l -> !l.isEmpty() && (Character.isDigit(l.charAt(0)) || l.startsWith("Tag="))).count();
    } catch (IOException | java.io.UncheckedIOException e) {
      throw new UserError("cannot read " + log + ": " + e.getMessage());
    }
  }

  public Path path() {
    return path;
  }

  public String phase() {
    return result.path("phase").asText("");
  }

  public long startMs() {
    return result.path("start_ms").asLong();
  }

  public long endMs() {
    return result.path("end_ms").asLong();
  }

  public long operations() {
    return result.path("overall").path("operations").asLong();
  }

  public double throughput() {
    return result.path("overall").path("throughput").asDouble(Double.NaN);
  }

  /** The client's index, -1 when absent (a merged folder). */
  public int clientIndex() {
    JsonNode i = result.path("client").path("index");
    return i.isInt() ? i.asInt() : -1;
  }

  public int clientCount() {
    return result.path("client").path("count").asInt(1);
  }

  public String host() {
    JsonNode h = result.path("client").path("host");
    return h.isValueNode() ? h.asText() : h.toString();
  }

  /** All intervals of an operation added together; null when it has no log or an empty one. */
  public Histogram total(String op) {
    Histogram[] sum = new Histogram[1];
    forEachInterval(op, i -> {
      if (sum[0] == null) {
        sum[0] = new Histogram(i.histogram().getNumberOfSignificantValueDigits());
        sum[0].setAutoResize(true);
      }
      sum[0].add(i.histogram());
    });
    return sum[0];
  }

  /** Failed calls of an operation: every return status but OK, from result.json. */
  public long errors(String op) {
    long n = 0;
    for (Iterator<Map.Entry<String, JsonNode>> it = result.path("operations").path(op).path("returns").fields();
        it.hasNext();) {
      Map.Entry<String, JsonNode> e = it.next();
      if (!e.getKey().equals("OK") && !e.getKey().equals("BATCHED_OK")) {
        n += e.getValue().asLong();
      }
    }
    return n;
  }

  /** The operations whose latencies were logged (not the Intended- series of a paced run). */
  public List<String> operationNames() {
    return logs.keySet().stream().filter(o -> !o.startsWith("Intended-")).toList();
  }

  /** The Intended- series of a paced run (latency from the intended start), by log name. */
  public List<String> intendedNames() {
    return logs.keySet().stream().filter(o -> o.startsWith("Intended-")).toList();
  }

  /**
   * Per-operation statistics for compare: counts from result.json (the log when absent),
   * percentiles from the interval logs added together, throughput over the run's time.
   */
  public Map<String, OpStats> opStats() {
    Map<String, OpStats> out = new LinkedHashMap<>();
    double seconds = result.path("overall").path("runtime_ms").asDouble(endMs() - startMs()) / 1000.0;
    JsonNode perOp = result.path("operations");
    for (String op : operationNames()) {
      Histogram h = total(op);
      long count = perOp.path(op).path("count").asLong(h == null ? 0 : h.getTotalCount());
      double rate = perOp.path(op).path("throughput").asDouble(seconds > 0 ? count / seconds : Double.NaN);
      out.put(op, h == null || h.getTotalCount() == 0
          ? new OpStats(op, count, rate, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, errors(op))
          : new OpStats(op, count, rate, h.getValueAtPercentile(50), h.getValueAtPercentile(95),
              h.getValueAtPercentile(99), h.getValueAtPercentile(99.9), h.getMaxValue(), errors(op)));
    }
    return out;
  }

  public Map<String, String> fingerprint() {
    return fingerprint;
  }

  /** result.json as read. */
  public JsonNode result() {
    return result;
  }
}
