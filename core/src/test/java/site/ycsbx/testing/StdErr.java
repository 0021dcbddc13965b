package site.ycsbx.testing;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Runs code that is expected to fail operations with System.err captured: the ErrorLog's
 * {@code [ERROR] ...} lines it prints belong to the test, not to the build log next to
 * BUILD SUCCESS, where they read like a real failure.
 */
public final class StdErr {
  /** Code that may throw, as a test's body does. */
  @FunctionalInterface
  public interface Action {
    void run() throws Exception;
  }

  private StdErr() {
  }

  /** Runs {@code action} and returns what it printed to System.err (UTF-8). */
  public static synchronized String captured(Action action) throws Exception {
    PrintStream original = System.err;
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    System.setErr(new PrintStream(buffer, true, StandardCharsets.UTF_8));
    try {
      action.run();
    } finally {
      System.setErr(original);
    }
    return buffer.toString(StandardCharsets.UTF_8);
  }
}
