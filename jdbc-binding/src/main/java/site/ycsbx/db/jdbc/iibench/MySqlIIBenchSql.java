package site.ycsbx.db.jdbc.iibench;

/** iibench on MySQL and MariaDB. */
final class MySqlIIBenchSql implements IIBenchSql {
  @Override
  public String autoIncrementPrimaryKey() {
    return "BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY";
  }

  /** To the second, as the reference program's datetime column. */
  @Override
  public String dateTimeType() {
    return "DATETIME";
  }

  @Override
  public String floatType() {
    return "FLOAT";
  }

  /**
   * latin1: the padding is ASCII, and a utf8mb4 VARCHAR counts 4 bytes a character against the
   * 65535-byte row limit, which would cap padding at a quarter of what latin1 allows.
   */
  @Override
  public String paddingType(int length) {
    return "VARCHAR(" + length + ") CHARACTER SET latin1";
  }

  /**
   * MariaDB 10.11 reads a row-value comparison as a full index scan from the start (EXPLAIN type
   * "index"), and the three-clause OR as a range on pdc (type "range", "Using index").
   */
  @Override
  public boolean indexesRowValueComparison() {
    return false;
  }

  /**
   * The text protocol renders FLOAT with 6 significant digits (1004.9876 comes back as 1004.99);
   * adding a DOUBLE zero makes the server send the stored value exactly.
   */
  @Override
  public String floatAsDouble(String column) {
    return "(" + column + " + 0E0)";
  }

  /** A single-table DELETE takes ORDER BY and LIMIT: a range scan of the primary key from its start. */
  @Override
  public String deleteOldest(String table, int rows) {
    return "DELETE FROM " + table + " ORDER BY " + site.ycsbx.store.iibench.IIBenchTable.TRANSACTION_ID + " LIMIT " + rows;
  }
}
