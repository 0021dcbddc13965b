package site.ycsbx.measurements;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * What became of the rows a binding queued. YCSB's Client counts an operation's status when the
 * binding returns it, and a queued insert returns {@code BATCHED_OK} before its batch (or its
 * transaction) reaches the server. A binding tells this ledger when it queues such a row and
 * what happened to it later: acknowledged with its batch, lost with a failed batch, or never
 * sent (the run stopped first). The error summary moves the lost and unsent rows from OK to
 * failed, so every row is counted once, by what the server acknowledged.
 *
 * <p>Only rows that returned {@code BATCHED_OK} belong here; the insert whose call sends the
 * batch returns the batch's own status, which YCSB counts itself.
 */
public final class BatchLedger {
  /** Rows queued with BATCHED_OK whose batch or transaction failed. */
  public static final String BATCH_FAILED = "BATCH_FAILED";
  /** Rows queued with BATCHED_OK whose batch was never sent or committed (interrupted, or cleanup never ran). */
  public static final String BATCH_NOT_DONE = "BATCH_NOT_DONE";

  private static final Map<String, Counts> BY_OP = new ConcurrentHashMap<>();

  private static final class Counts {
    final LongAdder queued = new LongAdder();
    final LongAdder stored = new LongAdder();
    final LongAdder failed = new LongAdder();
  }

  private BatchLedger() {
  }

  /** A row of {@code op} was queued and its call returns {@code BATCHED_OK}. */
  public static void queued(String op) {
    counts(op).queued.increment();
  }

  /** {@code rows} queued rows of {@code op} were acknowledged by the server. */
  public static void stored(String op, int rows) {
    if (rows > 0) {
      counts(op).stored.add(rows);
    }
  }

  /** {@code rows} queued rows of {@code op} were lost with their batch or transaction. */
  public static void failed(String op, int rows) {
    if (rows > 0) {
      counts(op).failed.add(rows);
    }
  }

  /** Queued rows of {@code op} that were lost with a failed batch. */
  public static long failedRows(String op) {
    Counts c = BY_OP.get(op);
    return c == null ? 0 : c.failed.sum();
  }

  /** Queued rows of {@code op} whose batch has not been sent or committed (yet). */
  public static long notDoneRows(String op) {
    Counts c = BY_OP.get(op);
    return c == null ? 0 : Math.max(0, c.queued.sum() - c.stored.sum() - c.failed.sum());
  }

  private static Counts counts(String op) {
    return BY_OP.computeIfAbsent(op, k -> new Counts());
  }

  /** Forgets every count: for tests that run several summaries in one JVM. */
  static void reset() {
    BY_OP.clear();
  }
}
