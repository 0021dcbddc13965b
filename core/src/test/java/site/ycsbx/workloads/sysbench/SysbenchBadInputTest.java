package site.ycsbx.workloads.sysbench;

import static site.ycsbx.testing.OneLineError.assertOneLineError;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.MemorySysbenchDb;

/** Bad sysbench settings: one line, exit 2, before the binding is opened or anything created. */
@Tag("fast")
class SysbenchBadInputTest {
  private static site.ycsbx.testing.JavaProcess.Result load(String... props) {
    String[] args = new String[4 + 2 * props.length];
    args[0] = "load";
    args[1] = MemorySysbenchDb.class.getName();
    args[2] = "-P";
    args[3] = JavaProcess.workload("sysbench");
    for (int i = 0; i < props.length; i++) {
      args[4 + 2 * i] = "-p";
      args[5 + 2 * i] = props[i];
    }
    return InProcessMain.run(args);
  }

  @Test
  void noTables() {
    assertOneLineError(load("sysbench.tables=0"), 2, "sysbench.tables=0 is out of range");
  }

  @Test
  void tableSizeBelowOne() {
    assertOneLineError(load("sysbench.table_size=0"), 2, "sysbench.table_size=0 is out of range");
  }

  @Test
  void rangeAboveTheTable() {
    assertOneLineError(load("sysbench.table_size=50", "sysbench.range_size=51"), 2,
        "sysbench.range_size=51 is above sysbench.table_size=50");
  }

  @Test
  void unknownRandType() {
    assertOneLineError(load("sysbench.rand_type=zipf"), 2, "sysbench.rand_type=zipf",
        "uniform, gaussian, special or pareto");
  }

  @Test
  void unknownClientOrRangeType() {
    assertOneLineError(load("sysbench.client=mongodb"), 2, "sysbench.client=mongodb",
        "accepts sysbench or sysbench-mongodb");
    assertOneLineError(load("sysbench.range_type=lim"), 2, "sysbench.range_type=lim", "accepts between or limit");
    assertOneLineError(load("sysbench.table_per_transaction=yes"), 2, "sysbench.table_per_transaction=yes");
  }

  @Test
  void misspeltKey() {
    assertOneLineError(load("sysbench.tabels=4"), 2, "sysbench.tabels");
  }

  @Test
  void aLoadYcsbCannotCallOftenEnough() {
    assertOneLineError(load("recordcount=5", "sysbench.table_size=100000"), 2, "set recordcount=2147483647");
  }

  @Test
  void aTransactionOfNothing() {
    assertOneLineError(load("sysbench.point_selects=0", "sysbench.range_selects=false", "sysbench.index_updates=0",
        "sysbench.non_index_updates=0", "sysbench.delete_inserts=0"), 2, "a transaction would do nothing");
  }

  @Test
  void checkpointsNotWholeAscendingSeconds() {
    for (String bad : new String[] {"30,x", "0", "60,30", "30,30", "30,", "1.5", "-1"}) {
      assertOneLineError(load("sysbench.report_checkpoints=" + bad), 2, "sysbench.report_checkpoints=" + bad + ":",
          "ascending and comma-separated");
    }
  }
}
