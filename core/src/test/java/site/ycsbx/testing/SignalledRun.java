package site.ycsbx.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import site.ycsbx.testing.JavaProcess.Result;

/**
 * Starts {@code bin/ycsb}'s Main in a fresh JVM, waits until YCSB's Client has started its
 * threads and a little more, sends it a signal and collects what it printed and returned.
 *
 * <p>The JVM is started through perl, which restores the default handling of SIGINT and SIGTERM
 * before it execs java: a shell that started the build in the background (CI, nohup) leaves
 * SIGINT ignored, the child would inherit that, and the JVM never sees Ctrl-C.
 */
public final class SignalledRun {
  private SignalledRun() {
  }

  /** Runs Main with {@code args}, sends {@code signal} (INT or TERM) {@code afterMillis} after "Starting test.". */
  public static Result run(String signal, long afterMillis, String... args) {
    List<String> cmd = new ArrayList<>(List.of("perl", "-e", "$SIG{INT}='DEFAULT'; $SIG{TERM}='DEFAULT'; exec @ARGV or die"));
    cmd.addAll(JavaProcess.javaCommand());
    cmd.add("site.ycsbx.tools.Main");
    cmd.addAll(Arrays.asList(args));
    try {
      Path out = Files.createTempFile("ycsbx-out", ".txt");
      Path err = Files.createTempFile("ycsbx-err", ".txt");
      long t0 = System.nanoTime();
      Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
      while (!Files.readString(err).contains("Starting test.")) {
        if (!p.isAlive() || System.nanoTime() > deadline) {
          p.destroyForcibly();
          throw new AssertionError("the run did not start (exit " + (p.isAlive() ? "none" : p.exitValue()) + "):\n"
              + Files.readString(out) + "\n" + Files.readString(err));
        }
        Thread.sleep(50);
      }
      Thread.sleep(afterMillis);
      if (!p.isAlive()) {
        throw new AssertionError("the run ended before the signal:\n" + Files.readString(out) + "\n" + Files.readString(err));
      }
      Process kill = new ProcessBuilder("kill", "-s", signal, String.valueOf(p.pid())).inheritIO().start();
      if (kill.waitFor() != 0) {
        throw new AssertionError("kill -s " + signal + " " + p.pid() + " failed");
      }
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new AssertionError("still running 60 s after SIG" + signal + ":\n" + Files.readString(out) + "\n"
            + Files.readString(err));
      }
      Result r = new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8), (System.nanoTime() - t0) / 1_000_000);
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
      return r;
    } catch (IOException e) {
      throw new AssertionError("cannot run " + cmd, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
  }
}
