package site.ycsbx.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** bin/ycsb's Java side (site.ycsbx.tools.Main), or another main, in a child JVM while the test breaks its server. */
public final class Background implements AutoCloseable {
  private final Process process;
  private final Path out;
  private final Path err;
  private final long startNanos = System.nanoTime();

  private Background(Process process, Path out, Path err) {
    this.process = process;
    this.out = out;
    this.err = err;
  }

  public static Background main(String... args) throws IOException {
    return java("site.ycsbx.tools.Main", args);
  }

  /** Any main class on the test's class path (e.g. YCSB's stock site.ycsb.Client). */
  public static Background java(String mainClass, String... args) throws IOException {
    List<String> cmd = JavaProcess.javaCommand();
    cmd.add(mainClass);
    cmd.addAll(Arrays.asList(args));
    Path out = Files.createTempFile("ycsbx-out", ".txt");
    Path err = Files.createTempFile("ycsbx-err", ".txt");
    Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    return new Background(p, out, err);
  }

  /** Waits for the exit; the result with the run's output. */
  public JavaProcess.Result await(int timeoutSeconds) throws IOException, InterruptedException {
    if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("the run did not end within " + timeoutSeconds + " s\nstdout:\n" + Files.readString(out)
          + "\nstderr:\n" + Files.readString(err));
    }
    JavaProcess.Result r = new JavaProcess.Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8), (System.nanoTime() - startNanos) / 1_000_000);
    Files.deleteIfExists(out);
    Files.deleteIfExists(err);
    return r;
  }

  /** Kills the child JVM if it still runs (a test that failed before awaiting it). */
  @Override
  public void close() {
    process.destroyForcibly();
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  public String stderrSoFar() throws IOException {
    return Files.readString(err);
  }
}
