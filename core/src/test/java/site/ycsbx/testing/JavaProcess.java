package site.ycsbx.testing;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a main class in a fresh JVM with this test JVM's class path, the way end-to-end tests
 * run YCSB's stock Client or {@code bin/ycsb}'s Main: YCSB's Client keeps static state and calls
 * System.exit, so it cannot run in the test JVM.
 */
public final class JavaProcess {
  /** What a finished process printed and returned. */
  public record Result(int exitCode, String stdout, String stderr, long millis) {
    public String all() {
      return stdout + "\n" + stderr;
    }

    /** Lines of stderr that are not JVM noise. */
    public List<String> stderrLines() {
      return Arrays.stream(stderr.split("\n")).filter(l -> !l.isBlank()).toList();
    }
  }

  private JavaProcess() {
  }

  /**
   * The start of a child JVM's command line: this JVM's java and class path, and the options every
   * test child gets. A test's runs are short and check behaviour, not speed, so the JIT stops at
   * C1 and the heap is small and serially collected: about a third less CPU a child
   * (docs/developing.md has the figures). {@code ycsbx.test.childJvm=full} gives the children the
   * JVM's defaults, to rule the options out when a test behaves differently.
   */
  public static List<String> javaCommand() {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xmx512m");
    if (!"full".equals(System.getProperty("ycsbx.test.childJvm", System.getenv("YCSBX_TEST_CHILD_JVM")))) {
      cmd.addAll(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-XX:-UsePerfData"));
    }
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    return cmd;
  }

  public static Result run(String mainClass, String... args) {
    return run(null, 180, mainClass, args);
  }

  /** Runs {@code mainClass} in {@code workDir} (null: current), killed after the timeout. */
  public static Result run(Path workDir, int timeoutSeconds, String mainClass, String... args) {
    List<String> cmd = javaCommand();
    cmd.add(mainClass);
    cmd.addAll(Arrays.asList(args));
    return exec(cmd, workDir, timeoutSeconds);
  }

  /** Runs {@code mainClass} with {@code input} on its standard input, killed after the timeout. */
  public static Result runWithInput(String input, int timeoutSeconds, String mainClass, String... args) {
    List<String> cmd = javaCommand();
    cmd.add(mainClass);
    cmd.addAll(Arrays.asList(args));
    return exec(cmd, null, timeoutSeconds, input);
  }

  /** Runs any command. */
  public static Result exec(List<String> cmd, Path workDir, int timeoutSeconds) {
    return exec(cmd, workDir, timeoutSeconds, null);
  }

  /** Runs any command, with {@code input} (null: none) on its standard input. */
  public static Result exec(List<String> cmd, Path workDir, int timeoutSeconds, String input) {
    try {
      Path out = Files.createTempFile("ycsbx-out", ".txt");
      Path err = Files.createTempFile("ycsbx-err", ".txt");
      ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
      Path in = null;
      if (input != null) {
        in = Files.createTempFile("ycsbx-in", ".txt");
        Files.writeString(in, input, StandardCharsets.UTF_8);
        pb.redirectInput(in.toFile());
      }
      if (workDir != null) {
        pb.directory(workDir.toFile());
      }
      long t0 = System.nanoTime();
      Process p = pb.start();
      if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new AssertionError("timed out after " + timeoutSeconds + " s: " + String.join(" ", cmd)
            + "\nstdout:\n" + Files.readString(out) + "\nstderr:\n" + Files.readString(err));
      }
      long ms = (System.nanoTime() - t0) / 1_000_000;
      Result r = new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8), ms);
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
      if (in != null) {
        Files.deleteIfExists(in);
      }
      return r;
    } catch (IOException e) {
      throw new AssertionError("cannot run " + cmd, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
  }

  /** The repository root (the folder holding workloads/), found from the working directory. */
  public static Path repoRoot() {
    File f = new File("").getAbsoluteFile();
    while (f != null && !new File(f, "workloads").isDirectory()) {
      f = f.getParentFile();
    }
    if (f == null) {
      throw new AssertionError("no workloads/ folder above " + new File("").getAbsolutePath());
    }
    return f.toPath();
  }

  /** A workload file under the repository's workloads/. */
  public static String workload(String name) {
    return repoRoot().resolve("workloads").resolve(name).toString();
  }
}
