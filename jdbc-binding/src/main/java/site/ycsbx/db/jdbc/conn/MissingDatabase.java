package site.ycsbx.db.jdbc.conn;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import site.ycsbx.store.Preflight;
import site.ycsbx.util.UserError;

/**
 * On a load, creates the database that {@code db.url} names when the server does not have it:
 * on a fresh server the README's first load would otherwise stop at {@code Unknown database}.
 * Only that database, only on a load (a run needs the data a load left), and said in one line.
 */
public final class MissingDatabase {
  /** jdbc:mysql://hosts/NAME?options, jdbc:mariadb://..., jdbc:postgresql://host:port/NAME?options. */
  private static final Pattern URL = Pattern.compile("^(jdbc:(mysql|mariadb|postgresql)://[^/?]*)/([^?;/]*)(.*)$");
  /** MySQL/MariaDB's ER_BAD_DB_ERROR, PostgreSQL's invalid_catalog_name. */
  private static final int MYSQL_UNKNOWN_DATABASE = 1049;
  private static final String POSTGRES_UNKNOWN_DATABASE = "3D000";
  /** CREATE DATABASE answers within a second on an idle server; this bounds a frozen one. */
  private static final int ANSWER_TIMEOUT_SECONDS = 30;
  private static final int LOGIN_TIMEOUT_SECONDS = 10;

  private MissingDatabase() {
  }

  /** What must hold of the server before the database is created (bad input creates nothing). */
  @FunctionalInterface
  public interface ServerCheck {
    void check(Connection server) throws SQLException;
  }

  /**
   * Creates the database db.url names when a connection to it fails because it does not exist,
   * after {@code beforeCreate} passed on a connection to the server.
   */
  public static void createIfAbsent(JdbcOptions o, Preflight.Phase phase, ServerCheck beforeCreate) {
    if (phase != Preflight.Phase.LOAD) {
      return;
    }
    String url = o.connectionUrl();
    Optional<String[]> parts = split(url);
    if (parts.isEmpty()) {
      return;
    }
    String server = parts.get()[0];
    String name = parts.get()[1];
    boolean postgres = url.startsWith("jdbc:postgresql:");
    try {
      // the URL's handshake timeout bounds this probe (Connector adds it unless db.url sets one)
      Connector.connect(url, credentials(o, postgres, false)).close();
      return; // it exists
    } catch (SQLException e) {
      boolean missing = postgres ? POSTGRES_UNKNOWN_DATABASE.equals(e.getSQLState())
          : e.getErrorCode() == MYSQL_UNKNOWN_DATABASE;
      if (!missing) {
        // what the preflight's own connection would say: said now, not after a second wait
        throw Connector.failure(e, o);
      }
    }
    // PostgreSQL needs a database to connect to: its maintenance database
    String serverUrl = server + "/" + (postgres ? "postgres" : "") + parts.get()[2];
    try (Connection c = Connector.connect(serverUrl, credentials(o, postgres, true));
        Statement s = c.createStatement()) {
      if (!exists(c, name, postgres)) {
        beforeCreate.check(c);
        s.execute("CREATE DATABASE " + (postgres ? "\"" + name + "\"" : "`" + name + "`"));
        System.out.println(Preflight.NOTE_PREFIX + "created database " + name + " (named in db.url, missing on the"
            + " server at " + o.maskedUrl() + "; a load creates it, a run does not)");
      }
    } catch (SQLException e) {
      throw UserError.target("database " + name + " (db.url) does not exist at " + o.maskedUrl()
          + " and cannot be created: " + Connector.message(e, o) + "; create it, or give db.user the right to");
    }
  }

  /** {server part, database name, options} when the URL names a plain database. */
  static Optional<String[]> split(String url) {
    Matcher m = URL.matcher(url);
    if (!m.matches() || !JdbcOptions.isIdentifier(m.group(3))) {
      return Optional.empty();
    }
    return Optional.of(new String[] {m.group(1), m.group(3), m.group(4)});
  }

  private static boolean exists(Connection c, String name, boolean postgres) throws SQLException {
    String sql = postgres ? "SELECT 1 FROM pg_database WHERE datname = ?"
        : "SELECT 1 FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?";
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setString(1, name);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next();
      }
    }
  }

  /**
   * User, password and a bound on every step: a server that accepts TCP but never answers must
   * not hang the load here, before the preflight's own checks (settings in db.url win).
   */
  private static Properties credentials(JdbcOptions o, boolean postgres, boolean create) {
    Properties info = new Properties();
    if (postgres && !o.connectionUrl().contains(WatchedSockets.POSTGRES_FACTORY)) {
      // pgjdbc then connects on a thread of its own, where the handshake watchdog (which bounds
      // the URL's connections otherwise) would not be disarmed by this thread
      info.setProperty("loginTimeout", String.valueOf(LOGIN_TIMEOUT_SECONDS));
    }
    if (create) {
      info.setProperty("socketTimeout", String.valueOf(postgres ? ANSWER_TIMEOUT_SECONDS : ANSWER_TIMEOUT_SECONDS * 1000));
    }
    if (!o.user().isEmpty()) {
      info.setProperty("user", o.user());
    }
    if (!o.password().isEmpty()) {
      info.setProperty("password", o.password());
    }
    return info;
  }
}
