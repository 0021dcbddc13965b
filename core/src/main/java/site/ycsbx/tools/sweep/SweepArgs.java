package site.ycsbx.tools.sweep;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.YcsbTable;
import site.ycsbx.tools.checks.RunChecks;
import site.ycsbx.util.UserError;
import site.ycsbx.workloads.RepeatableLoad;

/**
 * {@code sweep load|run <binding> [YCSB options] --threads 1,2,4 [--repeat R] [--reload]
 * [--out DIR] [--label NAME] [--sla-p99 MS]}. YCSB's own options ({@code -P}, {@code -p},
 * {@code -target}, {@code -s}, {@code -l}) are passed to every point unchanged; the rest is
 * checked here, before any point runs.
 */
final class SweepArgs {
  static final String USAGE = "sweep load|run <binding> -P file [-p k=v]... --threads 1,2,4,8 [--repeat R] [--reload]"
      + " [--out DIR] [--label NAME] [--sla-p99 MS]";

  /** Properties the sweep sets for every point itself. */
  private static final Set<String> OWN_PROPERTIES = Set.of("exporter", "exportfile", "measurementtype",
      "hdrhistogram.percentiles", "threadcount");

  String phase;
  String binding;
  final List<String> ycsbArgs = new ArrayList<>();
  final List<String> workloadFiles = new ArrayList<>();
  List<Integer> threads;
  int repeat = 1;
  boolean reload;
  Path out;
  String label;
  Double slaP99Ms;

  static SweepArgs parse(List<String> args) {
    SweepArgs a = new SweepArgs();
    if (args.size() < 2 || !(args.get(0).equals("load") || args.get(0).equals("run")) || args.get(1).startsWith("-")) {
      throw new UserError("usage: ycsb " + USAGE + ", or ycsb sweep --from DIR... (run or merged folders)");
    }
    a.phase = args.get(0);
    a.binding = args.get(1);
    for (int i = 2; i < args.size(); i++) {
      String o = args.get(i);
      switch (o) {
        case "--threads" -> a.threads = threadList(value(args, ++i, o));
        case "--repeat" -> a.repeat = wholeNumber(o, value(args, ++i, o), 1, 1000);
        case "--reload" -> a.reload = true;
        case "--out" -> a.out = Path.of(value(args, ++i, o));
        case "--label" -> a.label = value(args, ++i, o);
        case "--sla-p99" -> a.slaP99Ms = positive(o, value(args, ++i, o));
        case "-threads" -> throw new UserError("-threads is set per point by the sweep; give --threads 1,2,4,...");
        case "-P" -> {
          String f = value(args, ++i, o);
          if (!Files.isRegularFile(Path.of(f))) {
            throw new UserError("workload file " + f + " does not exist");
          }
          a.workloadFiles.add(f);
          a.ycsbArgs.add(o);
          a.ycsbArgs.add(f);
        }
        case "-p" -> {
          String kv = value(args, ++i, o);
          int eq = kv.indexOf('=');
          if (eq <= 0) {
            throw new UserError("-p " + kv + " is not key=value");
          }
          if (kv.substring(0, eq).equals(site.ycsbx.tools.clients.StartAt.PROPERTY)) {
            throw new UserError("-p " + site.ycsbx.tools.clients.StartAt.PROPERTY + " names one instant, and a sweep runs"
                + " its points one after another; leave it out of a sweep");
          }
          if (OWN_PROPERTIES.contains(kv.substring(0, eq))) {
            throw new UserError("-p " + kv.substring(0, eq) + " is set per point by the sweep (it exports every point as JSON"
                + " with an HdrHistogram); leave it out");
          }
          a.ycsbArgs.add(o);
          a.ycsbArgs.add(kv);
        }
        case "-target", "-l" -> {
          a.ycsbArgs.add(o);
          a.ycsbArgs.add(value(args, ++i, o));
        }
        case "-s" -> a.ycsbArgs.add(o);
        default -> throw new UserError("unknown sweep option " + o + "; usage: ycsb " + USAGE);
      }
    }
    if (a.threads == null) {
      throw new UserError("sweep needs --threads, a comma-separated list of thread counts such as 1,2,4,8");
    }
    // every point would fail the same way: bad input is refused before the sweep's folder exists
    for (int t : a.threads) {
      List<String> point = new ArrayList<>(List.of(a.phase, a.binding));
      point.addAll(a.ycsbArgs);
      point.addAll(List.of("-threads", String.valueOf(t)));
      RunChecks.checkArguments(point);
    }
    if (a.reload && a.phase.equals("load")) {
      throw new UserError("--reload re-runs the load before each point of a run sweep; a load sweep loads anyway");
    }
    if (a.phase.equals("load") && a.threads.size() * a.repeat > 1 && !loadsRepeat(a)) {
      throw new UserError("sweep load with " + a.workloadClass() + ": every point inserts the same keys"
          + " (insertstart..insertstart+recordcount), so every point after the first fails on duplicate keys and"
          + " the verdict would rest on one point; load once (bin/ycsb load) and sweep run, start each point"
          + " afresh with -p " + YcsbTable.DROP_PROPERTY + "=true (the binding drops YCSB's table first), or sweep a"
          + " workload whose load appends or starts afresh (iibench, with iibench.drop=true for an empty table per point)");
    }
    if (a.phase.equals("load") && a.threads.size() * a.repeat > 1) {
      String why = a.whyLoadCannotRepeat();
      if (why != null) {
        throw new UserError("sweep load: " + why);
      }
    }
    a.out = outFolder(a.out, a.phase, a.binding);
    if (a.label == null) {
      a.label = defaultLabel(a.binding, a.workloadFiles);
    }
    return a;
  }

  /** {@code --out}, or sweep-<phase>-<binding>-<time>; refused when it already holds a sweep. */
  static Path outFolder(Path given, String phase, String binding) {
    Path out = given != null ? given : Path.of("sweep-" + phase + "-" + binding.replaceAll("[^A-Za-z0-9_.-]", "_")
        + "-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    if (Files.exists(out.resolve(SweepReport.JSON_FILE))) {
      throw new UserError("--out " + out + " already holds a sweep (" + SweepReport.JSON_FILE
          + "); give another folder, nothing is overwritten");
    }
    return out;
  }

  /** The binding and the last workload file's name. */
  static String defaultLabel(String binding, List<String> workloadFiles) {
    return binding + (workloadFiles.isEmpty() ? "" : " " + Path.of(workloadFiles.get(workloadFiles.size() - 1))
        .getFileName());
  }

  /** The workload class the points run, as YCSB reads it: -P files in order, then -p. */
  String workloadClass() {
    return resolved().getProperty("workload", "site.ycsb.workloads.CoreWorkload");
  }

  private String whyLoadCannotRepeat() {
    try {
      Class<?> w = Class.forName(workloadClass(), false, SweepArgs.class.getClassLoader());
      if (RepeatableLoad.class.isAssignableFrom(w)) {
        Properties p = resolved();
        p.setProperty("dotransactions", "false");
        return ((RepeatableLoad) w.getDeclaredConstructor().newInstance()).whyLoadCannotRepeat(p);
      }
    } catch (ReflectiveOperationException | LinkageError e) {
      // an unknown class: the first point reports it as bad input
    }
    return null;
  }

  /** The properties as YCSB reads them: -P files in order, then -p. */
  private Properties resolved() {
    Properties p = new Properties();
    for (String f : workloadFiles) {
      try (Reader r = Files.newBufferedReader(Path.of(f))) {
        p.load(r);
      } catch (IOException e) {
        throw new UserError("workload file " + f + " cannot be read: " + e.getMessage());
      }
    }
    for (int i = 0; i + 1 < ycsbArgs.size(); i++) {
      String kv = ycsbArgs.get(i + 1);
      if (ycsbArgs.get(i).equals("-p") && kv.indexOf('=') > 0) {
        p.setProperty(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
      }
    }
    return p;
  }

  /**
   * Whether the workload's load can run again on what the previous point left: YCSB-X's store
   * workloads append or drop their own tables; YCSB's key/value workloads insert fixed keys, which
   * start afresh only when the binding drops YCSB's table first ({@value YcsbTable#DROP_PROPERTY}=true).
   */
  private static boolean loadsRepeat(SweepArgs a) {
    if (YcsbTable.drop(a.resolved())) {
      // each point's load drops YCSB's table first: every point starts afresh
      return true;
    }
    try {
      Class<?> w = Class.forName(a.workloadClass(), false, SweepArgs.class.getClassLoader());
      return StoreDemand.Source.class.isAssignableFrom(w);
    } catch (ClassNotFoundException | LinkageError e) {
      return true; // an unknown class: the first point reports it as bad input
    }
  }

  /** "1,2,4,8": whole numbers from 1 to 100000, each once. */
  static List<Integer> threadList(String s) {
    String accepts = "--threads accepts a comma-separated list of whole numbers from 1 to 100000, e.g. 1,2,4,8";
    if (s.isBlank()) {
      throw new UserError("--threads is empty; " + accepts);
    }
    List<Integer> out = new ArrayList<>();
    for (String part : s.split(",", -1)) {
      String p = part.trim();
      int n;
      try {
        n = Integer.parseInt(p);
      } catch (NumberFormatException e) {
        throw new UserError("--threads " + s + ": '" + p + "' is not a whole number; " + accepts);
      }
      if (n < 1 || n > 100_000) {
        throw new UserError("--threads " + s + ": " + n + " is out of range; " + accepts);
      }
      if (out.contains(n)) {
        throw new UserError("--threads " + s + ": " + n + " appears twice; " + accepts);
      }
      out.add(n);
    }
    return out.stream().sorted().toList();
  }

  private static String value(List<String> args, int i, String option) {
    if (i >= args.size()) {
      throw new UserError(option + " needs a value; usage: ycsb " + USAGE);
    }
    return args.get(i);
  }

  private static int wholeNumber(String option, String v, int min, int max) {
    try {
      int n = Integer.parseInt(v.trim());
      if (n >= min && n <= max) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new UserError(option + " " + v + ": " + option + " accepts a whole number from " + min + " to " + max);
  }

  static double positive(String option, String v) {
    try {
      double d = Double.parseDouble(v.trim());
      if (d > 0 && Double.isFinite(d)) {
        return d;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new UserError(option + " " + v + ": " + option + " accepts a number of milliseconds above 0, e.g. 1 or 0.5");
  }
}
