package site.ycsbx.testing;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** What a piece of code prints to System.out, as {@link StdErr} for System.err. */
public final class StdOut {
  private StdOut() {
  }

  /** Runs {@code action} and returns what it printed to System.out (UTF-8). */
  public static synchronized String captured(StdErr.Action action) throws Exception {
    PrintStream original = System.out;
    ByteArrayOutputStream buffer = new ByteArrayOutputStream();
    System.setOut(new PrintStream(buffer, true, StandardCharsets.UTF_8));
    try {
      action.run();
    } finally {
      System.setOut(original);
    }
    return buffer.toString(StandardCharsets.UTF_8);
  }
}
