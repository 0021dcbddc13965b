package site.ycsbx.workloads.sysbench;

import site.ycsbx.store.StoreException;
import site.ycsbx.store.sysbench.KeyRange;
import site.ycsbx.store.sysbench.SysbenchStore;
import site.ycsbx.store.sysbench.SysbenchTable;

/**
 * The statements of one OLTP transaction between BEGIN and COMMIT, drawn and sent in sysbench's
 * order (point selects, the four kinds of range, the updates, the delete and insert), each through
 * the thread's {@link Steps}, which time and count it. The tables: sysbench 1.0 draws one for each
 * kind of statement (its oltp_common.lua calls get_table_num() in each execute_* function);
 * sysbench-mongodb one collection per transaction, before its first step
 * ({@code sysbench.table_per_transaction=true}). The ranges: {@link SysbenchSettings#range}.
 */
final class SysbenchStatements {
  @FunctionalInterface
  interface Call {
    void run() throws StoreException;
  }

  @FunctionalInterface
  interface Update {
    /** Returns the rows it changed. */
    int run() throws StoreException;
  }

  @FunctionalInterface
  private interface Range {
    void run(SysbenchTable t, KeyRange range) throws StoreException;
  }

  /** How a statement is timed under its name and counted in sysbench's report; a failure throws. */
  interface Steps {
    void read(String op, Call call) throws StoreException;

    /** An UPDATE: a write when it changed a row, sysbench's "other" when not (its drivers count so). */
    void update(String op, Update call) throws StoreException;

    void write(String op, int statements, Call call) throws StoreException;
  }

  private final SysbenchSettings settings;
  private final RandomIds ids;
  private final Digits digits;
  private final Steps steps;

  SysbenchStatements(SysbenchSettings settings, RandomIds ids, Digits digits, Steps steps) {
    this.settings = settings;
    this.ids = ids;
    this.digits = digits;
    this.steps = steps;
  }

  void run(SysbenchStore s) throws StoreException {
    SysbenchSettings c = settings;
    SysbenchTable one = c.tablePerTransaction ? draw() : null;
    SysbenchTable t = table(one);
    for (int i = 0; i < c.pointSelects; i++) {
      int id = ids.next(c.tableSize);
      steps.read(SysbenchWorkload.POINT_SELECT, () -> s.pointSelect(t, c.readKey(), id));
    }
    ranges(one, SysbenchWorkload.SIMPLE_RANGE, c.simpleRanges, s::simpleRange);
    ranges(one, SysbenchWorkload.SUM_RANGE, c.sumRanges, s::sumRange);
    ranges(one, SysbenchWorkload.ORDER_RANGE, c.orderRanges, s::orderRange);
    ranges(one, SysbenchWorkload.DISTINCT_RANGE, c.distinctRanges, s::distinctRange);
    SysbenchTable u = table(one);
    for (int i = 0; i < c.indexUpdates; i++) {
      int id = ids.next(c.tableSize);
      steps.update(SysbenchWorkload.INDEX_UPDATE, () -> s.indexUpdate(u, id));
    }
    SysbenchTable v = table(one);
    for (int i = 0; i < c.nonIndexUpdates; i++) {
      int id = ids.next(c.tableSize);
      String cValue = digits.c();
      steps.update(SysbenchWorkload.NON_INDEX_UPDATE, () -> s.nonIndexUpdate(v, id, cValue));
    }
    SysbenchTable d = table(one);
    for (int i = 0; i < c.deleteInserts; i++) {
      int id = ids.next(c.tableSize);
      int k = ids.next(c.tableSize);
      String cValue = digits.c();
      String pad = digits.pad();
      steps.write(SysbenchWorkload.DELETE_INSERT, 2, () -> s.deleteInsert(d, id, k, cValue, pad));
    }
  }

  private SysbenchTable draw() {
    return new SysbenchTable(ids.table(settings.tables));
  }

  // the transaction's table, or one drawn for this kind of statement
  private SysbenchTable table(SysbenchTable ofTransaction) {
    return ofTransaction != null ? ofTransaction : draw();
  }

  private void ranges(SysbenchTable one, String op, int count, Range range) throws StoreException {
    if (count == 0) {
      return;
    }
    SysbenchTable t = table(one);
    for (int i = 0; i < count; i++) {
      KeyRange r = settings.range(ids.next(settings.tableSize));
      steps.read(op, () -> range.run(t, r));
    }
  }
}
