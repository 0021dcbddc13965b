package site.ycsbx.db.jdbc.iibench;


/**
 * iibench's SQL where servers differ: the column types of the reference SQL program, and the
 * form of its range query each planner reads from the pdc index.
 */
interface IIBenchSql {
  /** Column definition of a BIGINT primary key the server numbers (transactionid). */
  String autoIncrementPrimaryKey();

  /** SQL type of dateandtime: a date and time to the second, without time zone. */
  String dateTimeType();

  /** SQL type of price: a 4-byte float, as in the reference program. */
  String floatType();

  /** SQL type of a padding column of {@code length} ASCII characters. */
  String paddingType(int length);

  /**
   * Whether the planner turns a row-value comparison {@code (a, b, c) > (?, ?, ?)} into an index
   * range; when it does not, the query uses the reference program's three-clause OR.
   */
  boolean indexesRowValueComparison();

  /**
   * A select-list expression giving a float column's stored value as an exact double (the
   * driver may otherwise read a rounded decimal rendering).
   */
  String floatAsDouble(String column);

  /** Deletes the {@code rows} rows of the lowest transactionid, in one statement. */
  String deleteOldest(String table, int rows);
}
