package site.ycsbx.tools;

import java.io.IOException;
import site.ycsbx.measurements.InterruptedExport;
import site.ycsbx.measurements.Interruption;
import site.ycsbx.verdict.RunVerdict;

/**
 * SIGINT and SIGTERM during a run: what was measured so far is exported (YCSB's summary through
 * the chosen exporter and {@code exportfile}, the error table), marked INTERRUPTED with the
 * signal and the time, and the JVM exits with 128 + the signal's number (130, 143), as shells
 * report a process a signal ended. Rows a binding still holds in an unsent batch are not sent:
 * their connection belongs to a client thread that may be inside a call, so they are counted as
 * not done ({@code BATCH_NOT_DONE}).
 */
final class Signals {
  /** The exit code of a run stopped by SIGINT (Ctrl-C). */
  static final int EXIT_SIGINT = 130;
  /** The exit code of a run stopped by SIGTERM. */
  static final int EXIT_SIGTERM = 143;
  // YCSB's export may have begun when the signal came: it is given this long to finish
  private static final long YCSB_EXPORT_WAIT_MILLIS = 30_000;

  private Signals() {
  }

  /** Replaces the JVM's default handling of SIGINT and SIGTERM for the rest of the run. */
  static void exportOnInterrupt() {
    handle("INT", EXIT_SIGINT);
    handle("TERM", EXIT_SIGTERM);
  }

  private static void handle(String name, int exitCode) {
    try {
      sun.misc.Signal.handle(new sun.misc.Signal(name), s -> interrupted("SIG" + name, exitCode));
    } catch (IllegalArgumentException e) {
      // the JVM keeps this signal (-Xrs, or a platform without it): its default handling stays
    }
  }

  private static void interrupted(String signal, int exitCode) {
    if (!Interruption.begin(signal, exitCode)) {
      Runtime.getRuntime().halt(exitCode); // a second signal: stop now
    }
    System.out.flush();
    System.err.println("[YCSB-X] " + signal + ": stopping the run; exporting the operations measured so far"
        + " (send it again to stop at once)");
    try {
      if (!InterruptedExport.run()) {
        long until = System.currentTimeMillis() + YCSB_EXPORT_WAIT_MILLIS;
        while (!RunVerdict.wasExported() && System.currentTimeMillis() < until) {
          Thread.sleep(50);
        }
      }
    } catch (IOException | RuntimeException e) {
      System.err.println("ycsb: the interrupted run's export failed: " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    System.exit(exitCode);
  }
}
