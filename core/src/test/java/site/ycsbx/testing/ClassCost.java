package site.ycsbx.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * What each test class cost, appended to {@code target/test-cost.tsv} of the module it ran in:
 * wall seconds, CPU seconds of the test JVM and of the subprocesses it waited for (/proc's
 * cutime+cstime). The suite is CPU-bound on a small machine, so its time is cut where the CPU goes,
 * which wall time alone hides (a class that waits on a server or a clock costs little).
 * Registered through META-INF/services; writes nothing where /proc is missing.
 */
public final class ClassCost implements TestExecutionListener {
  private static final Path PROC = Path.of("/proc/self/stat");
  private static final Path OUT = Path.of("target", "test-cost.tsv");
  private final Map<String, long[]> started = new ConcurrentHashMap<>();

  /** {nanoTime, own CPU ticks, waited-for children's CPU ticks}, or null without /proc. */
  private static long[] now() {
    try {
      String stat = Files.readString(PROC);
      // the fields after the command name, which is in parentheses and may hold spaces
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return new long[] {System.nanoTime(), Long.parseLong(f[11]) + Long.parseLong(f[12]),
          Long.parseLong(f[13]) + Long.parseLong(f[14])};
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  @Override
  public void executionStarted(TestIdentifier id) {
    long[] now = id.getSource().orElse(null) instanceof ClassSource ? now() : null;
    if (now != null) {
      started.put(id.getUniqueId(), now);
    }
  }

  @Override
  public void executionFinished(TestIdentifier id, TestExecutionResult result) {
    long[] start = started.remove(id.getUniqueId());
    long[] end = start == null ? null : now();
    if (end == null || !Files.isDirectory(OUT.getParent())) {
      return;
    }
    // clock ticks: 100 a second on Linux (USER_HZ)
    String line = String.format(Locale.ROOT, "%s\t%.1f\t%.1f\t%.1f%n", ((ClassSource) id.getSource().get()).getClassName(),
        (end[0] - start[0]) / 1e9, (end[1] - start[1]) / 100.0, (end[2] - start[2]) / 100.0);
    try {
      Files.writeString(OUT, line, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      // a cost line is a developer's aid: never a test's failure
    }
  }
}
