package site.ycsbx.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;

/**
 * A workload file's maxexecutiontime bounds runs: a load of workloads/sysbench (maxexecutiontime=10,
 * sysbench's --time) runs to its last row, and says so; a -p one still bounds a load; a run keeps
 * the file's.
 */
@Tag("fast")
class LoadTimeLimitTest {
  private static final String LINE = "[YCSB-X] load: the workload file's maxexecutiontime=10 bounds its runs; this load"
      + " runs to its last row (-p maxexecutiontime=10 bounds a load)";

  @Test
  void aLoadIgnoresTheFilesTimeLimitAndSaysSo() {
    List<String> reached = new ArrayList<>();
    Result r = InProcessMain.checks(reached, "load", "null", "-P", JavaProcess.workload("sysbench"));
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.stdout().contains(LINE), r.stdout());
    // YCSB's Client lets a -p override a -P file's value wherever it stands
    int at = reached.indexOf("maxexecutiontime=0");
    assertTrue(at > 0, reached.toString());
    assertEquals("-p", reached.get(at - 1), reached.toString());
  }

  @Test
  void aTimeLimitOnTheCommandLineStillBoundsALoad() {
    List<String> reached = new ArrayList<>();
    Result r = InProcessMain.checks(reached, "load", "null", "-P", JavaProcess.workload("sysbench"), "-p",
        "maxexecutiontime=5");
    assertEquals(0, r.exitCode(), r.all());
    assertFalse(r.stdout().contains("[YCSB-X] load: the workload file's"), r.stdout());
    assertFalse(reached.contains("maxexecutiontime=0"), reached.toString());
    assertTrue(reached.contains("maxexecutiontime=5"), reached.toString());
  }

  @Test
  void aRunKeepsTheFilesTimeLimit() {
    List<String> reached = new ArrayList<>();
    Result r = InProcessMain.checks(reached, "run", "null", "-P", JavaProcess.workload("sysbench"));
    assertEquals(0, r.exitCode(), r.all());
    assertFalse(r.stdout().contains("[YCSB-X] load: the workload file's"), r.stdout());
    assertFalse(reached.contains("maxexecutiontime=0"), reached.toString());
  }
}
