package site.ycsbx.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import site.ycsbx.testing.JavaProcess.Result;

/** Bad input as the project promises it: the exit code, exactly one line on stderr, no stack trace. */
public final class OneLineError {
  private OneLineError() {
  }

  /** {@code r} exited with {@code exit} and printed one stderr line holding every {@code expected} text. */
  public static void assertOneLineError(Result r, int exit, String... expected) {
    assertEquals(exit, r.exitCode(), r.all());
    List<String> lines = r.stderrLines();
    assertEquals(1, lines.size(), "expected one line on stderr, got:\n" + r.stderr());
    for (String e : expected) {
      assertTrue(lines.get(0).contains(e), "'" + e + "' not in: " + lines.get(0));
    }
    assertFalse(r.all().contains("Exception"), r.all());
  }
}
