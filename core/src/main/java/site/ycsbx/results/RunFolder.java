package site.ycsbx.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.codehaus.jackson.JsonFactory;
import org.codehaus.jackson.JsonGenerator;
import org.codehaus.jackson.util.DefaultPrettyPrinter;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.measurements.RunOutput;
import site.ycsbx.measurements.Warmup;
import site.ycsbx.util.UserError;

/**
 * The run folder, the one place its format is written and read. A run leaves it with
 * {@value #OUT_PROPERTY}{@code =DIR} (one per point of a sweep), {@code ycsb merge} leaves a
 * merged one: {@value #SUMMARY_FILE} (what the console summary prints), {@value #RESULT_FILE}
 * (the same figures and the fingerprint for machines, format {@value #FORMAT}), one HdrHistogram
 * interval log per operation ({@code <OP>.hdr}, microseconds, time stamps in epoch ms, written as
 * the run goes by measurements' HdrLogs), efficiency.csv and, drawn from those last,
 * {@code site.ycsbx.report.RunReport}'s report.html. A folder that holds anything is refused
 * before anything is created: a later run never overwrites an earlier one. Read back, unknown
 * fields are ignored.
 */
public final class RunFolder {
  /** The JVM's system property holding the run's command line, masked; result.json's {@value #COMMAND}. */
  public static final String COMMAND_PROPERTY = "ycsbx.command.line";
  public static final String COMMAND = "command";
  public static final String OUT_PROPERTY = RunOutput.OUT_PROPERTY;
  public static final String SUMMARY_FILE = RunOutput.SUMMARY_FILE;
  public static final String RESULT_FILE = RunOutput.RESULT_FILE;
  public static final String FORMAT = "ycsbx-run/1";
  /** The operation that times the family's unit as a whole (sysbench's TRANSACTION), null when none. */
  public static final String UNIT_OPERATION = "unit_operation";
  public static final String HDR_SUFFIX = RunOutput.HDR_SUFFIX;
  // read here with defaults: the many-clients options own their checks
  static final String CLIENT_PROPERTY = "ycsbx.client";
  static final String CLIENTS_PROPERTY = "ycsbx.clients";

  /** One interval of one operation's log, its time stamps absolute (epoch ms). */
  public record Interval(long startMs, long endMs, Histogram histogram) {
  }

  private final Path path;
  private final JsonNode result;
  private final Map<String, String> fingerprint = new LinkedHashMap<>();
  /** Operation name to its interval log; read when asked for (a long run's logs are large). */
  private final Map<String, Path> logs = new TreeMap<>();

  private RunFolder(Path path, JsonNode result) {
    this.path = path;
    this.result = result;
  }

  /** The folder asked for, or null; refuses one that is not a folder or not empty. No side effects. */
  public static Path check(Properties props) {
    String v = props.getProperty(OUT_PROPERTY);
    if (v == null || v.isBlank()) {
      return null;
    }
    Path p = Path.of(v.trim()).toAbsolutePath().normalize();
    if (Files.exists(p) && !Files.isDirectory(p)) {
      throw new UserError(OUT_PROPERTY + "=" + v + " is a file; " + OUT_PROPERTY + " accepts a new or empty folder");
    }
    if (Boolean.parseBoolean(props.getProperty("hdrhistogram.fileoutput", "false"))) {
      String prefix = props.getProperty("hdrhistogram.output.path", "");
      Path ycsbLogs = Path.of(prefix.isEmpty() ? "x" : prefix + "x").toAbsolutePath().normalize().getParent();
      if (p.equals(ycsbLogs)) {
        throw new UserError("hdrhistogram.output.path=" + prefix + " writes YCSB's own .hdr logs into " + OUT_PROPERTY
            + "=" + v + ", where YCSB-X writes its logs of the same names; " + OUT_PROPERTY + " already holds an"
            + " HdrHistogram log per operation: leave out hdrhistogram.fileoutput or give another folder");
      }
    }
    if (Files.isDirectory(p)) {
      try (Stream<Path> s = Files.list(p)) {
        if (s.findAny().isPresent()) {
          throw new UserError(OUT_PROPERTY + "=" + v + " is not empty (it may hold an earlier run); "
              + OUT_PROPERTY + " accepts a new or empty folder");
        }
      } catch (IOException e) {
        throw new UserError(OUT_PROPERTY + "=" + v + " cannot be read: " + e.getMessage());
      }
    }
    return p;
  }

  /**
   * Creates the checked folder for this JVM's run; null when none was asked for. The launcher
   * hands it to {@code ResultExporter}, which writes the run's summary and result into it.
   */
  public static Writer create(Properties props, String phase, String binding) {
    Path p = check(props);
    if (p == null) {
      return null;
    }
    try {
      Files.createDirectories(p);
    } catch (IOException e) {
      throw new UserError(OUT_PROPERTY + "=" + p + ": cannot create the folder: " + e.getMessage());
    }
    return new Writer(p, phase, binding, props.getProperty(site.ycsb.Client.WORKLOAD_PROPERTY), props);
  }

  /** The folder of the run under way: summary.txt and result.json, written at its end. */
  public static final class Writer implements RunOutput {
    private final Path dir;
    private final String phase;
    private final String binding;
    private final String workload;
    private final Properties props;

    private Writer(Path dir, String phase, String binding, String workload, Properties props) {
      this.dir = dir;
      this.phase = phase;
      this.binding = binding;
      this.workload = workload;
      this.props = props;
    }

    @Override
    public Path dir() {
      return dir;
    }

    @Override
    public OutputStream openSummary() throws IOException {
      return Files.newOutputStream(dir.resolve(SUMMARY_FILE));
    }

    @Override
    public void appendSummary(String text) throws IOException {
      Files.writeString(dir.resolve(SUMMARY_FILE), text, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    }

    @Override
    public void writeResult(Result r) throws IOException {
      try (OutputStream os = Files.newOutputStream(dir.resolve(RESULT_FILE));
          JsonGenerator g = new JsonFactory().createJsonGenerator(os)) {
        g.setPrettyPrinter(new DefaultPrettyPrinter());
        g.writeStartObject();
        g.writeStringField("format", FORMAT);
        g.writeStringField("phase", phase);
        g.writeStringField("binding", binding);
        g.writeStringField("workload", workload);
        g.writeObjectFieldStart("client");
        g.writeNumberField("index", Long.parseLong(props.getProperty(CLIENT_PROPERTY, "0").trim()));
        g.writeNumberField("count", Long.parseLong(props.getProperty(CLIENTS_PROPERTY, "1").trim()));
        g.writeStringField("host", localHost());
        g.writeEndObject();
        g.writeNumberField("start_ms", r.startMs());
        g.writeNumberField("end_ms", r.endMs());
        g.writeNumberField("warmup_s", Warmup.millis() / 1000.0);
        // bin/ycsb's command line, secrets masked (tools.LoadRunCommand sets it): report.html's header shows it
        g.writeStringField(COMMAND, System.getProperty(COMMAND_PROPERTY));
        String unitOp = site.ycsbx.measurements.Progress.unitOperation();
        if (unitOp == null) {
          g.writeNullField(UNIT_OPERATION);
        } else {
          g.writeStringField(UNIT_OPERATION, unitOp);
        }
        if (r.interrupted() == null) {
          g.writeNullField("interrupted");
        } else {
          g.writeObjectFieldStart("interrupted");
          g.writeStringField("signal", r.interrupted().name());
          g.writeNumberField("at_ms", r.interrupted().at().toEpochMilli());
          g.writeEndObject();
        }
        g.writeObjectFieldStart("fingerprint");
        for (Map.Entry<String, String> e : Fingerprint.current().entries().entrySet()) {
          g.writeStringField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
        g.writeObjectFieldStart("headline");
        for (Map.Entry<String, Double> e : r.headline().entrySet()) {
          g.writeNumberField(e.getKey(), e.getValue());
        }
        g.writeEndObject();
        writeObject(g, "data_size", r.dataSize());
        writeObject(g, "others", r.others());
        writeObject(g, "outages", r.outages());
        writeObject(g, "tables", r.tables());
        g.writeObjectFieldStart("overall");
        g.writeNumberField("runtime_ms", r.runtimeMs());
        g.writeNumberField("operations", r.operations());
        g.writeNumberField("throughput", r.throughput());
        g.writeEndObject();
        g.writeObjectFieldStart("operations");
        for (Map.Entry<String, Map<String, Number>> op : r.ops().entrySet()) {
          g.writeObjectFieldStart(op.getKey());
          Number count = op.getValue().get("Operations");
          g.writeNumberField("count", count == null ? 0 : count.longValue());
          g.writeObjectFieldStart("returns");
          for (Map.Entry<String, Long> s : r.returns().getOrDefault(op.getKey(), Map.of()).entrySet()) {
            g.writeNumberField(s.getKey(), s.getValue());
          }
          g.writeEndObject();
          // YCSB's figures of the operation as in the summary (latencies in microseconds)
          g.writeObjectFieldStart("summary");
          for (Map.Entry<String, Number> m : op.getValue().entrySet()) {
            if (m.getValue() instanceof Double d) {
              g.writeNumberField(m.getKey(), d);
            } else {
              g.writeNumberField(m.getKey(), m.getValue().longValue());
            }
          }
          g.writeEndObject();
          g.writeEndObject();
        }
        g.writeEndObject();
        g.writeEndObject();
      }
    }

    // a flat object of figures and words; null as JSON null, a NaN figure as null (not measured)
    private static void writeObject(org.codehaus.jackson.JsonGenerator g, String name, Map<String, Object> fields)
        throws IOException {
      if (fields == null) {
        g.writeNullField(name);
        return;
      }
      g.writeObjectFieldStart(name);
      for (Map.Entry<String, Object> e : fields.entrySet()) {
        if (e.getValue() instanceof Boolean b) {
          g.writeBooleanField(e.getKey(), b);
        } else if (e.getValue() instanceof Double d) {
          if (Double.isNaN(d)) {
            g.writeNullField(e.getKey());
          } else {
            g.writeNumberField(e.getKey(), d);
          }
        } else if (e.getValue() instanceof Number n) {
          g.writeNumberField(e.getKey(), n.longValue());
        } else {
          g.writeStringField(e.getKey(), String.valueOf(e.getValue()));
        }
      }
      g.writeEndObject();
    }
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

  /** The operation the family times its unit by as a whole (its latency is the run's); null when it names none. */
  public String unitOperation() {
    JsonNode n = result.get(UNIT_OPERATION);
    return n == null || n.isNull() ? null : n.asText();
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

  /** Every operation with an interval log, the Intended- series included, in name order. */
  public java.util.Set<String> logNames() {
    return java.util.Collections.unmodifiableSet(logs.keySet());
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

  /** The run's data over its engine's cache at its end (result.json's data_size); NaN when not known. */
  public double dataToCache() {
    JsonNode r = result.path("data_size").path("data_to_cache");
    return r.isNumber() ? r.asDouble() : Double.NaN;
  }

  /** The data size line of the run's end ("data 38.2 GB, cache 8.0 GB: ..."); null when not measured. */
  public String dataSizeLine() {
    JsonNode l = result.path("data_size").path("line");
    return l.isTextual() ? l.asText() : null;
  }

  public Map<String, String> fingerprint() {
    return fingerprint;
  }

  /**
   * Why the run ran beside other load (result.json's {@code others}: another process's CPU, or the
   * server's work for other clients), null when it did not or the folder does not say. A merged
   * folder: each marked client's reason.
   */
  public String besideOtherLoad() {
    JsonNode o = result.path("others");
    return o.path("marked").asBoolean(false) ? o.path("why").asText("") : null;
  }

  /** result.json as read. */
  public JsonNode result() {
    return result;
  }

  private static String localHost() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "unknown";
    }
  }
}
