package site.ycsbx.db.jdbc.iibench;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import site.ycsbx.store.iibench.IIBenchTable;

/**
 * The iibench table in SQL, as the reference SQL program has it: an auto-increment
 * {@code transactionid} primary key, {@code dateandtime} to the second, three INT columns, a
 * 4-byte float {@code price}, optional VARCHAR padding, and the first {@link IIBenchTable#indexes()}
 * secondary indexes. Builds the DDL, the multi-row INSERT and the range query in a server's
 * {@link IIBenchSql}.
 *
 * <p>Values as stored: {@code dateandtime} is the batch's epoch milliseconds cut to the second,
 * as a UTC wall-clock time (no time-zone conversion on either side, so a DST change never
 * reorders rows); {@code price} is the float nearest to the generated double. The store binds
 * both the same way in inserts and queries, so a query start compares with stored values
 * exactly.
 */
final class IIBenchSchema {
  /**
   * Parameters one prepared statement may carry: MySQL's server-side prepared statements and
   * PostgreSQL's protocol (and its JDBC driver) count them in 16 bits.
   */
  static final int MAX_PARAMETERS = 65535;
  /** dateandtime, cashregisterid, customerid, productid, price: the columns before the padding. */
  static final int FIXED_COLUMNS = 5;
  /**
   * Bytes of INSERT text per row besides its padding: quoted date and time, three integers, a
   * double's 17 digits, separators; rounded up.
   */
  static final int ROW_TEXT_BYTES = 100;

  private IIBenchSchema() {
  }

  /** Columns an INSERT binds per row. */
  static int columns(int paddingFields) {
    return FIXED_COLUMNS + paddingFields;
  }

  /** Most rows one INSERT can carry within {@link #MAX_PARAMETERS}. */
  static int maxRowsPerInsert(int paddingFields) {
    return MAX_PARAMETERS / columns(paddingFields);
  }

  /** Size of a multi-row INSERT's text, as the MySQL driver sends it (an upper estimate). */
  static long statementBytes(int rows, int paddingFields, int paddingLength) {
    // a padding value: its characters (ASCII letters, never escaped), two quotes and a comma
    return 200 + (long) rows * (ROW_TEXT_BYTES + (long) paddingFields * (paddingLength + 3));
  }

  /** Column definitions, primary key included. */
  static String columnsDdl(IIBenchSql sql, IIBenchTable t) {
    StringBuilder sb = new StringBuilder();
    sb.append(IIBenchTable.TRANSACTION_ID).append(' ').append(sql.autoIncrementPrimaryKey());
    sb.append(", ").append(IIBenchTable.DATE_AND_TIME).append(' ').append(sql.dateTimeType()).append(" NOT NULL");
    sb.append(", ").append(IIBenchTable.CASH_REGISTER_ID).append(" INT NOT NULL");
    sb.append(", ").append(IIBenchTable.CUSTOMER_ID).append(" INT NOT NULL");
    sb.append(", ").append(IIBenchTable.PRODUCT_ID).append(" INT NOT NULL");
    sb.append(", ").append(IIBenchTable.PRICE).append(' ').append(sql.floatType()).append(" NOT NULL");
    for (int f = 0; f < t.paddingFields(); f++) {
      sb.append(", ").append(IIBenchTable.paddingColumn(f)).append(' ').append(sql.paddingType(t.paddingLength()))
          .append(" NOT NULL");
    }
    return sb.toString();
  }

  /** One INSERT of {@code rows} rows; parameters row by row, in the order of {@link #columnsDdl}. */
  static String insert(IIBenchTable t, int rows) {
    StringBuilder row = new StringBuilder("(?");
    for (int i = 1; i < columns(t.paddingFields()); i++) {
      row.append(",?");
    }
    row.append(')');
    StringBuilder sb = new StringBuilder(64 + rows * (row.length() + 1));
    sb.append("INSERT INTO ").append(t.name()).append(" (").append(IIBenchTable.DATE_AND_TIME).append(", ")
        .append(IIBenchTable.CASH_REGISTER_ID).append(", ").append(IIBenchTable.CUSTOMER_ID).append(", ")
        .append(IIBenchTable.PRODUCT_ID).append(", ").append(IIBenchTable.PRICE);
    for (int f = 0; f < t.paddingFields(); f++) {
      sb.append(", ").append(IIBenchTable.paddingColumn(f));
    }
    sb.append(") VALUES ").append(row);
    for (int i = 1; i < rows; i++) {
      sb.append(',').append(row);
    }
    return sb.toString();
  }

  /**
   * The reference range query on pdc, projected on (price, dateandtime, customerid), in index
   * order. Parameters with the row-value form: price, dateandtime, customerid, limit; with the
   * three-clause form: price, price, dateandtime, price, dateandtime, customerid, limit.
   */
  static String query(IIBenchSql sql, String table) {
    String p = IIBenchTable.PRICE;
    String t = IIBenchTable.DATE_AND_TIME;
    String c = IIBenchTable.CUSTOMER_ID;
    String where = sql.indexesRowValueComparison()
        ? "(" + p + ", " + t + ", " + c + ") > (?, ?, ?)"
        : p + " > ? OR (" + p + " = ? AND " + t + " > ?) OR (" + p + " = ? AND " + t + " = ? AND " + c + " > ?)";
    // the alias keeps ORDER BY price on the column: ORDER BY resolves output names first, and
    // PostgreSQL names CAST(price AS ...) "price", which would sort by the cast and not use pdc
    return "SELECT " + sql.floatAsDouble(p) + " AS " + p + "_exact, " + t + ", " + c + " FROM " + table + " WHERE " + where
        + " ORDER BY " + p + ", " + t + ", " + c + " LIMIT ?";
  }

  /** The point query on the primary key: the rows from a key on, in its order. */
  static String queryByKey(IIBenchSql sql, String table) {
    String k = IIBenchTable.TRANSACTION_ID;
    return "SELECT " + sql.floatAsDouble(IIBenchTable.PRICE) + " AS " + IIBenchTable.PRICE + "_exact, "
        + IIBenchTable.DATE_AND_TIME + ", " + IIBenchTable.CUSTOMER_ID + " FROM " + table + " WHERE " + k + " >= ? ORDER BY "
        + k + " LIMIT ?";
  }

  /** The price as the FLOAT column stores it, widened exactly to a double. */
  static double storedPrice(double price) {
    return (float) price;
  }

  /** The date and time as stored: epoch milliseconds cut to the second, UTC wall clock. */
  static LocalDateTime storedDateTime(long epochMillis) {
    return LocalDateTime.ofEpochSecond(Math.floorDiv(epochMillis, 1000L), 0, ZoneOffset.UTC);
  }

  /** Epoch milliseconds of a stored date and time. */
  static long epochMillis(LocalDateTime stored) {
    return stored.toEpochSecond(ZoneOffset.UTC) * 1000L;
  }
}
