package site.ycsbx.store.sysbench;

/**
 * One sysbench table (collection) {@code sbtestN}: columns {@code id} (primary key), {@code k},
 * {@code c} CHAR(120), {@code pad} CHAR(60), and the secondary index {@code k_N} on {@code k}.
 *
 * @param number N, 1 and up, as sysbench numbers its tables
 */
public record SysbenchTable(int number) {
  public static final String ID = "id";
  public static final String K = "k";
  public static final String C = "c";
  public static final String PAD = "pad";
  /** sysbench's column widths: c is ten 11-digit groups joined by '-', pad five. */
  public static final int C_LENGTH = 120;
  public static final int PAD_LENGTH = 60;

  public SysbenchTable {
    if (number < 1) {
      throw new IllegalArgumentException("sysbench tables are numbered from 1: " + number);
    }
  }

  /** sbtestN. */
  public String name() {
    return "sbtest" + number;
  }

  /** k_N, the secondary index on k. */
  public String indexName() {
    return "k_" + number;
  }
}
