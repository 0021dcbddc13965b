package site.ycsbx.faults;

import java.util.concurrent.locks.LockSupport;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;
import site.ycsbx.verdict.ErrorLog;

/**
 * One client thread's operation under way, for a binding whose driver cannot abort it from
 * another thread: MongoDB's synchronous driver keeps reading a checked-out connection after its
 * client is closed, so a frozen server holds the thread until it answers. When the
 * {@link Deadline}'s grace is over and the thread has not finished, its operation is recorded as
 * YCSB's wrapper would record a failure (latency so far, {@code Return=ERROR}), the thread is
 * left behind (held if the operation ever returns, so it is not counted twice) and the run is
 * exported without it.
 *
 * <p>Cost per operation: two volatile writes and a clock read. YCSB's intended start is the
 * client thread's own (a thread-local), so an abandoned operation's intended latency is counted
 * from its start too.
 */
public final class InFlight {
  /** What a failed operation's message says once {@link Deadline} abandoned it. */
  static final String ABANDONED = "abandoned: still waiting on the server ";

  private volatile String op;
  private volatile long startNanos;
  private volatile boolean abandoned;
  private boolean closed;

  private InFlight() {
  }

  /** A tracker for the calling client thread, watched by the {@link Deadline} until {@link #close()}. */
  public static InFlight open() {
    InFlight f = new InFlight();
    Deadline.watch(f);
    return f;
  }

  /**
   * An operation starts; {@code name} is YCSB's name for it (READ, UPDATE, ...) or null for work
   * that is not measured as an operation (a cleanup's last batch).
   */
  public void start(String name) {
    if (abandoned) {
      hold();
    }
    startNanos = System.nanoTime();
    op = name == null ? "" : name;
  }

  /** The operation returned. */
  public void end() {
    op = null;
    if (abandoned) {
      hold(); // recorded as failed and exported already
    }
  }

  /** The thread is done with the server (its cleanup ran). */
  public void close() {
    if (!closed) {
      closed = true;
      Deadline.unwatch(this);
    }
  }

  /**
   * Gives up on this thread: its operation in flight, if any, is recorded as failed with its
   * latency so far. Returns the operation's name, "" when the thread was between operations.
   */
  synchronized String abandon(String why) {
    abandoned = true;
    String name = op;
    if (name == null || name.isEmpty()) {
      return "";
    }
    long now = System.nanoTime();
    String failed = name + "-FAILED";
    // read here, not at open(): a binding may be used without YCSB's Client (tests, tools), whose
    // Measurements would have no properties
    Measurements measurements = Measurements.getMeasurements();
    measurements.measure(failed, micros(now - startNanos));
    measurements.measureIntended(failed, micros(now - startNanos));
    measurements.reportStatus(name, Status.ERROR);
    ErrorLog.report(name, String.format(java.util.Locale.ROOT, "%s%.1f s after it started (%s)", ABANDONED,
        (now - startNanos) / 1e9, why));
    return name;
  }

  private static int micros(long nanos) {
    return (int) Math.min(Integer.MAX_VALUE, nanos / 1000);
  }

  private static void hold() {
    while (true) {
      // the run was exported without this thread and the JVM is exiting
      LockSupport.park(InFlight.class);
    }
  }
}
