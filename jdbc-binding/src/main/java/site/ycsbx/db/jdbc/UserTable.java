package site.ycsbx.db.jdbc;

import java.util.List;
import java.util.Locale;

/** YCSB's table: a key column and one text column per field, as YCSB's JDBC binding has it. */
final class UserTable {
  static final String KEY_COLUMN = "YCSB_KEY";

  private UserTable() {
  }

  /** Column definitions for CREATE TABLE. */
  static String columnsDdl(SqlDialect d, List<String> fieldNames) {
    StringBuilder sb = new StringBuilder(KEY_COLUMN).append(' ').append(d.keyType()).append(" NOT NULL PRIMARY KEY");
    for (String f : fieldNames) {
      sb.append(", ").append(f.toUpperCase(Locale.ROOT)).append(' ').append(d.fieldType());
    }
    return sb.toString();
  }
}
