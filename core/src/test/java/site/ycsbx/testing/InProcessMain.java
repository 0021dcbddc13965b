package site.ycsbx.testing;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.PreflightOnce;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.tools.Main;

/**
 * bin/ycsb's Java side run in this JVM through {@link Main#run}, for what is decided before a run
 * starts: bad input, usage, a server refused by its preflight. A command that passes every check
 * stops where YCSB's Client would start (which exits its JVM: such runs belong in
 * {@link JavaProcess}). System.out and System.err are captured too, so a check that prints
 * around the streams it was given is seen.
 */
public final class InProcessMain {
  private InProcessMain() {
  }

  /** Runs {@code args}; a command that would start a run fails the test. */
  public static Result run(String... args) {
    return run(clientArgs -> {
      throw new AssertionError("every check passed and the run would start; use JavaProcess for runs: "
          + String.join(" ", args));
    }, args);
  }

  /**
   * Runs {@code args} up to where the run would start; the result's exit code is 0 when every
   * check passed. {@code reached} gets what YCSB's Client would have been given.
   */
  public static Result checks(List<String> reached, String... args) {
    return run(clientArgs -> reached.addAll(clientArgs), args);
  }

  private static synchronized Result run(Main.InsteadOfRun instead, String... args) {
    ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
    ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(outBytes, true, StandardCharsets.UTF_8);
    PrintStream err = new PrintStream(errBytes, true, StandardCharsets.UTF_8);
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    long t0 = System.nanoTime();
    int code;
    // each command starts as in a JVM of its own: no preflight outcome or fingerprint of the last one
    PreflightOnce.forget();
    Fingerprint.forget();
    System.setOut(out);
    System.setErr(err);
    try {
      code = Main.run(new ArrayList<>(List.of(args)), out, err, instead);
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
    }
    return new Result(code, outBytes.toString(StandardCharsets.UTF_8), errBytes.toString(StandardCharsets.UTF_8),
        (System.nanoTime() - t0) / 1_000_000);
  }
}
