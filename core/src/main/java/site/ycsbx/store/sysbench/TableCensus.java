package site.ycsbx.store.sysbench;

/**
 * What {@code sysbench.verify} reads of a table: its rows through the primary key and through
 * the k index. With id the primary key, {@code rows == tableSize && minId == 1 && maxId ==
 * tableSize} means ids 1..tableSize each once.
 *
 * @param rows rows counted through the primary key
 * @param minId smallest id, 0 when empty
 * @param maxId largest id, 0 when empty
 * @param sumK sum of k over the rows
 * @param indexRows rows counted through the k index; -1 when the table has no k index
 * @param indexSumK sum of k read from the k index; -1 when the table has no k index
 */
public record TableCensus(long rows, long minId, long maxId, long sumK, long indexRows, long indexSumK) {
  /** Whether the k index lists the rows the table holds (true when there is no index to compare). */
  public boolean indexAgrees() {
    return indexRows < 0 || indexRows == rows && indexSumK == sumK;
  }
}
