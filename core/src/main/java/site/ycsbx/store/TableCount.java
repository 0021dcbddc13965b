package site.ycsbx.store;

/**
 * What one of a run's tables held at one moment, read cheaply at any size: the exact count only
 * where the table is small, its integer primary key's lowest and highest value (an index's two
 * ends) where it has one, the server's estimate beside. A run's start and end, and an experiment's
 * cells one after another, are compared through them to find rows no run of theirs wrote.
 *
 * @param table the table's name
 * @param present whether it exists
 * @param rows exact row count; {@value #NOT_COUNTED} when not counted (too many rows to count cheaply)
 * @param minKey the lowest value of its single-column integer primary key; meaningful only when {@link #keyed()}
 * @param maxKey the highest value of that key
 * @param keyed whether {@code minKey} and {@code maxKey} were read (the table has such a key and rows)
 * @param estimate the server's estimate of its rows (its statistics); -1 when it gives none
 */
public record TableCount(String table, boolean present, long rows, long minKey, long maxKey, boolean keyed,
    long estimate) {
  public static final long NOT_COUNTED = -1;

  /** An absent table. */
  public static TableCount absent(String table) {
    return new TableCount(table, false, 0, 0, 0, false, 0);
  }

  /** Whether {@link #rows} is an exact count. */
  public boolean counted() {
    return rows != NOT_COUNTED;
  }

  /**
   * The rows as the key's span tells them ({@code maxKey - minKey + 1}, 0 when empty): the rows
   * held when the keys have no gaps, which a table whose keys the server numbers in order
   * (iibench's transactionid) keeps unless rows were deleted in the middle or inserts failed.
   */
  public long span() {
    return !present ? 0 : keyed ? maxKey - minKey + 1 : rows == 0 ? 0 : NOT_COUNTED;
  }
}
