package site.ycsbx.db.jdbc.probe;

import site.ycsbx.db.jdbc.conn.SqlDialect;
import site.ycsbx.store.probe.ProbeStore;

/** The probe's SQL where servers differ. */
final class ProbeSql {
  private ProbeSql() {
  }

  /** Insert or replace (k, v) in the probe table; parameters k, v. */
  static String upsert(SqlDialect d) {
    return switch (d.kind()) {
      // VALUES(v) works on MariaDB and MySQL; MySQL 8's row alias syntax does not exist in MariaDB
      case MYSQL -> "INSERT INTO " + ProbeStore.TABLE
          + " (k, v) VALUES (?, ?) ON DUPLICATE KEY UPDATE v = VALUES(v)";
      case POSTGRESQL -> "INSERT INTO " + ProbeStore.TABLE
          + " (k, v) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = EXCLUDED.v";
    };
  }
}
