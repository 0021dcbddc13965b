package site.ycsbx.workloads.sysbench;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsbx.measurements.ForeignRows;
import site.ycsbx.store.sysbench.SysbenchTable;

/**
 * What a sysbench load or run wrote in each table, for the comparison of its tables' rows at its
 * start and end ({@link ForeignRows}): a load its rows per table (a failed batch's rows may or may
 * not be stored); a run nothing in net, as each transaction's delete and insert of one id commit
 * together, except under {@code sysbench.skip_trx}, where a failed transaction may have left its
 * delete without its insert.
 */
final class SysbenchRows {
  private final Map<String, AtomicLong> loaded = new ConcurrentHashMap<>();
  private final Map<String, AtomicLong> failed = new ConcurrentHashMap<>();
  private final AtomicLong failedTransactions = new AtomicLong();

  void loaded(SysbenchTable t, long rows) {
    loaded.computeIfAbsent(t.name(), k -> new AtomicLong()).addAndGet(rows);
  }

  void failedBatch(SysbenchTable t, long rows) {
    failed.computeIfAbsent(t.name(), k -> new AtomicLong()).addAndGet(rows);
  }

  void failedTransaction() {
    failedTransactions.incrementAndGet();
  }

  /** Each table's figures: {@code tables} of the run, the load's or the run's. */
  Map<String, ForeignRows.Written> written(SysbenchSettings s) {
    Map<String, ForeignRows.Written> out = new LinkedHashMap<>();
    for (int i = 1; i <= s.tables; i++) {
      String name = new SysbenchTable(i).name();
      if (s.load) {
        out.put(name, new ForeignRows.Written(get(loaded, name), 0, get(failed, name), s.drop));
      } else {
        // a failed transaction of autocommitted statements: up to its deletes may stay, in any table
        out.put(name, new ForeignRows.Written(0, 0, s.skipTrx ? failedTransactions.get() * s.deleteInserts : 0,
            false));
      }
    }
    return out;
  }

  private static long get(Map<String, AtomicLong> m, String k) {
    AtomicLong v = m.get(k);
    return v == null ? 0 : v.get();
  }
}
