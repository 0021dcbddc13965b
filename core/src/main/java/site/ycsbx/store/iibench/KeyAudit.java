package site.ycsbx.store.iibench;

import java.util.List;

/**
 * The primary keys of an iibench table against a range of them ({@code from..to}), where the key
 * is a number the server assigns in insert order (SQL's auto-increment transactionid).
 *
 * @param present keys of the range stored
 * @param firstMissing the smallest keys of the range not stored, up to the caller's limit
 * @param beyond keys above the range
 * @param firstBeyond the smallest of them, up to the caller's limit
 */
public record KeyAudit(long present, List<Long> firstMissing, long beyond, List<Long> firstBeyond) {
  public KeyAudit {
    firstMissing = List.copyOf(firstMissing);
    firstBeyond = List.copyOf(firstBeyond);
  }

  /** The smallest and the largest key of a table that holds rows. */
  public record Span(long min, long max) {
  }
}
