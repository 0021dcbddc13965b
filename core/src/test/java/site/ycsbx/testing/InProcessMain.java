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
  /** What bin/ycsb's run sets JVM-wide before its last checks: YCSB's Measurements, the hook's flag. */
  private static final String[][] STATE = {{"site.ycsb.measurements.Measurements", "singleton"},
      {"site.ycsb.measurements.Measurements", "measurementproperties"},
      {"site.ycsbx.measurements.RunMeasurements", "installed"}};

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
    // (a test's own client may have left one)
    PreflightOnce.forget();
    Fingerprint.forget();
    // and leaves none behind: bin/ycsb installs its measurements hook before its last checks, and a
    // workload a later test drives in-process would take it for bin/ycsb's (no intervals of its own)
    Object[] measurements = measurements();
    System.setOut(out);
    System.setErr(err);
    try {
      code = Main.run(new ArrayList<>(List.of(args)), out, err, instead);
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
      restore(measurements);
      // nor its preflight's outcome: a later test's client in this JVM would get a refusal's cached
      // failure (FileMetaShardMainTest's, then MongoFileMetaShardWireTest's every client)
      PreflightOnce.forget();
      Fingerprint.forget();
    }
    return new Result(code, outBytes.toString(StandardCharsets.UTF_8), errBytes.toString(StandardCharsets.UTF_8),
        (System.nanoTime() - t0) / 1_000_000);
  }

  /** YCSB's Measurements singleton and properties, and whether bin/ycsb's hook is installed. */
  private static Object[] measurements() {
    Object[] saved = new Object[STATE.length];
    for (int i = 0; i < STATE.length; i++) {
      try {
        saved[i] = field(STATE[i]).get(null);
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException(e);
      }
    }
    return saved;
  }

  private static void restore(Object[] saved) {
    for (int i = 0; i < STATE.length; i++) {
      try {
        field(STATE[i]).set(null, saved[i]);
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException(e);
      }
    }
  }

  private static java.lang.reflect.Field field(String[] classAndName) throws ReflectiveOperationException {
    java.lang.reflect.Field f = Class.forName(classAndName[0]).getDeclaredField(classAndName[1]);
    f.setAccessible(true);
    return f;
  }
}
