package site.ycsbx.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.OneLineError;

/**
 * A linkbench property file without recordcount: YCSB's Client started 0 loader threads, loaded
 * nothing and exited 0 (bin/ycsb said only "no operation completed"). Refused in one line, exit 2,
 * on both paths.
 */
@Tag("process")
class ZeroThreadsTest {
  private static final String WHY = "recordcount=0 (unset: YCSB's default) makes YCSB's Client start 0 threads: the"
      + " load would do nothing; set recordcount (2147483647 for iibench, linkbench, filemeta and sysbench";

  private static Path file(Path dir) throws Exception {
    return Files.writeString(dir.resolve("linkbench-mine"), String.join("\n",
        "workload=site.ycsbx.workloads.linkbench.LinkBenchWorkload", "linkbench.startid1=1", "linkbench.maxid1=1001",
        ""));
  }

  @Test
  void binYcsbRefusesALoadOfNoThread(@TempDir Path dir) throws Exception {
    Path f = file(dir);
    OneLineError.assertOneLineError(InProcessMain.run("load", "null", "-P", f.toString(), "-threads", "4"), 2, WHY);
  }

  @Test
  void theStockClientRefusesItInOneLine(@TempDir Path dir) throws Exception {
    Result r = JavaProcess.run("site.ycsb.Client", "-load", "-db", "site.ycsbx.db.nulldb.NullDb", "-P",
        file(dir).toString(), "-threads", "4");
    assertEquals(2, r.exitCode(), r.all());
    // YCSB's own banner comes before it
    List<String> ours = r.stderrLines().stream().filter(l -> !l.startsWith("Command line:")
        && !l.startsWith("YCSB Client ") && !l.startsWith("Loading workload")).toList();
    assertEquals(1, ours.size(), "[" + r.stderr() + "]");
    assertTrue(ours.get(0).startsWith("ycsb: " + WHY), r.stderr());
    assertFalse(r.all().contains("Exception") || r.stdout().contains("LOAD PHASE COMPLETED"), r.all());
  }
}
