package site.ycsbx.measurements;

import java.time.Instant;
import java.util.concurrent.locks.LockSupport;

/**
 * A run stopped by SIGINT or SIGTERM. Once it is set, operations that start are held (they
 * never reach the server), so the measurements exported on the way out do not move under the
 * exporter and no thread finishes the run behind its back.
 */
public final class Interruption {
  /** The signal, its exit code (128 + its number, as shells report it) and when it came. */
  public record Signal(String name, int exitCode, Instant at) {
  }

  private static volatile Signal current;

  private Interruption() {
  }

  /** Records the signal; false when the run was already interrupted. */
  public static synchronized boolean begin(String name, int exitCode) {
    if (current != null) {
      return false;
    }
    current = new Signal(name, exitCode, Instant.now());
    return true;
  }

  /** The signal that stopped the run, or null. */
  public static Signal current() {
    return current;
  }

  /** Called as an operation starts: holds the calling thread forever once the run is interrupted. */
  public static void checkpoint() {
    if (current == null) {
      return;
    }
    while (true) {
      // the JVM is exiting; this thread only has to stay out of the way
      LockSupport.park(Interruption.class);
    }
  }
}
