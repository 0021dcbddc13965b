package site.ycsbx.workloads;

import java.util.Properties;

/**
 * YCSB 0.17's Client starts min(threadcount, its operation count) threads, where the count is
 * operationcount in a run and insertcount, else recordcount, in a load, each 0 when unset. At 0 it
 * starts no thread: nothing is loaded or run, and the stock Client exits 0 (a linkbench property file
 * without recordcount did exactly that). Refused before it starts, on both paths: bin/ycsb checks
 * it with the other properties; under the stock Client a YCSB-X workload's init() says it in one line
 * and exits 2, since an exception there is printed as a stack trace and the Client exits 0.
 */
public final class ClientThreads {
  private ClientThreads() {
  }

  /** Why YCSB's Client would start no thread with these properties; null when it starts one or more. */
  public static String noThreads(Properties p) {
    boolean run = Boolean.parseBoolean(p.getProperty("dotransactions", "true"));
    String key = run ? "operationcount" : p.containsKey("insertcount") ? "insertcount" : "recordcount";
    String v = p.getProperty(key);
    long n;
    try {
      n = v == null ? 0 : Long.parseLong(v.trim());
    } catch (NumberFormatException e) {
      return null; // said by the value checks
    }
    if (n != 0) {
      return null;
    }
    String why = key + "=" + (v == null ? "0 (unset: YCSB's default)" : v.trim()) + " makes YCSB's Client start 0 threads:"
        + " the " + (run ? "run" : "load") + " would do nothing; ";
    return why + (run ? "set operationcount (2147483647 with maxexecutiontime for a run bounded by time)"
        : "set " + key + " (2147483647 for iibench, linkbench, filemeta and sysbench, which stop on counts of their"
        + " own)");
  }

  /**
   * Under YCSB's stock Client, refuses a workload that would start no thread: one line on stderr,
   * exit 2. Does nothing when site.ycsb.Client's main is not the caller (bin/ycsb refused it before;
   * a test calls init() itself).
   */
  public static void refuseUnderStockClient(Properties p) {
    String why = noThreads(p);
    if (why == null || !calledByStockClient()) {
      return;
    }
    System.out.flush();
    System.err.println("ycsb: " + why);
    System.err.flush();
    System.exit(site.ycsbx.util.UserError.BAD_INPUT);
  }

  private static boolean calledByStockClient() {
    return StackWalker.getInstance().walk(frames -> frames.anyMatch(
        f -> f.getClassName().equals("site.ycsb.Client") && f.getMethodName().equals("main")));
  }
}
