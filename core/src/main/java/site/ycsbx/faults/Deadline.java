package site.ycsbx.faults;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.Timer;
import java.util.TimerTask;
import java.util.concurrent.ConcurrentHashMap;
import site.ycsbx.verdict.RunVerdict;
import site.ycsbx.util.Props;

/**
 * YCSB's {@code maxexecutiontime} asks the client threads to stop, then waits for each one's
 * operation in flight, for ever if the server hangs (frozen, unreachable without a reset). Here,
 * {@value #GRACE_SECONDS} s after it, the bindings' connections are aborted (JDBC), so a hung
 * operation fails, its thread stops and YCSB exports what was measured; a thread whose driver
 * cannot be aborted (MongoDB, see {@link InFlight}) is left behind: its operation counts as
 * failed and the run is exported without it. Either way the run fails (exit 1): operations hung
 * past the deadline and the figures hold their latencies.
 */
public final class Deadline {
  /** YCSB's property, in seconds; 0 or unset: no limit. */
  public static final String MAX_EXECUTION_TIME_PROPERTY = "maxexecutiontime";
  /** How long operations in flight may still take after {@code maxexecutiontime} before they are aborted. */
  public static final int GRACE_SECONDS = 5;

  /** The exit code of a run exported without its hung threads (as bin/ycsb's failed run). */
  static final int EXIT_ABANDONED = 1;
  // YCSB's export may have begun when the grace ended: it is given this long to finish
  private static final long YCSB_EXPORT_WAIT_MILLIS = 30_000;

  /** Exports what was measured now; false when YCSB's own export has begun and will finish it. */
  public interface Export {
    boolean run() throws IOException;
  }

  // the results layer's export of a stuck run, handed in from there (it reads the outages back, so
  // faults may not call it by name); none: YCSB's own export is waited for
  private static volatile Export export;
  private static final Set<Runnable> ABORTS = ConcurrentHashMap.newKeySet();
  private static final Set<InFlight> WATCHED = ConcurrentHashMap.newKeySet();
  private static boolean armed;
  private static volatile boolean expired;
  private static volatile boolean threadsDone;
  private static volatile long threadsDoneMillis;

  private Deadline() {
  }

  /**
   * Starts the clock once per JVM (the first client thread's init, about when YCSB starts its
   * own); does nothing without a {@code maxexecutiontime}.
   */
  public static synchronized void arm(Properties p) {
    if (armed) {
      return;
    }
    armed = true;
    long seconds = Props.getLong(p, MAX_EXECUTION_TIME_PROPERTY, 0, Long.MIN_VALUE, Long.MAX_VALUE / 2000);
    if (seconds <= 0) {
      return;
    }
    Timer t = new Timer("ycsbx-deadline", true);
    t.schedule(new TimerTask() {
      @Override
      public void run() {
        expire(seconds);
      }
    }, (seconds + GRACE_SECONDS) * 1000);
  }

  /** How a stuck run is exported (measurements' InterruptedExport, handed in when its exporter loads). */
  public static void exportWith(Export e) {
    export = e;
  }

  /** Registers how to abort a connection's operation in flight; remove it when the connection closes. */
  public static void onExpiry(Runnable abort) {
    ABORTS.add(abort);
  }

  public static void remove(Runnable abort) {
    ABORTS.remove(abort);
  }

  /**
   * YCSB's client threads have all ended (the workload's cleanup starts): what runs now (a verify
   * on a connection of its own) is no operation of the run, and the deadline no longer applies.
   */
  public static void clientThreadsDone() {
    if (!threadsDone) {
      threadsDoneMillis = System.currentTimeMillis();
    }
    threadsDone = true;
  }

  /**
   * Epoch ms when YCSB's client threads ended (YCSB's Client reads its end of RunTime just before),
   * 0 before; the run folder's end of the timed phase.
   */
  public static long clientThreadsDoneMillis() {
    return threadsDoneMillis;
  }

  static void watch(InFlight f) {
    WATCHED.add(f);
  }

  static void unwatch(InFlight f) {
    WATCHED.remove(f);
  }

  /** Whether the grace after {@code maxexecutiontime} is over: failures now are aborts, not outages. */
  public static boolean expired() {
    return expired;
  }

  private static void expire(long seconds) {
    if (threadsDone) {
      return;
    }
    expired = true;
    if (!ABORTS.isEmpty()) {
      abort(seconds);
    }
    if (!WATCHED.isEmpty()) {
      abandon(seconds);
    }
  }

  private static void abort(long seconds) {
    System.err.println("[DEADLINE] " + MAX_EXECUTION_TIME_PROPERTY + "=" + seconds + " passed " + GRACE_SECONDS
        + " s ago and operations still wait on the server: aborting " + ABORTS.size() + " connections so that the"
        + " run ends and exports what it measured");
    RunVerdict.checkFailed(MAX_EXECUTION_TIME_PROPERTY + "=" + seconds + ": " + ABORTS.size()
        + " connections still waited on the server " + GRACE_SECONDS + " s after it and were aborted");
    for (Runnable r : ABORTS) {
      try {
        r.run();
      } catch (RuntimeException e) {
        // the connection is going away anyway
      }
    }
  }

  // the client threads still running cannot be stopped: YCSB's Client would wait for them for
  // ever, so the run is exported here, as a signal's is, and the JVM exits
  private static void abandon(long seconds) {
    String why = MAX_EXECUTION_TIME_PROPERTY + "=" + seconds + " and " + GRACE_SECONDS + " s of grace";
    List<InFlight> threads = new ArrayList<>(WATCHED);
    System.out.flush();
    System.err.println("[DEADLINE] " + MAX_EXECUTION_TIME_PROPERTY + "=" + seconds + " passed " + GRACE_SECONDS
        + " s ago and " + threads.size() + " client threads have not finished: their operations in flight count as"
        + " failed, and what was measured is exported without waiting for the server");
    List<String> ops = new ArrayList<>();
    for (InFlight f : threads) {
      String op = f.abandon(why);
      if (!op.isEmpty()) {
        ops.add(op);
      }
    }
    RunVerdict.checkFailed(MAX_EXECUTION_TIME_PROPERTY + "=" + seconds + ": " + threads.size() + " client threads had"
        + " not finished " + GRACE_SECONDS + " s after it (" + ops.size() + " operations in flight"
        + (ops.isEmpty() ? "" : ": " + String.join(", ", ops)) + "); the run was exported without them");
    try {
      Export now = export;
      if (now == null || !now.run()) {
        long until = System.currentTimeMillis() + YCSB_EXPORT_WAIT_MILLIS;
        while (!RunVerdict.wasExported() && System.currentTimeMillis() < until) {
          Thread.sleep(50);
        }
      }
    } catch (IOException | RuntimeException e) {
      System.err.println("ycsb: the export after " + MAX_EXECUTION_TIME_PROPERTY + " failed: " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    System.err.flush();
    System.exit(EXIT_ABANDONED);
  }
}
