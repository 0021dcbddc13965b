package site.ycsbx.tools.experiment;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import site.ycsbx.util.UserError;

/**
 * Runs {@code bin/ycsb}'s Java side in a JVM of its own (YCSB's Client keeps static state and
 * exits its JVM; embedded servers hold their data folder for the life of their JVM), its output
 * into a log file. A JVM running when the experiment is stopped (Ctrl-C) is stopped with it.
 */
final class CellRunner {
  private final String mainClass;
  private volatile Process running;

  CellRunner(String mainClass) {
    this.mainClass = mainClass;
  }

  record Exit(int code, double seconds) {
  }

  Exit run(List<String> args, Path log) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    // the heap and JVM options the user gave this JVM (JAVA_OPTS, -jvm-args) apply to every cell
    for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (a.startsWith("-Xmx") || a.startsWith("-Xms") || a.startsWith("-XX:")) {
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
      return new Exit(code, (System.nanoTime() - t0) / 1e9);
    } catch (IOException e) {
      throw UserError.target("cannot start a cell's JVM (" + cmd.get(0) + "): " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      stop();
      return new Exit(130, (System.nanoTime() - t0) / 1e9);
    }
  }

  /** Stops the cell's JVM, giving it the time YCSB-X takes to write what it measured. */
  void stop() {
    Process p = running;
    if (p != null && p.isAlive()) {
      p.destroy();
      try {
        p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      p.destroyForcibly();
    }
  }

  /** The most telling line of a log: YCSB-X's own one-line verdict ({@code ycsb: ...}), else the last line. */
  static String lastLine(Path log) {
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
