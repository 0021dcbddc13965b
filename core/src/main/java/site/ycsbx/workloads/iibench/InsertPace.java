package site.ycsbx.workloads.iibench;

import java.util.Collection;

/**
 * One inserter's pacing under iibench.insertrate: it waits until its next batch is due (its rows
 * so far at its share of the rate), and remembers what the rate it kept is computed from. A server
 * that cannot keep up leaves it behind, never ahead: the rate kept falls below the rate asked.
 */
final class InsertPace {
  private volatile long startNanos = -1;
  private volatile long lastStartNanos = -1;
  private volatile long rowsBeforeLast;

  /** Waits until a batch after {@code rowsSent} rows is due at {@code rowsPerSecond}. */
  void await(long rowsSent, double rowsPerSecond) {
    long now = System.nanoTime();
    if (startNanos < 0) {
      startNanos = now;
    }
    long due = startNanos + (long) (rowsSent / rowsPerSecond * 1e9);
    if (due > now) {
      try {
        Thread.sleep((due - now) / 1_000_000L);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    rowsBeforeLast = rowsSent;
    lastStartNanos = System.nanoTime();
  }

  /**
   * The rate the paced inserters kept: per inserter, the rows sent before its last batch over the
   * time from its first batch's start to its last's, added up. On schedule that is the rate asked,
   * whatever the run's length; rows_s (from the run's start to the last round's end) counts the
   * start and the last batch's round trip too, which a run of a few seconds feels. NaN when no
   * inserter sent two batches.
   */
  static double kept(Collection<InsertPace> paces) {
    double sum = 0;
    boolean any = false;
    for (InsertPace p : paces) {
      long window = p.lastStartNanos - p.startNanos;
      if (p.startNanos >= 0 && window > 0) {
        sum += p.rowsBeforeLast / (window / 1e9);
        any = true;
      }
    }
    return any ? sum : Double.NaN;
  }
}
