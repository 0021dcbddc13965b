package site.ycsbx.measurements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.tools.Main;

/** {@code bin/ycsb run null ... -target N} on YCSB's Client in a fresh JVM: the null binding's call sites. */
@Tag("process")
class ScheduleEndToEndTest {
  private static final Pattern MAX_BEHIND = Pattern.compile("\\[SCHEDULE\\], MaxBehind\\(ms\\), (\\d+)");

  @TempDir
  Path tmp;

  // the schedule's figures are in the export file; the console has the [SCHEDULE] line
  private Result run(String target, String... extra) {
    String[] args = {"run", "null", "-P", JavaProcess.workload("workloada"), "-p", "recordcount=1000", "-target", target,
        "-threads", "1", "-p", "status.interval=1", "-p", "exportfile=" + tmp.resolve("export.txt")};
    String[] all = new String[args.length + extra.length];
    System.arraycopy(args, 0, all, 0, args.length);
    System.arraycopy(extra, 0, all, args.length, extra.length);
    return JavaProcess.run(Main.class.getName(), all);
  }

  private String exported() throws IOException {
    return Files.readString(tmp.resolve("export.txt"));
  }

  private long maxBehindMs() throws IOException {
    Matcher m = MAX_BEHIND.matcher(exported());
    assertTrue(m.find(), exported());
    return Long.parseLong(m.group(1));
  }

  /** A schedule of 10 ns per operation: no client keeps it, and the lag grows with the run. */
  @Test
  void aTargetTheClientCannotKeepIsSaidWhileItRunsAndInTheSummary() throws IOException {
    Result r = run("100000000", "-p", "operationcount=2000000000", "-p", "maxexecutiontime=4");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.stdout().contains("[YCSB-X] -target: measurement.interval=both"), r.stdout());
    assertTrue(r.stderr().contains("[SCHEDULE] fell behind the -target schedule of 100000000 ops/s "), r.stderr());
    assertTrue(Pattern.compile("(?m)^\\[SCHEDULE\\] \\d+ s: up to [0-9.]+ s behind the -target schedule of 100000000"
        + " ops/s \\(behind since \\d+ s").matcher(r.stderr()).find(), "a status line while it ran: " + r.stderr());
    assertTrue(maxBehindMs() > 1500, exported());
    assertTrue(exported().contains("[SCHEDULE], Target(ops/sec), 100000000"), exported());
  }

  @Test
  void aTargetTheClientKeepsIsSaidToBeKept() throws IOException {
    Result r = run("400", "-p", "operationcount=600");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.stderr().contains("[SCHEDULE] kept the -target schedule of 400 ops/s"), r.stderr());
    assertTrue(exported().contains("[SCHEDULE], FirstBehind(s), -1.0"), exported());
    assertTrue(maxBehindMs() < 1000, exported());
  }
}
