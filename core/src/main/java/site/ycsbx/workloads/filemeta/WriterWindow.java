package site.ycsbx.workloads.filemeta;

import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import site.ycsbx.util.PropertyDef;
import site.ycsbx.util.Props;
import site.ycsbx.util.UserError;

/**
 * When the writer threads of a read/write run write: from {@value #START} seconds after the run
 * starts, for {@value #SECONDS} seconds (0: to the end), as the file-metadata post ran a writer
 * for 60 s inside a read run and then watched the readers recover. Outside the window the writers
 * wait (before it) or end (after it); the readers run throughout. The switches are printed as they
 * happen and every status line says the writers' state, so the intervals of the window are marked.
 */
final class WriterWindow {
  static final String START = "filemeta.writer.start";
  static final double START_DEFAULT = 0;
  static final String SECONDS = "filemeta.writer.seconds";
  static final double SECONDS_DEFAULT = 0;
  static final PropertyDef START_DEF = PropertyDef.of(START, START_DEFAULT, "seconds into a read/write run when the"
      + " writer threads start writing (they wait until then; the readers run from the start)");
  static final PropertyDef SECONDS_DEF = PropertyDef.of(SECONDS, SECONDS_DEFAULT, "seconds the writer threads write"
      + " from filemeta.writer.start, then stop while the readers go on (0: to the end of the run)");
  // a waiting writer looks at the clock and the stop request this often
  private static final long WAIT_SLICE_NANOS = TimeUnit.MILLISECONDS.toNanos(50);

  final double start;
  final double seconds;
  private volatile long runStartNanos;
  private final AtomicBoolean saidOn = new AtomicBoolean();
  private final AtomicBoolean saidOff = new AtomicBoolean();

  private WriterWindow(double start, double seconds) {
    this.start = start;
    this.seconds = seconds;
  }

  /**
   * The window the properties ask for, or null when they ask none (writers write throughout).
   * Refuses a window in a run without writer threads, and one that ends after maxexecutiontime.
   */
  static WriterWindow read(Properties p, boolean load, int writers) {
    double start = Props.getDouble(p, START, START_DEFAULT, 0, 86_400 * 365);
    double seconds = Props.getDouble(p, SECONDS, SECONDS_DEFAULT, 0, 86_400 * 365);
    if (start == 0 && seconds == 0) {
      return null;
    }
    String asked = (start > 0 ? START + "=" + num(start) : "") + (start > 0 && seconds > 0 ? " and " : "")
        + (seconds > 0 ? SECONDS + "=" + num(seconds) : "");
    if (load || writers == 0) {
      throw new UserError(asked + " switches the writer threads of a run whose mix has reads and writes, but this "
          + (load ? "is a load" : "run has no writer thread (" + FileMetaSettings.WRITE_THREADS + "=0, or a mix"
          + " of reads or writes alone)") + "; remove " + (start > 0 && seconds > 0 ? "them" : "it")
          + " or run workloads/filemeta-readwrite");
    }
    long max = Props.getLong(p, "maxexecutiontime", 0, 0, Integer.MAX_VALUE);
    double end = start + seconds;
    if (max > 0 && (seconds > 0 ? end > max : start >= max)) {
      throw new UserError(asked + " " + (seconds > 0 ? "ends the writers' window at " + num(end) + " s" : "starts the"
          + " writers at " + num(start) + " s") + ", past the run's end at maxexecutiontime=" + max + "; the window"
          + " accepts " + START + " + " + SECONDS + " up to maxexecutiontime (" + SECONDS + "=0: to the end)");
    }
    return new WriterWindow(start, seconds);
  }

  private static String num(double v) {
    return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
  }

  /** The run's clock starts (the first client thread). */
  void runStarts(long nanos) {
    runStartNanos = nanos;
  }

  private long startNanos() {
    return runStartNanos + (long) (start * 1e9);
  }

  private boolean ended(long now) {
    return seconds > 0 && now >= startNanos() + (long) (seconds * 1e9);
  }

  /**
   * Called by a writer thread before each write: waits for the window's start (false when the run
   * stops meanwhile), true in the window, false once it ended (the writer's work is done).
   */
  boolean enter(BooleanSupplier stopRequested) {
    long now = System.nanoTime();
    while (now < startNanos()) {
      if (stopRequested.getAsBoolean()) {
        return false;
      }
      java.util.concurrent.locks.LockSupport.parkNanos(Math.min(WAIT_SLICE_NANOS, startNanos() - now));
      now = System.nanoTime();
    }
    if (ended(now)) {
      if (!saidOff.getAndSet(true)) {
        // the window's end, not when a writer noticed it (after its last write)
        System.out.println(String.format(Locale.ROOT, "[FILEMETA] writers off at %.1f s (%s=%s): the readers run on"
            + " alone", start + seconds, SECONDS, num(seconds)));
      }
      return false;
    }
    if (!saidOn.getAndSet(true)) {
      System.out.println(String.format(Locale.ROOT, "[FILEMETA] writers on at %.1f s (%s=%s)%s",
          (now - runStartNanos) / 1e9, START, num(start), seconds > 0 ? " for " + num(seconds) + " s" : ", to the end"));
    }
    return true;
  }

  /** The writers' state for the status line, as of now. */
  String state() {
    if (runStartNanos == 0) {
      return null;
    }
    long now = System.nanoTime();
    String window = num(start) + "-" + (seconds > 0 ? num(start + seconds) + " s" : "end");
    return now < startNanos() ? "writers off (on " + window + ")" : ended(now) ? "writers off (were on " + window + ")"
        : "writers ON (" + window + ")";
  }
}
