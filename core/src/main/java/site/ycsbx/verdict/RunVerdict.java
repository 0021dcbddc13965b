package site.ycsbx.verdict;

import java.util.Properties;
import site.ycsbx.util.Props;

/**
 * Whether a run's results may be trusted: set when YCSB exports its measurements, read by the
 * launcher to choose its exit code. Stock YCSB exits 0 and prints a throughput even when every
 * operation failed; YCSB-X does not.
 */
public final class RunVerdict {
  /** Highest share of failed operations, in percent, that still counts as a good run. */
  public static final String MAX_ERROR_PERCENT_PROPERTY = "ycsbx.maxerrorpercent";
  /** A load must not lose a single row. */
  public static final double MAX_ERROR_PERCENT_LOAD_DEFAULT = 0.0;
  /** A run tolerates rare failures (e.g. a read racing a delete). */
  public static final double MAX_ERROR_PERCENT_RUN_DEFAULT = 1.0;

  private static volatile double maxErrorPercent = -1;
  private static volatile boolean load;
  private static volatile long requested = -1;
  private static volatile String requestedBy = "";
  private static volatile long maxExecutionSeconds;
  private static volatile boolean exported;
  private static volatile String failure;
  private static volatile String checkFailure;

  private RunVerdict() {
  }

  /** Reads the threshold for this phase; call before the run starts. */
  public static void configure(Properties props) {
    load = !Boolean.parseBoolean(props.getProperty("dotransactions", "true"));
    maxErrorPercent = Props.getDouble(props, MAX_ERROR_PERCENT_PROPERTY,
        load ? MAX_ERROR_PERCENT_LOAD_DEFAULT : MAX_ERROR_PERCENT_RUN_DEFAULT, 0, 100);
    maxExecutionSeconds = parseLong(props.getProperty("maxexecutiontime"), 0);
    requested = -1;
    requestedBy = "";
    if (isCoreWorkload(props.getProperty("workload"))) {
      // what YCSB's Client hands its threads: insertcount (else recordcount) in a load,
      // operationcount in a run
      String key = load ? (props.getProperty("insertcount") != null ? "insertcount" : "recordcount") : "operationcount";
      requested = parseLong(props.getProperty(key), -1);
      requestedBy = key;
    }
  }

  // YCSB's own workloads do one operation per call of the Client's thread loop, so the count asked
  // for is the count of operations; YCSB-X's workloads (iibench, linkbench, ...) end their
  // threads on quotas of their own and count their rows themselves
  private static boolean isCoreWorkload(String className) {
    try {
      return site.ycsb.workloads.CoreWorkload.class.isAssignableFrom(
          Class.forName(className == null ? site.ycsb.workloads.CoreWorkload.class.getName() : className, false,
              RunVerdict.class.getClassLoader()));
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  private static long parseLong(String s, long otherwise) {
    try {
      return s == null ? otherwise : Long.parseLong(s.trim());
    } catch (NumberFormatException e) {
      return otherwise;
    }
  }

  /**
   * Operations the run was asked to do (YCSB's core workloads), or -1 when that is not a count of
   * operations (0: no limit).
   */
  public static long requested() {
    return requested;
  }

  /** The property that set {@link #requested()}: recordcount, insertcount or operationcount. */
  public static String requestedBy() {
    return requestedBy;
  }

  /** YCSB's maxexecutiontime in seconds, 0 when not set. */
  public static long maxExecutionSeconds() {
    return maxExecutionSeconds;
  }

  public static double maxErrorPercent() {
    return maxErrorPercent < 0 ? (load ? MAX_ERROR_PERCENT_LOAD_DEFAULT : MAX_ERROR_PERCENT_RUN_DEFAULT)
        : maxErrorPercent;
  }

  public static boolean isLoad() {
    return load;
  }

  public static void exported(String failureOrNull) {
    exported = true;
    failure = failureOrNull;
  }

  /**
   * A check of the data (a workload's verify) failed: the run fails whatever the error share, since
   * a single lost row or wrong count makes its figures untrustworthy.
   */
  public static void checkFailed(String why) {
    checkFailure = why;
  }

  /** The failed check, or null. */
  public static String checkFailure() {
    return checkFailure;
  }

  /** True once YCSB exported its measurements (false when the run stopped before). */
  public static boolean wasExported() {
    return exported;
  }

  /** Why the run is not trustworthy, or null when it is. */
  public static String failure() {
    return failure;
  }
}
