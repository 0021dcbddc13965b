package site.ycsbx.workloads.sysbench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import site.ycsb.Status;
import site.ycsbx.verdict.ErrorLog;
import site.ycsbx.measurements.OpTimer;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.sysbench.SysbenchStore;
import site.ycsbx.store.sysbench.SysbenchTable;
import site.ycsbx.store.sysbench.TableCensus;

/**
 * {@code sysbench.verify=true}: every table holds ids 1..table_size exactly once (a delete and
 * insert of the same id keeps the count) and its k index lists the same rows (count and sum of k
 * read through the index). Mismatches listed; status UNEXPECTED_STATE under {@value #VERIFY}, so
 * the run exits 1.
 */
final class SysbenchVerification {
  static final String VERIFY = "VERIFY";

  private final SysbenchSettings settings;

  SysbenchVerification(SysbenchSettings settings) {
    this.settings = settings;
  }

  static void cannotRun(Exception e) {
    String why = e.getMessage() != null ? e.getMessage() : e.toString();
    System.out.println("[SYSBENCH-VERIFY] cannot verify: " + why);
    ErrorLog.report(VERIFY, "cannot verify: " + why);
    OpTimer.recordCheck(VERIFY, Status.ERROR, System.nanoTime());
  }

  /** The tables checked: those this client loaded, or every table after a run. */
  private List<SysbenchTable> tables() {
    return settings.load ? settings.myTables() : settings.allTables();
  }

  void run(SysbenchStore store) {
    long start = System.nanoTime();
    List<String> mismatches = new ArrayList<>();
    Status status = Status.OK;
    List<SysbenchTable> tables = tables();
    try {
      for (SysbenchTable t : tables) {
        mismatches.addAll(check(t, store.census(t), settings.tableSize,
            settings.createSecondary || store.hasSecondaryIndex(t)));
      }
    } catch (StoreException | RuntimeException x) {
      status = Status.ERROR;
      ErrorLog.report(VERIFY, "cannot count: " + x.getMessage());
      System.out.println("[SYSBENCH-VERIFY] cannot count: " + x.getMessage());
    }
    if (status.isOk()) {
      System.out.println(String.format(Locale.ROOT, "[SYSBENCH-VERIFY] %d tables, ids 1..%d once each%s: %s",
          tables.size(), settings.tableSize, settings.createSecondary ? ", k index agrees" : "",
          mismatches.isEmpty() ? "OK" : mismatches.size() + " MISMATCHES"));
    }
    for (String m : mismatches) {
      System.out.println("[SYSBENCH-VERIFY] MISMATCH " + m);
    }
    if (!mismatches.isEmpty()) {
      status = Status.UNEXPECTED_STATE;
      ErrorLog.report(VERIFY, mismatches.size() + " tables differ, first: " + mismatches.get(0));
    }
    OpTimer.recordCheck(VERIFY, status, start);
  }

  /** {@code bin/ycsb verify}: every table of the properties, as after a run. */
  static site.ycsbx.workloads.StoredCheck stored(SysbenchSettings settings, SysbenchStore store,
      List<SysbenchTable> tables) throws StoreException {
    site.ycsbx.workloads.StoredCheck c = new site.ycsbx.workloads.StoredCheck("SYSBENCH-VERIFY");
    for (SysbenchTable t : tables) {
      check(t, store.census(t), settings.tableSize, settings.createSecondary || store.hasSecondaryIndex(t))
          .forEach(c::mismatch);
    }
    c.checking(String.format(Locale.ROOT, "%d tables (%s .. %s): ids 1..%d once each, the k index against the"
        + " table (rows and sum of k)", tables.size(), tables.get(0).name(), tables.get(tables.size() - 1).name(),
        settings.tableSize));
    return c.covered(String.format(Locale.ROOT, "%d tables of %d rows", tables.size(), settings.tableSize));
  }

  /** What is wrong with one table's census; empty when nothing is. */
  static List<String> check(SysbenchTable t, TableCensus c, int tableSize, boolean indexExpected) {
    List<String> out = new ArrayList<>();
    if (c.rows() != tableSize || c.minId() != 1 || c.maxId() != tableSize) {
      out.add(String.format(Locale.ROOT, "%s: %d rows, ids %d..%d; %d rows with ids 1..%d expected", t.name(),
          c.rows(), c.minId(), c.maxId(), tableSize, tableSize));
    }
    if (indexExpected && c.indexRows() < 0) {
      out.add(t.name() + ": no index " + t.indexName() + " on k");
    } else if (!c.indexAgrees()) {
      out.add(String.format(Locale.ROOT, "%s: index %s lists %d rows with sum(k) %d, the table %d rows with sum(k) %d",
          t.name(), t.indexName(), c.indexRows(), c.indexSumK(), c.rows(), c.sumK()));
    }
    return out;
  }
}
