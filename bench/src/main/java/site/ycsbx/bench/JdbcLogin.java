package site.ycsbx.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/**
 * A raw loop's JDBC URL and the {@code --user} and {@code --password} it connects as (the
 * driver's defaults when absent).
 */
record JdbcLogin(String url, String user, String password) {
  /** The URL of {@code --urlName} (required), the user and the password of the command line. */
  static JdbcLogin of(Args a, String urlName) {
    return new JdbcLogin(a.require(urlName), a.get("user", null), a.get("password", null));
  }

  Connection connect() throws SQLException {
    return DriverManager.getConnection(url, user, password);
  }
}
