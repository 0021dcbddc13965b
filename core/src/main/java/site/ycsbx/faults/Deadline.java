package site.ycsbx.faults;

import java.util.Properties;
import java.util.Set;
import java.util.Timer;
import java.util.TimerTask;
import java.util.concurrent.ConcurrentHashMap;
import site.ycsbx.util.Props;

/**
 * YCSB's {@code maxexecutiontime} asks the client threads to stop, then waits for each one's
 * operation in flight, for ever if the server hangs (frozen, unreachable without a reset). Here
 * the bindings' connections are aborted {@value #GRACE_SECONDS} s after it, so a hung operation
 * fails, its thread stops and YCSB exports what was measured.
 */
public final class Deadline {
  /** YCSB's property, in seconds; 0 or unset: no limit. */
  public static final String MAX_EXECUTION_TIME_PROPERTY = "maxexecutiontime";
  /** How long operations in flight may still take after {@code maxexecutiontime} before they are aborted. */
  public static final int GRACE_SECONDS = 5;

  private static final Set<Runnable> ABORTS = ConcurrentHashMap.newKeySet();
  private static boolean armed;
  private static volatile boolean expired;

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

  /** Registers how to abort a connection's operation in flight; remove it when the connection closes. */
  public static void onExpiry(Runnable abort) {
    ABORTS.add(abort);
  }

  public static void remove(Runnable abort) {
    ABORTS.remove(abort);
  }

  /** Whether the grace after {@code maxexecutiontime} is over: failures now are aborts, not outages. */
  public static boolean expired() {
    return expired;
  }

  private static void expire(long seconds) {
    expired = true;
    if (ABORTS.isEmpty()) {
      return;
    }
    System.err.println("[DEADLINE] " + MAX_EXECUTION_TIME_PROPERTY + "=" + seconds + " passed " + GRACE_SECONDS
        + " s ago and operations still wait on the server: aborting " + ABORTS.size() + " connections so that the"
        + " run ends and exports what it measured");
    for (Runnable r : ABORTS) {
      try {
        r.run();
      } catch (RuntimeException e) {
        // the connection is going away anyway
      }
    }
  }
}
