package site.ycsbx.fingerprint;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import site.ycsbx.util.Secrets;
import site.ycsbx.workloads.WorkloadShape;

/**
 * What was measured: server product and version, storage engine, durability settings, binding
 * options, client host and YCSB-X version. Printed once at start and written into every export,
 * so a published number carries its label. Values pass through {@link Secrets#mask}.
 */
public final class Fingerprint {
  /** Workload properties are recorded as {@code workload.<property>}. */
  public static final String WORKLOAD_PREFIX = "workload.";
  /** The workload properties (comma-separated) whose difference makes two runs different workloads. */
  public static final String WORKLOAD_DEFINING = "workload.defining";
  private static final Fingerprint CURRENT = new Fingerprint();
  private static final AtomicBoolean PRINTED = new AtomicBoolean();

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

  /** Aligned "key : value" lines under a heading. */
  public String format() {
    Map<String, String> copy = entries();
    int width = copy.keySet().stream().mapToInt(String::length).max().orElse(0);
    StringBuilder sb = new StringBuilder("[FINGERPRINT]\n");
    for (Map.Entry<String, String> e : copy.entrySet()) {
      sb.append("  ").append(String.format("%-" + width + "s", e.getKey())).append(" : ").append(e.getValue()).append('\n');
    }
    return sb.toString();
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
