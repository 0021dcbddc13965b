package site.ycsbx.workloads.iibench;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.Status;
import site.ycsbx.verdict.ErrorLog;
import site.ycsbx.measurements.ForeignRows;
import site.ycsbx.measurements.OpTimer;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.iibench.IIBenchStore;
import site.ycsbx.store.iibench.IIBenchTable;

/**
 * The rows each table should hold after a run: those it had, plus the inserts acknowledged, minus
 * the deletes of {@code iibench.deleteperinsert}; {@code iibench.verify} counts them against the
 * table (timed as {@value IIBenchWorkload#VERIFY}).
 */
final class RowAccount {
  private final Map<String, AtomicLong> existing = new ConcurrentHashMap<>();
  private final Map<String, AtomicLong> acked = new ConcurrentHashMap<>();
  private final Map<String, AtomicLong> deleted = new ConcurrentHashMap<>();
  // rows of failed inserts and deletes: stored or not, the server alone knows
  private final Map<String, AtomicLong> failed = new ConcurrentHashMap<>();

  RowAccount(List<IIBenchTable> tables) {
    for (IIBenchTable t : tables) {
      existing.put(t.name(), new AtomicLong());
      acked.put(t.name(), new AtomicLong());
      deleted.put(t.name(), new AtomicLong());
      failed.put(t.name(), new AtomicLong());
    }
  }

  void existing(IIBenchTable table, long rows) {
    existing.get(table.name()).set(rows);
  }

  /** Rows the tables held before the run, all together. */
  long existingRows() {
    return existing.values().stream().mapToLong(AtomicLong::get).sum();
  }

  void acked(IIBenchTable table, long rows) {
    acked.get(table.name()).addAndGet(rows);
  }

  void deleted(IIBenchTable table, long rows) {
    deleted.get(table.name()).addAndGet(rows);
  }

  void failed(IIBenchTable table, long rows) {
    failed.get(table.name()).addAndGet(rows);
  }

  /** What the run wrote in each table, for the count of its rows at its end ({@link ForeignRows}). */
  Map<String, ForeignRows.Written> written(boolean dropped) {
    Map<String, ForeignRows.Written> out = new java.util.LinkedHashMap<>();
    acked.forEach((t, n) -> out.put(t, new ForeignRows.Written(n.get(), deleted.get(t).get(), failed.get(t).get(),
        dropped)));
    return out;
  }

  /** Rows the deletes removed, all tables together. */
  long deletedRows() {
    return deleted.values().stream().mapToLong(AtomicLong::get).sum();
  }

  void verify(IIBenchStore store, List<IIBenchTable> tables, boolean acknowledged) {
    for (IIBenchTable table : tables) {
      long start = System.nanoTime();
      long before = existing.get(table.name()).get();
      long in = acked.get(table.name()).get();
      long out = deleted.get(table.name()).get();
      long expected = before + in - out;
      String verdict;
      Status status = Status.OK;
      try {
        long actual = store.count(table);
        if (actual == expected) {
          verdict = "OK";
        } else if (actual < expected && !acknowledged) {
          verdict = "short by " + (expected - actual) + " (expected: writes are unacknowledged)";
        } else {
          verdict = "MISMATCH: " + (actual - expected) + " rows";
          status = Status.UNEXPECTED_STATE;
          ErrorLog.report(IIBenchWorkload.VERIFY, table.name() + " holds " + actual + " rows, " + expected + " expected");
        }
        String deletes = out == 0 ? "" : String.format(Locale.ROOT, " - %d deleted", out);
        System.out.println(String.format(Locale.ROOT, "[IIBENCH-VERIFY] %s: %d rows, %d expected (%d before + %d"
            + " acknowledged%s): %s", table.name(), actual, expected, before, in, deletes, verdict));
      } catch (StoreException | RuntimeException e) {
        status = Status.ERROR;
        ErrorLog.report(IIBenchWorkload.VERIFY, "cannot count " + table.name() + ": " + e.getMessage());
      }
      OpTimer.recordCheck(IIBenchWorkload.VERIFY, status, start);
    }
  }
}
