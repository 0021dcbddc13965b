package site.ycsbx.fingerprint;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import site.ycsbx.util.Secrets;

/**
 * What was measured: server product and version, storage engine, durability settings, binding
 * options, client host and YCSB-X version. Printed once at start ({@link #format}) and written
 * into every export file and run folder, one row per entry, so a published number carries its
 * label. Values pass through {@link Secrets#mask}.
 */
public final class Fingerprint {
  /** Workload properties are recorded as {@code workload.<property>}. */
  public static final String WORKLOAD_PREFIX = "workload.";
  /** The workload properties (comma-separated) whose difference makes two runs different workloads. */
  public static final String WORKLOAD_DEFINING = "workload.defining";
  private static final Fingerprint CURRENT = new Fingerprint();
  private static final AtomicBoolean PRINTED = new AtomicBoolean();

  /** Between the entries of a group in the printed block. */
  static final String SEPARATOR = "; ";
  /** The printed block's lines wrap beyond this many characters. */
  private static final int WIDTH = 120;

  private final Map<String, String> entries = Collections.synchronizedMap(new LinkedHashMap<>());

  /** The fingerprint of this JVM's run. */
  public static Fingerprint current() {
    return CURRENT;
  }

  /** Empties this JVM's fingerprint for the next command in it (see PreflightOnce.forget). */
  public static void forget() {
    CURRENT.entries.clear();
    PRINTED.set(false);
  }

  /** Adds or replaces an entry; secrets are masked. */
  public Fingerprint put(String key, Object value) {
    entries.put(key, Secrets.mask(key, value == null ? "n/a" : String.valueOf(value)));
    return this;
  }

  public Fingerprint putIfAbsent(String key, Object value) {
    if (!entries.containsKey(key)) {
      put(key, value);
    }
    return this;
  }

  public String get(String key) {
    return entries.get(key);
  }

  public Map<String, String> entries() {
    synchronized (entries) {
      return new LinkedHashMap<>(entries);
    }
  }

  /** Client-side entries every run has. */
  public Fingerprint putClient(Properties props, String bindingName) {
    put("ycsbx.version", version());
    put("ycsb.core.version", "0.17.0");
    put("client.host", hostName());
    put("client.cores", Runtime.getRuntime().availableProcessors());
    put("client.java", System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
    HostFacts.put(this);
    put("binding", bindingName);
    put("workload", props.getProperty("workload", "site.ycsb.workloads.CoreWorkload"));
    WorkloadShape shape = WorkloadShape.of(props);
    shape.values().forEach((k, v) -> put(WORKLOAD_PREFIX + k, v));
    if (!shape.defining().isEmpty()) {
      put(WORKLOAD_DEFINING, String.join(",", shape.defining()));
    }
    put("phase", Boolean.parseBoolean(props.getProperty("dotransactions", "true")) ? "run" : "load");
    put("threads", props.getProperty("threadcount", "1"));
    put("target.ops", props.getProperty("target", "unlimited"));
    return this;
  }

  /** Prints the fingerprint once per JVM; later calls do nothing. */
  public void printOnce(PrintStream out) {
    if (PRINTED.compareAndSet(false, true)) {
      out.print(format());
      out.flush();
    }
  }

  /**
   * The block printed at the start, grouped to be read (the export keeps one row per entry): an
   * entry alone is {@code key : value}; entries that share a parent key (everything before the
   * last dot: {@code client.host}, {@code client.cores}, ...) are one group,
   * {@code parent.* : name=value; name=value}, wrapped under its first value. An entry whose value
   * holds a ';' stays alone, so that the block reads back exactly ({@link #parse}); so does a list
   * without spaces, which wraps after its commas. {@link #WORKLOAD_DEFINING} is left out when the
   * workload's class makes the same list from the values printed ({@link #parse} puts it back).
   */
  public String format() {
    Map<String, String> copy = entries();
    // the workload class and its values decide the list ({@link #parse} derives it again): on the console it was
    // four lines of property names that tell a reader nothing the workload.* lines above do not
    if (copy.containsKey(WORKLOAD_DEFINING) && copy.get(WORKLOAD_DEFINING).equals(derivedDefining(copy))) {
      copy.remove(WORKLOAD_DEFINING);
    }
    List<Map.Entry<String, List<String>>> lines = new ArrayList<>();
    Map<String, List<String>> groups = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : copy.entrySet()) {
      String parent = parentOf(e.getKey());
      if (parent != null && groupable(e.getValue()) && copy.keySet().stream()
          .filter(k -> parent.equals(parentOf(k)) && groupable(copy.get(k))).count() > 1) {
        List<String> g = groups.get(parent);
        if (g == null) {
          g = new ArrayList<>();
          groups.put(parent, g);
          lines.add(Map.entry(parent + ".*", g));
        }
        g.add(e.getKey().substring(parent.length() + 1) + "=" + e.getValue());
      } else if (commaList(e.getValue())) {
        // a list without spaces (workload.defining) wraps after its commas; read back, the lines join as they are
        lines.add(Map.entry(e.getKey(), List.of(e.getValue().split("(?<=,)"))));
      } else {
        lines.add(Map.entry(e.getKey(), List.of(e.getValue())));
      }
    }
    int width = lines.stream().mapToInt(l -> l.getKey().length()).max().orElse(0);
    String indent = " ".repeat(2 + width + 3);
    StringBuilder sb = new StringBuilder("[FINGERPRINT]\n");
    for (Map.Entry<String, List<String>> l : lines) {
      StringBuilder line = new StringBuilder("  ").append(String.format("%-" + width + "s", l.getKey())).append(" : ");
      boolean group = l.getKey().endsWith(".*");
      String separator = group ? SEPARATOR : "";
      boolean first = true;
      for (String piece : l.getValue()) {
        // room for the separator that ends a wrapped line
        if (!first && line.length() + separator.length() + piece.length() + separator.trim().length() > WIDTH) {
          sb.append(line.append(separator.trim())).append('\n');
          line = new StringBuilder(indent);
        } else if (!first) {
          line.append(separator);
        }
        line.append(piece);
        first = false;
      }
      sb.append(line).append('\n');
    }
    return sb.toString();
  }

  /**
   * The entries of a block {@link #format} printed, from its lines after the heading: a
   * {@code key : value} line, a {@code parent.* : name=value; ...} line, or the continuation of
   * the group above it (indented further). Returns null for a line that is none of these.
   */
  public static Map<String, String> parse(List<String> blockLines) {
    Map<String, String> out = new LinkedHashMap<>();
    String group = null;
    String single = null;
    for (String line : blockLines) {
      java.util.regex.Matcher m = ENTRY.matcher(line);
      String pieces;
      if (m.matches()) {
        String key = m.group(1);
        if (!key.endsWith(".*")) {
          out.put(key, m.group(2).trim());
          single = key;
          group = null;
          continue;
        }
        group = key.substring(0, key.length() - 2);
        single = null;
        pieces = m.group(2);
      } else if (line.startsWith("    ") && !line.isBlank() && (group != null || single != null)) {
        if (single != null) {
          out.put(single, out.get(single) + line.trim());
          continue;
        }
        pieces = line.trim();
      } else {
        return null;
      }
      for (String piece : pieces.split(java.util.regex.Pattern.quote(SEPARATOR.trim()))) {
        String p = piece.trim();
        int eq = p.indexOf('=');
        if (eq > 0) {
          out.put(group + "." + p.substring(0, eq), p.substring(eq + 1));
        }
      }
    }
    if (!out.containsKey(WORKLOAD_DEFINING) && out.containsKey("workload")) {
      String defining = derivedDefining(out);
      if (defining != null) {
        out.put(WORKLOAD_DEFINING, defining);
      }
    }
    return out;
  }

  /**
   * {@link #WORKLOAD_DEFINING} as the workload's class names it at its defaults; null when it names
   * none (a class this version does not know). {@link #format} leaves the entry out only when this
   * gives it back exactly (a linkbench load's list, shorter than a run's, stays printed), and
   * {@link #parse} makes the same call, so the block reads back entry for entry.
   */
  private static String derivedDefining(Map<String, String> entries) {
    String workload = entries.get("workload");
    if (workload == null) {
      return null;
    }
    Properties props = new Properties();
    props.setProperty("workload", workload);
    // a family that derives its count from these refuses none
    props.setProperty("recordcount", "1");
    props.setProperty("operationcount", "1");
    try {
      WorkloadShape shape = WorkloadShape.of(props);
      return shape.defining().isEmpty() ? null : String.join(",", shape.defining());
    } catch (RuntimeException e) {
      return null;
    }
  }

  // a value that reads back from a group: no separator in it, and not a list that wraps on its own lines
  private static boolean groupable(String value) {
    return !value.contains(SEPARATOR.trim()) && !commaList(value);
  }

  private static boolean commaList(String value) {
    return value.matches("\\S+,\\S+");
  }

  private static final java.util.regex.Pattern ENTRY = java.util.regex.Pattern.compile("^  (\\S+) +: (.*)$");

  // "client" for client.host; null for a key without a dot
  private static String parentOf(String key) {
    int dot = key.lastIndexOf('.');
    return dot <= 0 ? null : key.substring(0, dot);
  }

  /** The YCSB-X version from the build. */
  public static String version() {
    try (InputStream in = Fingerprint.class.getResourceAsStream("/site/ycsbx/ycsbx.properties")) {
      Properties p = new Properties();
      if (in != null) {
        p.load(in);
      }
      return p.getProperty("version", "unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }

  private static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "unknown";
    }
  }
}
