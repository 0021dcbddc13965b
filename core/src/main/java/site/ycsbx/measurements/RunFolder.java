package site.ycsbx.measurements;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.codehaus.jackson.JsonFactory;
import org.codehaus.jackson.JsonGenerator;
import org.codehaus.jackson.util.DefaultPrettyPrinter;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.util.UserError;

/**
 * The folder a run leaves with {@value #OUT_PROPERTY}{@code =DIR} (one per point of a sweep):
 * {@value #SUMMARY_FILE} (what the console summary prints), {@value #RESULT_FILE} (the same
 * figures and the fingerprint for machines, format {@value #FORMAT}), one HdrHistogram
 * interval log per operation ({@link HdrLogs}), {@link Efficiency}'s efficiency.csv and, drawn from
 * those last, {@code site.ycsbx.tools.report.RunReport}'s report.html. A folder that holds
 * anything is refused before anything is created: a later run never overwrites an earlier one.
 */
public final class RunFolder {
  public static final String OUT_PROPERTY = "ycsbx.out";
  public static final String SUMMARY_FILE = "summary.txt";
  public static final String RESULT_FILE = "result.json";
  public static final String FORMAT = "ycsbx-run/1";
  // read here with defaults: the many-clients options own their checks
  static final String CLIENT_PROPERTY = "ycsbx.client";
  static final String CLIENTS_PROPERTY = "ycsbx.clients";

  private static volatile RunFolder current;

  private final Path dir;
  private final String phase;
  private final String binding;
  private final String workload;
  private final Properties props;

  private RunFolder(Path dir, String phase, String binding, String workload, Properties props) {
    this.dir = dir;
    this.phase = phase;
    this.binding = binding;
    this.workload = workload;
    this.props = props;
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

  /** Creates the checked folder for this JVM's run; null when none was asked for. */
  public static RunFolder create(Properties props, String phase, String binding) {
    Path p = check(props);
    if (p == null) {
      current = null;
      return null;
    }
    try {
      Files.createDirectories(p);
    } catch (IOException e) {
      throw new UserError(OUT_PROPERTY + "=" + p + ": cannot create the folder: " + e.getMessage());
    }
    current = new RunFolder(p, phase, binding, props.getProperty(site.ycsb.Client.WORKLOAD_PROPERTY), props);
    return current;
  }

  /** This JVM's run folder, or null. */
  public static RunFolder current() {
    return current;
  }

  public Path dir() {
    return dir;
  }

  OutputStream openSummary() throws IOException {
    return Files.newOutputStream(dir.resolve(SUMMARY_FILE));
  }

  void appendSummary(String text) throws IOException {
    Files.writeString(dir.resolve(SUMMARY_FILE), text, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
        StandardOpenOption.APPEND);
  }

  /** What result.json says of the run; the exporter fills it in as YCSB's records pass. */
  record Result(long startMs, long endMs, long runtimeMs, long operations, double throughput,
      Interruption.Signal interrupted, Map<String, Map<String, Long>> returns, Map<String, Map<String, Number>> ops) {
  }

  void writeResult(Result r) throws IOException {
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
      g.writeStringField("host", host());
      g.writeEndObject();
      g.writeNumberField("start_ms", r.startMs());
      g.writeNumberField("end_ms", r.endMs());
      g.writeNumberField("warmup_s", Warmup.millis() / 1000.0);
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

  private static String host() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "unknown";
    }
  }
}
