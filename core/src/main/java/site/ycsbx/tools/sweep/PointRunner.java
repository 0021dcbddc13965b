package site.ycsbx.tools.sweep;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import site.ycsbx.measurements.ResultExporter;
import site.ycsbx.results.OpStats;
import site.ycsbx.results.PointResult;
import site.ycsbx.results.UnitEfficiency;
import site.ycsbx.results.YcsbResult;
import site.ycsbx.tools.child.ChildJvm;
import site.ycsbx.util.UserError;

/**
 * Runs one point of a sweep as {@code java -cp <this class path> site.ycsbx.tools.Main ...} in a
 * fresh JVM (YCSB's Client keeps static state and calls System.exit) and reads its results from
 * the JSON export it writes, never from its text output.
 */
final class PointRunner {
  static final String JSON_ARRAY_EXPORTER = "site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter";
  /** Exported for every point; YCSB's default histogram has only the 95th and 99th. */
  static final String PERCENTILES = "50,95,99,99.9";
  /**
   * What {@code bin/ycsb} runs, named and not linked: a point is a process as bin/ycsb starts it,
   * and the command that dispatches to sweep sits above it (SweepTest checks the name).
   */
  static final String MAIN_CLASS = "site.ycsbx.tools.Main";
  /** Linux's USER_HZ: the unit of the CPU times in /proc/self/stat. */
  private static final double CLOCK_TICKS_PER_SECOND = 100.0;

  private final SweepArgs args;
  private final Path pointsDir;
  // the heap the user gave this JVM (JAVA_OPTS) applies to every point
  private final ChildJvm jvm = new ChildJvm(MAIN_CLASS, "a point", List.of("-Xmx", "-Xms"));

  PointRunner(SweepArgs args, Path pointsDir) {
    this.args = args;
    this.pointsDir = pointsDir;
    // the point running now ends with the sweep (Ctrl-C), so no benchmark goes on unwatched
    Runtime.getRuntime().addShutdownHook(new Thread(jvm::signal, "ycsbx-sweep-stop-point"));
  }

  /** The reload before a point of a run sweep; returns null when it worked, else why not. */
  String reload(int threads, int repeat) {
    String name = String.format("t%d-r%d-reload", threads, repeat);
    Path log = pointsDir.resolve(name + ".log");
    Child c = start("load", threads, pointsDir.resolve(name + ".json"), log, name);
    return c.exitCode == 0 ? null : "the reload before it exited " + c.exitCode + ": " + ChildJvm.lastLine(log);
  }

  PointResult run(int threads, int repeat) {
    String name = String.format("t%d-r%d", threads, repeat);
    Path export = pointsDir.resolve(name + ".json");
    Path log = pointsDir.resolve(name + ".log");
    Child c = start(args.phase, threads, export, log, name);
    String exportName = pointsDir.getFileName() + "/" + export.getFileName();
    if (c.exitCode != 0 || !Files.exists(export)) {
      String why = "exited " + c.exitCode + ": " + ChildJvm.lastLine(log) + " (see " + pointsDir.getFileName() + "/"
          + log.getFileName() + ")";
      return new PointResult(threads, repeat, c.exitCode == 0 ? 1 : c.exitCode, why, c.wallMs, c.cpuPercent,
          Double.NaN, 0, Map.of(), Map.of(), Files.exists(export) ? exportName : null, Map.of());
    }
    YcsbResult r;
    try {
      r = YcsbResult.read(export);
    } catch (UserError e) {
      return new PointResult(threads, repeat, 1, e.getMessage(), c.wallMs, c.cpuPercent, Double.NaN, 0, Map.of(),
          Map.of(), exportName, Map.of());
    }
    Map<String, OpStats> ops = new LinkedHashMap<>();
    for (String op : r.operations()) {
      ops.put(op, r.stats(op));
    }
    return new PointResult(threads, repeat, 0, null, c.wallMs, c.cpuPercent, r.throughput(), r.errors(), ops,
        r.fingerprint(), exportName, UnitEfficiency.figures(r));
  }

  private record Child(int exitCode, long wallMs, double cpuPercent) {
  }

  /**
   * YCSB's arguments for one point: a run folder ({@code -p ycsbx.out=DIR}) becomes the point's
   * own subfolder, {@code DIR/<name>} (t4-r1, t4-r1-reload), so points never share one.
   */
  static List<String> pointArgs(List<String> ycsbArgs, String name) {
    List<String> out = new ArrayList<>(ycsbArgs);
    String key = site.ycsbx.results.RunFolder.OUT_PROPERTY + "=";
    for (int i = 0; i + 1 < out.size(); i++) {
      if (out.get(i).equals("-p") && out.get(i + 1).startsWith(key)) {
        out.set(i + 1, key + Path.of(out.get(i + 1).substring(key.length()).trim()).resolve(name));
      }
    }
    return out;
  }

  private Child start(String phase, int threads, Path export, Path log, String name) {
    List<String> cmd = new ArrayList<>();
    cmd.add(phase);
    cmd.add(args.binding);
    cmd.addAll(pointArgs(args.ycsbArgs, name));
    cmd.addAll(List.of("-threads", String.valueOf(threads),
        // the page's drawing would count as the point's client CPU; `ycsb report DIR` draws it later
        "-p", ResultExporter.REPORT_PROPERTY + "=false",
        "-p", "measurementtype=hdrhistogram",
        "-p", "hdrhistogram.percentiles=" + PERCENTILES,
        "-p", "exporter=" + JSON_ARRAY_EXPORTER,
        "-p", "exportfile=" + export.toAbsolutePath()));
    double cpu0 = childrenCpuSeconds();
    ChildJvm.Exit exit = jvm.run(cmd, log);
    if (exit.code() == ChildJvm.INTERRUPTED && Thread.currentThread().isInterrupted()) {
      throw UserError.target("interrupted");
    }
    double cpu = childrenCpuSeconds() - cpu0;
    double pct = Double.isNaN(cpu) ? Double.NaN
        : 100.0 * cpu / exit.seconds() / Runtime.getRuntime().availableProcessors();
    return new Child(exit.code(), exit.wallNanos() / 1_000_000, pct);
  }

  /**
   * CPU seconds of this JVM's finished children (cutime + cstime in /proc/self/stat): the
   * kernel adds a child's user and system time there when the child is reaped, so the
   * difference across one point is exactly that point's JVM, start-up included. NaN off Linux.
   */
  static double childrenCpuSeconds() {
    try {
      String stat = Files.readString(Path.of("/proc/self/stat"), StandardCharsets.US_ASCII);
      // fields after the command name, which is in parentheses and may contain spaces
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
      return (Long.parseLong(f[13]) + Long.parseLong(f[14])) / CLOCK_TICKS_PER_SECOND;
    } catch (IOException | RuntimeException e) {
      return Double.NaN;
    }
  }
}
