package site.ycsbx.workloads.iibench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.MemoryIIBenchDb;
import site.ycsbx.tools.Main;

/**
 * The insert benchmark's l.i1/l.i2 (a delete of the oldest rows per insert) and qp (the point
 * query on the primary key), end to end through bin/ycsb's Main on core's in-memory binding.
 */
@Tag("process")
class IIBenchDeletesTest {
  private static Result load(String... extra) {
    List<String> args = new ArrayList<>(List.of("load", MemoryIIBenchDb.class.getName(), "-P",
        JavaProcess.workload("iibench"), "-p", "recordcount=2000", "-p", "iibench.batchsize=100",
        "-p", "iibench.verify=true"));
    args.addAll(Arrays.asList(extra));
    return JavaProcess.run(Main.class.getName(), args.toArray(new String[0]));
  }

  @Test
  void deletesPerInsertKeepTheTableSizeAndAreTimedApart() {
    Result r = load("-p", "memory.seedrows=5000", "-p", "iibench.deleteperinsert=true");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.stdout().contains("[INSERT_TXN], Operations, 20"), r.stdout());
    assertTrue(r.stdout().contains("[DELETE_TXN], Operations, 20"), r.stdout());
    assertTrue(r.stdout().contains("[DELETE_TXN], Return=OK, 20"), r.stdout());
    assertTrue(r.stdout().contains("[IIBENCH-VERIFY] purchases_index: 5000 rows, 5000 expected (5000 before + 2000"
        + " acknowledged - 2000 deleted): OK"), r.stdout());
  }

  @Test
  void withoutDeletesTheTableGrowsAndNoDeleteIsTimed() {
    Result r = load("-p", "memory.seedrows=5000");
    assertEquals(0, r.exitCode(), r.all());
    assertFalse(r.stdout().contains("[DELETE_TXN]"), r.stdout());
    assertTrue(r.stdout().contains("[IIBENCH-VERIFY] purchases_index: 7000 rows, 7000 expected (5000 before + 2000"
        + " acknowledged): OK"), r.stdout());
  }

  @Test
  void theQueryThreadsRunThePointQueryOnTheKey() {
    Result r = load("-threads", "2", "-p", "iibench.querythreads=1", "-p", "iibench.querykind=pk",
        "-p", "iibench.querylimit=1", "-p", "recordcount=50000", "-p", "iibench.querystartrows=100",
        "-p", "iibench.deleteperinsert=true", "-p", "memory.seedrows=100");
    assertEquals(0, r.exitCode(), r.all());
    Matcher m = Pattern.compile("\\[QUERY\\], Operations, (\\d+)").matcher(r.stdout());
    assertTrue(m.find(), r.stdout());
    assertTrue(Long.parseLong(m.group(1)) > 0, r.stdout());
    assertTrue(r.stdout().contains("[QUERY], Return=OK"), r.stdout());
  }

  @Test
  void anUnknownQueryKindIsOneLineBeforeAnythingIsCreated() {
    Result r = load("-p", "iibench.querykind=point");
    assertEquals(2, r.exitCode(), r.all());
    assertEquals(1, r.stderrLines().size(), r.stderr());
    assertTrue(r.stderr().contains("iibench.querykind=point is not a query kind; it accepts range or pk"), r.stderr());
    assertFalse(r.stdout().contains("[IIBENCH]"), r.stdout());
  }
}
