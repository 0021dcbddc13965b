package site.ycsbx.store.sysbench;

/**
 * The rows a range SELECT reads, in one of two forms. sysbench 1.0's: every row whose
 * {@code key} lies in {@code from..to} ({@code key BETWEEN from AND to}); by id, {@code range_size}
 * rows away from the table's end, by k (random values) as many as happen to fall there. The
 * "limit N" form of the 2015 TokuMX vs TokuMXse post: the first {@code limit} rows in key order
 * from {@code from} on ({@code key >= from ORDER BY key LIMIT limit}, MongoDB's {@code $gte} with a
 * sort on the key and {@code limit}); {@code limit} rows away from the table's end, on k too.
 *
 * @param key the column the range is on
 * @param from the first key value asked for
 * @param to the last key value of a BETWEEN range; {@link Integer#MAX_VALUE} in the limit form
 * @param limit rows of the limit form, 1 and up; 0 for a BETWEEN range
 */
public record KeyRange(ReadKey key, int from, int to, int limit) {
  public KeyRange {
    if (key == null || limit < 0 || limit == 0 && to < from || limit > 0 && to != Integer.MAX_VALUE) {
      throw new IllegalArgumentException("not a range: key " + key + " from " + from + " to " + to + " limit " + limit);
    }
  }

  /** sysbench 1.0's {@code key BETWEEN from AND to}, both included. */
  public static KeyRange between(ReadKey key, int from, int to) {
    return new KeyRange(key, from, to, 0);
  }

  /** The first {@code rows} rows with {@code key >= from}, in key order. */
  public static KeyRange first(ReadKey key, int from, int rows) {
    if (rows < 1) {
      throw new IllegalArgumentException("a limit range of " + rows + " rows");
    }
    return new KeyRange(key, from, Integer.MAX_VALUE, rows);
  }

  /** Whether this is the limit form ({@link #first}), not a BETWEEN range. */
  public boolean limited() {
    return limit > 0;
  }

  /** The bound the statement takes second: BETWEEN's {@code to}, or the limit form's row count. */
  public int second() {
    return limited() ? limit : to;
  }

  @Override
  public String toString() {
    return limited() ? key.column() + " >= " + from + " ORDER BY " + key.column() + " LIMIT " + limit
        : key.column() + " BETWEEN " + from + " AND " + to;
  }
}
