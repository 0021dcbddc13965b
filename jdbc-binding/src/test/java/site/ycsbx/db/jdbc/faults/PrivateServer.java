package site.ycsbx.db.jdbc.faults;

import java.sql.Connection;
import java.sql.SQLException;

/** A database server a fault test starts, kills and restarts itself (never the shared one). */
interface PrivateServer {
  /** A JDBC URL of {@code database} on this server. */
  String url(String database);

  Connection connect(String database) throws SQLException;

  void createDatabase(String name) throws SQLException;

  /** The account bin/ycsb connects with. */
  String user();
}
