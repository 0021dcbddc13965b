package site.ycsbx.db.jdbc.conn;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import site.ycsbx.store.ServerWork;

/**
 * PostgreSQL's counters of rows, for {@link ServerWork}. PostgreSQL keeps no counters per
 * connection, but it keeps them per relation: the whole cluster's are {@code pg_stat_database}'s
 * ({@code tup_inserted+tup_updated+tup_deleted}: rows written; {@code tup_returned+tup_fetched}:
 * rows read), and this run's share is what its own relations gained (the tables of its schema,
 * their indexes and TOAST, plus the catalogs, whose reads are mostly this sampler's own). So
 * another client is told apart when it works on other tables (another schema or database of
 * the same server). One writing into this run's very tables is told apart otherwise: the rows
 * the schema's tables (TOAST and catalogs left out) gained against the rows this JVM's
 * statements were told they wrote ({@link SentRows}), given to {@link ServerWork#tablesEnded}.
 * PostgreSQL's counters count each row a statement inserted, updated (HOT or not) or deleted,
 * committed or rolled back, as the statement's update count does; autovacuum and ANALYZE count
 * none. Reads are not compared: a row read is counted once per index entry and once per heap
 * fetch, by plans the client does not see.
 */
public final class PostgresServerWork implements ServerWork.Source {
  /**
   * The cluster's sums on a first row (oid 0), then each of this run's relations, with 1 for a
   * table of the run's schema (its rows are what this run sends) and 0 for the rest.
   */
  private static final String QUERY = "SELECT 0::oid, sum(tup_inserted + tup_updated + tup_deleted)::bigint,"
      + " sum(tup_returned + tup_fetched)::bigint, 0 FROM pg_stat_database"
      + " UNION ALL SELECT r, pg_stat_get_tuples_inserted(r) + pg_stat_get_tuples_updated(r)"
      + " + pg_stat_get_tuples_deleted(r), pg_stat_get_tuples_returned(r) + pg_stat_get_tuples_fetched(r), max(t)"
      + " FROM (SELECT c.oid AS r, CASE WHEN c.relkind IN ('r', 'p') AND c.relnamespace = current_schema()::regnamespace"
      + " THEN 1 ELSE 0 END AS t FROM pg_class c WHERE c.relnamespace IN (current_schema()::regnamespace,"
      + " 'pg_catalog'::regnamespace)"
      + " UNION SELECT c.reltoastrelid, 0 FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace"
      + " AND c.reltoastrelid <> 0"
      + " UNION SELECT i.indexrelid, 0 FROM pg_class c JOIN pg_index i ON i.indrelid = c.reltoastrelid"
      + " WHERE c.relnamespace = current_schema()::regnamespace AND c.reltoastrelid <> 0) mine GROUP BY r";
  /** The flag of a table of the run's schema, after written and read. */
  private static final int TABLE = 2;
  private static final int QUERY_TIMEOUT_SECONDS = 5;
  private static final long SETTLE_STEP_MILLIS = 250;
  private static final long SETTLE_MAX_MILLIS = 1500;

  private final Connection connection;
  private Map<Long, long[]> first;
  private Map<Long, long[]> latest;
  // SentRows at the first and the latest read
  private long sentFirst;
  private long sentLatest;

  PostgresServerWork(Connection connection) {
    this.connection = connection;
  }

  /** Offers the source when db.url names PostgreSQL; called by the preflight. */
  public static void offer(JdbcOptions o) {
    if (o.dialect().kind() == SqlDialect.Kind.POSTGRESQL) {
      ServerWork.offer(() -> new PostgresServerWork(Connector.open(o)));
    }
  }

  @Override
  public String describe() {
    return "PostgreSQL pg_stat_database tup_inserted+_updated+_deleted, tup_returned+_fetched;"
        + " this run's: its schema's relations and the catalogs; its tables' rows written against its statements'";
  }

  @Override
  public Map<String, Long> wholeServer() {
    try {
      Map<Long, long[]> now = read(connection);
      if (first == null) {
        first = now;
        sentFirst = SentRows.written();
      } else {
        now = settled(now);
      }
      latest = now;
      sentLatest = SentRows.written();
      long[] cluster = now.get(0L);
      return ServerWork.counters(cluster[0], cluster[1]);
    } catch (SQLException | RuntimeException e) {
      latest = null; // not measured: this run claims no share either
      return Map.of();
    }
  }

  /**
   * A backend reports its counters at most once a second while it works, and when it goes idle
   * or exits, just after its client closed it: read again while this run's relations still gain,
   * so that the end of the run counts its last second (for the whole cluster as for this run).
   */
  private Map<Long, long[]> settled(Map<Long, long[]> now) throws SQLException {
    long until = System.nanoTime() + SETTLE_MAX_MILLIS * 1_000_000L;
    while (System.nanoTime() < until) {
      try {
        Thread.sleep(SETTLE_STEP_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return now;
      }
      Map<Long, long[]> again = read(connection);
      if (own(now, again).values().stream().allMatch(v -> v == 0)) {
        return again;
      }
      now = again;
    }
    return now;
  }

  /** Reports what this run's relations gained from the first read to the latest as this run's work. */
  @Override
  public void close() {
    if (first != null && latest != null) {
      ServerWork.sessionEnded(own(first, latest));
      ServerWork.tablesEnded(Map.of(ServerWork.WRITTEN, new long[] {tablesWritten(first, latest),
          sentLatest - sentFirst}));
    }
    try {
      connection.close();
    } catch (SQLException ignored) {
      // nothing to release on a connection that is gone
    }
  }

  /**
   * What this run's relations gained from {@code start} to {@code end}: a relation created in
   * between counts from zero; one dropped in between is lost (its work is then others').
   */
  static Map<String, Long> own(Map<Long, long[]> start, Map<Long, long[]> end) {
    long written = 0;
    long read = 0;
    for (Map.Entry<Long, long[]> e : end.entrySet()) {
      if (e.getKey() == 0L) {
        continue;
      }
      long[] s = start.getOrDefault(e.getKey(), new long[3]);
      written += Math.max(0, e.getValue()[0] - s[0]);
      read += Math.max(0, e.getValue()[1] - s[1]);
    }
    return ServerWork.counters(written, read);
  }

  /** The rows written to the tables of the run's schema from {@code start} to {@code end} (TOAST and catalogs left out). */
  static long tablesWritten(Map<Long, long[]> start, Map<Long, long[]> end) {
    long written = 0;
    for (Map.Entry<Long, long[]> e : end.entrySet()) {
      if (e.getValue()[TABLE] == 1) {
        long[] s = start.getOrDefault(e.getKey(), new long[3]);
        written += Math.max(0, e.getValue()[0] - s[0]);
      }
    }
    return written;
  }

  /** The cluster's counters (key 0) and each of this run's relations', by oid: rows written, read, table flag. */
  static Map<Long, long[]> read(Connection c) throws SQLException {
    // a server that stopped answering must not hold up the end of the run
    c.setNetworkTimeout(Runnable::run, QUERY_TIMEOUT_SECONDS * 1000);
    if (!c.getAutoCommit()) {
      c.setAutoCommit(true); // the statistics views hold one snapshot per transaction (stats_fetch_consistency)
    }
    Map<Long, long[]> m = new HashMap<>();
    try (Statement s = c.createStatement()) {
      s.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
      try (ResultSet rs = s.executeQuery(QUERY)) {
        while (rs.next()) {
          m.put(rs.getLong(1), new long[] {rs.getLong(2), rs.getLong(3), rs.getLong(4)});
        }
      }
    }
    if (!m.containsKey(0L)) {
      throw new SQLException("pg_stat_database gave no row");
    }
    return m;
  }
}
