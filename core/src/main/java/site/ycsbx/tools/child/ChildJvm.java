package site.ycsbx.tools.child;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import site.ycsbx.util.UserError;

/**
 * Runs {@code bin/ycsb}'s Java side in a JVM of its own, one at a time, its output into a log
 * file: YCSB's Client keeps static state and exits its JVM, and embedded servers hold their data
 * folder for the life of their JVM, so a sweep's point and an experiment's cell each get a fresh
 * one. The JVM running when the command is stopped (Ctrl-C) is stopped with it ({@link #stop},
 * {@link #signal}), so no benchmark goes on unwatched.
 */
public final class ChildJvm {
  /** The child's exit code ({@link #INTERRUPTED} when this JVM was interrupted waiting) and its time. */
  public record Exit(int code, long wallNanos) {
    public double seconds() {
      return wallNanos / 1e9;
    }
  }

  /** The exit code of a child whose wait was interrupted: as a load or run stopped by Ctrl-C (docs/exit-codes.md). */
  public static final int INTERRUPTED = 130;

  private final String mainClass;
  private final String what;
  private final List<String> jvmOptionPrefixes;
  private volatile Process running;

  /**
   * @param mainClass the class the child runs ({@code site.ycsbx.tools.Main})
   * @param what what a child is, for the message when it cannot start ("a cell", "a point")
   * @param jvmOptionPrefixes which of this JVM's options (JAVA_OPTS, -jvm-args) every child gets, by prefix
   */
  public ChildJvm(String mainClass, String what, List<String> jvmOptionPrefixes) {
    this.mainClass = mainClass;
    this.what = what;
    this.jvmOptionPrefixes = List.copyOf(jvmOptionPrefixes);
  }

  /**
   * Runs the main class with {@code args} and waits for it. Interrupted, it stops the child and
   * returns {@link #INTERRUPTED}, the interrupt kept.
   */
  public Exit run(List<String> args, Path log) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (jvmOptionPrefixes.stream().anyMatch(a::startsWith)) {
        cmd.add(a);
      }
    }
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass));
    cmd.addAll(args);
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
    long t0 = System.nanoTime();
    try {
      Process p = pb.start();
      running = p;
      int code = p.waitFor();
      running = null;
      return new Exit(code, System.nanoTime() - t0);
    } catch (IOException e) {
      throw UserError.target("cannot start " + what + "'s JVM (" + cmd.get(0) + "): " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      stop();
      return new Exit(INTERRUPTED, System.nanoTime() - t0);
    }
  }

  /** Stops the running child, giving it the time YCSB-X takes to write what it measured. */
  public void stop() {
    Process p = running;
    if (p != null && p.isAlive()) {
      p.destroy();
      try {
        p.waitFor(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      p.destroyForcibly();
    }
  }

  /** Signals the running child to stop (SIGTERM) without waiting for it: this JVM is ending. */
  public void signal() {
    Process p = running;
    if (p != null && p.isAlive()) {
      p.destroy();
    }
  }

  /** The most telling line of a child's log: YCSB-X's own one-line verdict ({@code ycsb: ...}), else the last line. */
  public static String lastLine(Path log) {
    try {
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8).stream().filter(l -> !l.isBlank()).toList();
      for (int i = lines.size() - 1; i >= 0; i--) {
        if (lines.get(i).startsWith("ycsb:")) {
          return lines.get(i).trim();
        }
      }
      return lines.isEmpty() ? "(no output)" : lines.get(lines.size() - 1).trim();
    } catch (IOException e) {
      return "(no log)";
    }
  }
}
