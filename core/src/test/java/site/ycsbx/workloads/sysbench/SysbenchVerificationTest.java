package site.ycsbx.workloads.sysbench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.store.sysbench.RowBatch;
import site.ycsbx.store.sysbench.SysbenchStore;
import site.ycsbx.store.sysbench.SysbenchTable;
import site.ycsbx.testing.MemorySysbenchDb;

/**
 * {@code sysbench.verify=true} at the end of a run: a table whose ids differ has its line, which
 * names the ids missing and those outside 1..table_size; intact tables print OK.
 */
@Tag("fast")
class SysbenchVerificationTest {
  @AfterEach
  void clear() {
    MemorySysbenchDb.clear();
    StoreRegistry.clear();
  }

  private static String verified(SysbenchStore store, Properties p) {
    site.ycsb.measurements.Measurements.setProperties(new Properties()); // the check is timed as [VERIFY]
    PrintStream was = System.out;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    try {
      new SysbenchVerification(new SysbenchSettings(p)).run(store);
    } finally {
      System.setOut(was);
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void aTableWithHolesIsNamedOnItsLine() throws Exception {
    MemorySysbenchDb db = new MemorySysbenchDb();
    db.setProperties(new Properties());
    StoreRegistry.clear();
    db.init();
    SysbenchStore s = StoreRegistry.take(SysbenchStore.class);
    SysbenchTable t = new SysbenchTable(1);
    s.createTable(t, false);
    RowBatch b = new RowBatch(1);
    String c = String.join("-", java.util.Collections.nCopies(10, "1".repeat(11)));
    String pad = String.join("-", java.util.Collections.nCopies(5, "2".repeat(11)));
    for (int id : new int[] {1, 2, 4, 5, 6, 9, 12}) { // 3, 7, 8, 10 missing of 1..10; 12 outside
      b.start(id, 1);
      b.set(0, 5, c, pad);
      s.loadRows(t, b);
    }
    Properties p = new Properties();
    p.setProperty("sysbench.tables", "1");
    p.setProperty("sysbench.table_size", "10");
    p.setProperty("sysbench.create_secondary", "false");
    p.setProperty("sysbench.range_size", "5");
    p.setProperty("dotransactions", "true");
    String out = verified(s, p);
    assertTrue(out.contains("[SYSBENCH-VERIFY] 1 tables, ids 1..10 once each: 1 MISMATCHES"), out);
    assertTrue(out.contains("[SYSBENCH-VERIFY] MISMATCH sbtest1: 7 rows, ids 1..12; 10 rows with ids 1..10 expected;"
        + " missing ids 3, 7, 8, 10 (4); ids outside: 12 (1)"), out);
  }
}
