package site.ycsbx.db.jdbc.conn;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.Properties;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.util.Props;

/**
 * Whether this JVM's connections to a MySQL/MariaDB URL prepare their statements on the server,
 * decided by the preflight before the run starts. The server refuses a prepare past its global
 * {@code max_prepared_stmt_count} (error 1461): MySQL Connector/J then prepares that statement on
 * the client, but MariaDB Connector/J fails it, and every later one. So where db.url does not
 * say, YCSB-X asks for server-side statements only when the run's connections fit in what the
 * server has left: {@value #CONNECTIONS_PER_THREAD} connections a client thread (LinkBench opens a
 * second one) times {@link #perConnection} statements each (the driver's cache size, at least
 * {@value MySqlDialect#STATEMENTS_PER_CONNECTION}, or {@value #STATEMENTS_PER_TABLE} a table of the
 * run when that is more), against
 * {@code @@global.max_prepared_stmt_count} less the global status {@code Prepared_stmt_count}.
 * Otherwise the driver's client-side statements, and a note saying why.
 */
public final class ServerStatements {
  /** A client thread's connection and a store's own second one (LinkBench's read-write connection). */
  static final int CONNECTIONS_PER_THREAD = 2;
  /**
   * The most statements a store keeps open per table of the run: sysbench's five reads by id and by
   * k and four writes; the others keep fewer. Past the driver's cache size (about 17 sysbench tables)
   * the tables decide: 100 tables keep 1400 statements a connection.
   */
  static final int STATEMENTS_PER_TABLE = 14;
  /** Statements a connection keeps beside the tables' (BEGIN, COMMIT, ROLLBACK, a load's inserts). */
  static final int STATEMENTS_BESIDE = 16;

  /**
   * What the preflight decided for one URL: {@code server} false falls back to the driver's default.
   * {@code why} goes into the fingerprint, so it holds what the run was given (threads, the limit),
   * not what other clients held at that instant: {@code inUse} ("with 81 in use"), for the notes
   * only. Clients of one run, merged, otherwise differed in their fingerprints.
   */
  public record Decision(boolean server, String why, String inUse) {
    /** While the preflight decides: its own connections prepare on the client (the server may be full). */
    static final Decision PENDING = new Decision(false, "the preflight's own connections", "");

    /** The reason with the statements in use, for a note or a warning. */
    String said() {
      return inUse.isEmpty() ? why : why + " " + inUse;
    }
  }

  private ServerStatements() {
  }

  /** Driver options for a connection of the preflight's own: client-side statements on MySQL/MariaDB. */
  public static Map<String, String> clientSide(JdbcOptions o) {
    return o.dialect() instanceof MySqlDialect ? Map.of(MySqlDialect.SERVER_PREPARE, "false") : Map.of();
  }

  /** Starts a preflight: until {@link #decide}, connections to this URL prepare on the client. */
  public static void pending(JdbcOptions o) {
    PreparedOnServer.decide(o.userUrl(), o.user(), Decision.PENDING.server());
  }

  /**
   * Decides, on the preflight's connection {@code c}, where the run's statements are prepared;
   * prints a note when YCSB-X falls back, and a warning when db.url asks for server-side
   * statements on MariaDB Connector/J that would not fit. Null when nothing was decided (db.url
   * says, or the dialect never adds server-side statements).
   */
  public static Decision decide(Connection c, JdbcOptions o, Properties props, StoreDemand demand) {
    String url = o.userUrl();
    Decision d = null;
    if (o.dialect() instanceof MySqlDialect m) {
      String asked = m.option(url, MySqlDialect.SERVER_PREPARE);
      boolean mariadbDriver = m instanceof MariaDbDialect;
      if (asked == null || ("true".equalsIgnoreCase(asked) && mariadbDriver)) {
        int threads = Props.getInt(props, "threadcount", 1, 1, Integer.MAX_VALUE);
        d = fit(c, m, url, threads, demand.tables(props).size());
        if (asked != null) {
          if (!d.server()) {
            System.err.println("[WARN] " + JdbcOptions.URL_PROPERTY + " asks for server-side statements ("
                + MySqlDialect.SERVER_PREPARE + "=" + asked + "), but " + d.said() + ": " + m.driverName()
                + " fails each statement the server refuses to prepare");
          }
          d = null;
        } else if (!d.server()) {
          System.out.println(site.ycsbx.store.Preflight.NOTE_PREFIX + "client-side prepared statements: " + d.said()
              + (d.why().contains(" would pass ") ? "; raise it (SET GLOBAL max_prepared_stmt_count) for server-side ones"
              : ""));
        }
      }
    }
    decided(o, d == null ? new Decision(true, null, "") : d);
    return d;
  }

  /** Ends a preflight: connections to this URL prepare as {@code d} says. */
  static void decided(JdbcOptions o, Decision d) {
    PreparedOnServer.decide(o.userUrl(), o.user(), d.server());
  }

  /** The fingerprint's {@code jdbc.prepared}: the dialect's words for the URL, and why when YCSB-X decided. */
  public static String describe(String dialectWords, Decision d) {
    if (d == null) {
      return dialectWords;
    }
    if (d.server()) {
      // "server-side (useServerPrepStmts=true&cachePrepStmts=true)": the reason goes inside
      return dialectWords.substring(0, dialectWords.length() - 1) + ": YCSB-X's default, " + d.why() + ")";
    }
    return "client-side (YCSB-X's fallback: " + d.why() + ")";
  }

  private static Decision fit(Connection c, MySqlDialect m, String url, int threads, int tables) {
    long limit;
    long inUse;
    try {
      limit = Long.parseLong(query(c, "SELECT @@GLOBAL.max_prepared_stmt_count").trim());
      inUse = Long.parseLong(query(c, "SHOW GLOBAL STATUS LIKE 'Prepared_stmt_count'").trim());
    } catch (SQLException | RuntimeException e) {
      return new Decision(false, "max_prepared_stmt_count and Prepared_stmt_count not readable ("
          + String.valueOf(e.getMessage()).lines().findFirst().orElse("") + ")", "");
    }
    int perConnection = perConnection(m, url, tables);
    long need = (long) threads * CONNECTIONS_PER_THREAD * perConnection;
    boolean fits = need <= limit - inUse;
    return new Decision(fits, "threadcount=" + threads + " x " + CONNECTIONS_PER_THREAD + " connections x " + perConnection
        + " statements = " + need + (fits ? " fit in " : " would pass ") + "max_prepared_stmt_count=" + limit,
        "with " + inUse + " in use");
  }

  /** Statements one connection may hold on the server: the driver's cache, or the run's tables' when more. */
  static int perConnection(MySqlDialect m, String url, int tables) {
    return Math.max(m.statementsPerConnection(url), STATEMENTS_PER_TABLE * tables + STATEMENTS_BESIDE);
  }

  /** The last column of the first row: a variable's value, or SHOW STATUS's. */
  private static String query(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      if (!rs.next()) {
        throw new SQLException("no row from " + sql);
      }
      return rs.getString(rs.getMetaData().getColumnCount());
    }
  }
}
