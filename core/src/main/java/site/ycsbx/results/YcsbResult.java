package site.ycsbx.results;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import site.ycsbx.util.UserError;

/**
 * The results of one YCSB run read back from what YCSB wrote: its text output ({@code [READ],
 * 99thPercentileLatency(us), 512}), its JSON exporter (a sequence of {metric, measurement,
 * value} objects) or its JSON-array exporter; YCSB-X's exports add {@code FINGERPRINT} records.
 * Stock YCSB 0.17 writes no fingerprint; when its "Command line:" echo was captured too, the
 * thread count, workload files and DB class are taken from it.
 */
public final class YcsbResult {
  private static final Pattern TEXT_RECORD = Pattern.compile("^\\[([^\\]]+)\\],\\s*([^,]+),\\s*(.*)$");
  private static final Pattern COMMAND_LINE = Pattern.compile("^Command line:(.*)$");
  private static final Pattern PRINTED_ENTRY = Pattern.compile("^  (\\S+) +: (.*)$");

  // YCSB times failed calls under OP-FAILED, or OP-<STATUS> with reportlatencyforeacherror
  private static final Pattern FAILURE_SERIES = Pattern.compile(
      ".*-(FAILED|ERROR|NOT_FOUND|NOT_IMPLEMENTED|UNEXPECTED_STATE|BAD_REQUEST|FORBIDDEN|SERVICE_UNAVAILABLE)$");

  /** Metrics that are not operations: run totals, garbage collection, the fingerprint, the schedule, intervals, efficiency. */
  private static boolean isOperation(String metric) {
    return !metric.equals("OVERALL") && !metric.equals("FINGERPRINT") && !metric.startsWith("TOTAL_GC")
        && !metric.equals("SCHEDULE") && !metric.equals(site.ycsbx.measurements.ResultExporter.ERRORS_METRIC)
        && !metric.equals(site.ycsbx.measurements.Efficiency.METRIC)
        && !metric.equals(site.ycsbx.measurements.ResultExporter.INTERRUPTED_METRIC) && !metric.equals("Intended-CLEANUP")
        && !metric.equals(site.ycsbx.measurements.ResultExporter.ROUND_METRIC)
        && !metric.equals("CLEANUP") && !metric.startsWith(site.ycsbx.measurements.Intervals.EXPORT_METRIC_PREFIX) && !FAILURE_SERIES.matcher(metric).matches();
  }

  private final Map<String, String> fingerprint = new LinkedHashMap<>();
  private final Map<String, Map<String, Double>> metrics = new LinkedHashMap<>();
  private final String source;

  YcsbResult(String source) {
    this.source = source;
  }

  public String source() {
    return source;
  }

  /** Reads a text, JSON or JSON-array YCSB export; bad input is one line. */
  public static YcsbResult read(Path file) {
    String text;
    // a FIFO or a device would be read until its writer ends, which may be never
    if (Files.exists(file) && !Files.isRegularFile(file)) {
      throw new UserError(file + " is not a regular file (a pipe, device or socket); give a YCSB text output or JSON"
          + " export saved to a file");
    }
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (java.nio.file.NoSuchFileException e) {
      throw new UserError(file + " does not exist");
    } catch (java.nio.charset.CharacterCodingException e) {
      throw new UserError(file + " is not a YCSB result file (not UTF-8 text); give a YCSB text output or JSON export");
    } catch (java.nio.file.AccessDeniedException e) {
      throw new UserError("cannot read " + file + ": permission denied");
    } catch (IOException e) {
      throw new UserError("cannot read " + file + ": " + e.getMessage());
    }
    YcsbResult r = parse(file.toString(), text);
    if (r.metrics.get("OVERALL") == null) {
      throw new UserError(file + " holds no YCSB result (no [OVERALL] throughput): give a YCSB text output or JSON export");
    }
    return r;
  }

  static YcsbResult parse(String source, String text) {
    YcsbResult r = new YcsbResult(source);
    String trimmed = text.stripLeading();
    if (trimmed.startsWith("[ {") || trimmed.startsWith("[{") || trimmed.startsWith("{")) {
      r.parseJson(text);
    } else {
      r.parseText(text);
    }
    return r;
  }

  private void parseJson(String text) {
    ObjectMapper mapper = new ObjectMapper();
    mapper.enable(JsonParser.Feature.ALLOW_NON_NUMERIC_NUMBERS);
    try (MappingIterator<JsonNode> it = mapper.readerFor(JsonNode.class).readValues(text)) {
      while (it.hasNext()) {
        JsonNode n = it.next();
        if (n.isArray()) {
          n.forEach(this::record);
        } else {
          record(n);
        }
      }
    } catch (IOException | RuntimeException e) {
      throw new UserError(source + " is not a YCSB JSON export: " + e.getMessage().split("\n")[0]);
    }
  }

  private void record(JsonNode n) {
    String metric = n.path("metric").asText(null);
    String measurement = n.path("measurement").asText(null);
    JsonNode value = n.get("value");
    if (metric == null || measurement == null || value == null) {
      return;
    }
    if (metric.equals("FINGERPRINT")) {
      fingerprint.put(measurement, value.asText());
    } else if (value.isNumber()) {
      metrics.computeIfAbsent(metric, k -> new LinkedHashMap<>()).put(measurement, value.asDouble());
    }
  }

  private void parseText(String text) {
    String[] lines = text.split("\\R");
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      // the block a YCSB-X binding prints at start, also under the stock Client
      if (line.equals("[FINGERPRINT]")) {
        List<String> block = new ArrayList<>();
        while (i + 1 < lines.length && (PRINTED_ENTRY.matcher(lines[i + 1]).matches()
            || lines[i + 1].startsWith("    ") && !lines[i + 1].isBlank())) {
          block.add(lines[++i]);
        }
        Map<String, String> printed = site.ycsbx.fingerprint.Fingerprint.parse(block);
        if (printed != null) {
          printed.forEach(fingerprint::putIfAbsent);
        }
        continue;
      }
      Matcher cl = COMMAND_LINE.matcher(line);
      if (cl.matches()) {
        commandLine(cl.group(1).trim().split("\\s+"));
        continue;
      }
      Matcher m = TEXT_RECORD.matcher(line);
      if (!m.matches()) {
        continue;
      }
      String metric = m.group(1).trim();
      String measurement = m.group(2).trim();
      String value = m.group(3).trim();
      if (metric.equals("FINGERPRINT")) {
        fingerprint.put(measurement, value);
        continue;
      }
      try {
        metrics.computeIfAbsent(metric, k -> new LinkedHashMap<>()).put(measurement, Double.parseDouble(value));
      } catch (NumberFormatException e) {
        // YCSB's status lines and other bracketed text that is not a measurement
      }
    }
  }

  /** Stock YCSB echoes its arguments; they label a result that has no fingerprint. */
  private void commandLine(String[] args) {
    List<String> files = new ArrayList<>();
    for (int i = 0; i + 1 < args.length; i++) {
      switch (args[i]) {
        case "-threads" -> fingerprint.putIfAbsent("threads", args[i + 1]);
        case "-db" -> fingerprint.putIfAbsent("binding", args[i + 1]);
        case "-P" -> files.add(Path.of(args[i + 1]).getFileName().toString());
        default -> {
        }
      }
    }
    for (String a : args) {
      if (a.equals("-load")) {
        fingerprint.putIfAbsent("phase", "load");
      } else if (a.equals("-t")) {
        fingerprint.putIfAbsent("phase", "run");
      }
    }
    if (!files.isEmpty()) {
      fingerprint.putIfAbsent("workload.files", String.join(",", files));
    }
  }

  public Map<String, String> fingerprint() {
    return fingerprint;
  }

  /** A measurement, NaN when absent. */
  public double value(String metric, String measurement) {
    Map<String, Double> m = metrics.get(metric);
    Double v = m == null ? null : m.get(measurement);
    return v == null ? Double.NaN : v;
  }

  /** Every measurement of one metric ({@code EFFICIENCY}), in the order written; empty when absent. */
  public Map<String, Double> measurements(String metric) {
    return new LinkedHashMap<>(metrics.getOrDefault(metric, Map.of()));
  }

  public double throughput() {
    return value("OVERALL", "Throughput(ops/sec)");
  }

  public double runtimeMs() {
    return value("OVERALL", "RunTime(ms)");
  }

  /** The thread count from the fingerprint or the captured command line, 0 when unknown. */
  public int threads() {
    try {
      return Integer.parseInt(fingerprint.getOrDefault("threads", "0").trim());
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  /** Operations in the order YCSB wrote them (CLEANUP and failure-only series left out). */
  public List<String> operations() {
    return metrics.keySet().stream().filter(YcsbResult::isOperation)
        .filter(op -> !Double.isNaN(value(op, "Operations"))).toList();
  }

  /**
   * Per-operation statistics. Failed calls are counted from YCSB's {@code Return=STATUS}
   * records; their latencies go to an {@code OP-FAILED} series that is not shown here.
   */
  public OpStats stats(String op) {
    Map<String, Double> m = metrics.getOrDefault(op, Map.of());
    long errors = 0;
    for (Map.Entry<String, Double> e : m.entrySet()) {
      String k = e.getKey();
      if (k.startsWith("Return=") && !k.equals("Return=OK") && !k.equals("Return=BATCHED_OK")) {
        errors += e.getValue().longValue();
      }
    }
    // failures recorded under their own series count as calls of the operation too
    double failed = value(op + "-FAILED", "Operations");
    long count = (long) value(op, "Operations") + (Double.isNaN(failed) ? 0 : (long) failed);
    double seconds = runtimeMs() / 1000.0;
    return new OpStats(op, count, seconds > 0 ? count / seconds : Double.NaN,
        value(op, "50thPercentileLatency(us)"), value(op, "95thPercentileLatency(us)"),
        value(op, "99thPercentileLatency(us)"), value(op, "99.9PercentileLatency(us)"),
        value(op, "MaxLatency(us)"), errors);
  }

  /** Failed calls of all operations; batch round trips re-time operations counted elsewhere. */
  public long errors() {
    return operations().stream().filter(op -> !op.endsWith("_BATCH")).mapToLong(op -> stats(op).errors()).sum();
  }
}
