package site.ycsbx.tools.clients;

import java.io.PrintStream;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Properties;
import site.ycsbx.util.UserError;

/**
 * {@code ycsbx.startat=<ISO-8601 or epoch ms>}: the instant this client starts its timed phase,
 * shared by every client of a run so that their interval logs cover the same wall-clock time.
 * The client checks its arguments, workload and server first, then waits, then starts YCSB's
 * Client (whose run time starts there). An instant already past by more than a second is refused:
 * the clients would not start together.
 */
public final class StartAt {
  public static final String PROPERTY = "ycsbx.startat";
  /** How late a start may be and still count as "together". */
  static final long TOLERANCE_MS = 1000;
  /** How far ahead a start may be: beyond this it is more likely a typo than a plan. */
  static final long MAX_AHEAD_MS = 24L * 3600 * 1000;

  private final long epochMs;

  private StartAt(long epochMs) {
    this.epochMs = epochMs;
  }

  public long epochMs() {
    return epochMs;
  }

  /** The start instant, null when not set; refused when unreadable, past, or over a day ahead. */
  public static StartAt read(Properties p, long nowMs) {
    String v = p.getProperty(PROPERTY);
    if (v == null) {
      return null;
    }
    StartAt s = new StartAt(parse(v.trim()));
    s.checkNotPast(nowMs);
    if (s.epochMs - nowMs > MAX_AHEAD_MS) {
      throw new UserError(PROPERTY + "=" + v + " (" + Instant.ofEpochMilli(s.epochMs) + ") is more than a day ahead of"
          + " this host's clock (" + Instant.ofEpochMilli(nowMs) + ")");
    }
    return s;
  }

  static long parse(String v) {
    if (v.matches("\\d{1,15}")) {
      return Long.parseLong(v);
    }
    try {
      return OffsetDateTime.parse(v).toInstant().toEpochMilli();
    } catch (DateTimeParseException e) {
      throw new UserError(PROPERTY + "=" + v + " is not an instant; it accepts ISO-8601 with a zone"
          + " (2026-11-23T22:00:00Z, 2026-11-23T23:00:00+01:00) or epoch milliseconds");
    }
  }

  private void checkNotPast(long nowMs) {
    if (nowMs - epochMs > TOLERANCE_MS) {
      throw new UserError(PROPERTY + "=" + Instant.ofEpochMilli(epochMs) + " is " + (nowMs - epochMs) + " ms in the"
          + " past (this host's clock: " + Instant.ofEpochMilli(nowMs) + "); give every client a start a little ahead");
    }
  }

  /**
   * Prints what it waits for, sleeps until the instant, and prints when it ended: the instant
   * the timed phase starts (every client prints it, so their spread shows).
   *
   * @return the epoch ms at which the wait ended
   */
  public long await(PrintStream out) {
    long now = System.currentTimeMillis();
    // checked again: the server checks ran since the first check
    checkNotPast(now);
    out.printf("[YCSB-X] startat: waiting %.3f s for %s (epoch ms %d)%n", Math.max(0, epochMs - now) / 1000.0,
        Instant.ofEpochMilli(epochMs), epochMs);
    out.flush();
    long remaining;
    while ((remaining = epochMs - System.currentTimeMillis()) > 2) {
      try {
        Thread.sleep(remaining - 2);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new UserError(PROPERTY + ": interrupted while waiting for " + Instant.ofEpochMilli(epochMs));
      }
    }
    // the last milliseconds on the clock itself: sleep may oversleep by a scheduler tick
    long started;
    while ((started = System.currentTimeMillis()) < epochMs) {
      Thread.onSpinWait();
    }
    out.println("[YCSB-X] startat: timed phase started at epoch ms " + started + " (" + Instant.ofEpochMilli(started)
        + ", " + (started - epochMs) + " ms after " + PROPERTY + ")");
    out.flush();
    return started;
  }

  /** YCSB 0.17's classes its Client loads between its start and its clock's start (st). */
  private static final String[] CLIENT_CLASSES = {"site.ycsb.Client", "site.ycsb.ClientThread", "site.ycsb.DBWrapper",
      "site.ycsb.DBFactory", "site.ycsb.StatusThread", "site.ycsb.TerminatorThread", "site.ycsb.Utils",
      "site.ycsb.measurements.Measurements", "site.ycsb.measurements.OneMeasurementHdrHistogram",
      "site.ycsb.generator.ZipfianGenerator", "site.ycsb.generator.ScrambledZipfianGenerator",
      "site.ycsb.generator.UniformLongGenerator", "site.ycsb.generator.CounterGenerator",
      "site.ycsb.generator.AcknowledgedCounterGenerator", "site.ycsb.generator.DiscreteGenerator"};

  /**
   * The JDK's classes that it loads on its own at an arbitrary moment of a steady run: the lambda
   * form customizer ({@code MethodHandle$1}, a {@code Function}) is loaded when a hot method handle
   * passes the JDK's invocation threshold, seen 4 s into the timed phase (NothingLoadsMidRunTest,
   * twice in clean-clone runs), and a new implementer of {@code Function} can void code the JIT
   * compiled for the ones it had seen.
   */
  private static final String[] JDK_LATE_CLASSES = {"java.lang.invoke.MethodHandle$1"};

  /** Loads {@link #JDK_LATE_CLASSES} (every load and run, with or without ycsbx.startat). */
  public static void preloadJdk() {
    for (String name : JDK_LATE_CLASSES) {
      try {
        Class.forName(name, false, null);
      } catch (ClassNotFoundException e) {
        // another JDK: nothing of that name to load early
      }
    }
  }

  /**
   * Loads and initializes, before the wait, what YCSB's Client would load after the instant and
   * before its clock starts: its own classes, the workload's and the binding's (best effort: a
   * class that does not load is left to the Client, which says why). Measured on a busy 2-core
   * host: YCSB's clock started 0.5 s after the instant, 90 ms apart between three clients; the
   * class loading done here shortens both.
   */
  public static void preload(String... classNames) {
    ClassLoader cl = StartAt.class.getClassLoader();
    for (String[] names : new String[][] {CLIENT_CLASSES, classNames}) {
      for (String name : names) {
        try {
          Class.forName(name, true, cl);
        } catch (ClassNotFoundException | LinkageError | RuntimeException e) {
          // the Client loads it again and reports what is wrong
        }
      }
    }
    // the Client's tracer (HTrace): its builder loads and reflects over a few dozen classes
    try {
      new org.apache.htrace.core.Tracer.Builder("ycsbx-preload")
          .conf(org.apache.htrace.core.HTraceConfiguration.fromMap(java.util.Map.of())).build().close();
    } catch (RuntimeException | LinkageError e) {
      // as above
    }
  }
}
