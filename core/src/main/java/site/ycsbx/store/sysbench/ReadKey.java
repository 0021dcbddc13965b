package site.ycsbx.store.sysbench;

/**
 * The key the reads of a transaction look rows up by: the primary key {@code id} (sysbench's
 * statements), or {@code k} through its secondary index {@code k_N} ({@code sysbench.secondary=true},
 * the comparison's "secondary key" point and range queries). Updates and deletes always go by id.
 */
public enum ReadKey {
  ID(SysbenchTable.ID), K(SysbenchTable.K);

  private final String column;

  ReadKey(String column) {
    this.column = column;
  }

  /** The column the reads filter on. */
  public String column() {
    return column;
  }
}
