package site.ycsbx.db.jdbc.sysbench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import site.ycsbx.db.jdbc.conn.ClientConnection;
import site.ycsbx.db.jdbc.conn.Connector;
import site.ycsbx.db.jdbc.conn.JdbcOptions;
import site.ycsbx.db.jdbc.conn.SqlDialect;
import site.ycsbx.db.jdbc.conn.StatementCache;
import site.ycsbx.db.jdbc.conn.Tables;
import site.ycsbx.store.SizeReport;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.sysbench.IgnoredError;
import site.ycsbx.store.sysbench.KeyRange;
import site.ycsbx.store.sysbench.ReadKey;
import site.ycsbx.store.sysbench.RowAudit;
import site.ycsbx.store.sysbench.RowBatch;
import site.ycsbx.store.sysbench.SysbenchStore;
import site.ycsbx.store.sysbench.SysbenchTable;
import site.ycsbx.store.sysbench.TableCensus;

/**
 * sysbench's OLTP statements over JDBC, on MySQL/MariaDB (any engine, {@code jdbc.engine}) and
 * PostgreSQL, each prepared once per connection and table. As sysbench does, the connection
 * stays in autocommit and a transaction is the statements BEGIN and COMMIT sent by the store
 * (ROLLBACK after a failure), so the server sees sysbench's statement sequence. The errors
 * sysbench ignores by default become {@link IgnoredError}: MySQL/MariaDB 1213 (deadlock), 1205
 * (lock wait timeout), 1020 (record changed since last read); PostgreSQL 40P01 (deadlock),
 * 40001 (serialization failure), 23505 (unique violation: a concurrent delete and insert of one id).
 */
public final class JdbcSysbenchStore implements SysbenchStore {
  /** Client threads create their tables together; one at a time keeps catalog races out. */
  private static final Object DDL_LOCK = new Object();

  private final Connection conn;
  private final JdbcOptions options;
  private final SqlDialect dialect;
  private final StatementCache statements;
  private final StatementCache loads;
  // the run's statements by kind, key, range form and table number: found without building a key,
  // a string or a hash per statement (the StatementCache owns and closes them)
  private final PreparedStatement[][] hot = new PreparedStatement[Kind.values().length * 4][];
  private PreparedStatement begin;
  private PreparedStatement commit;
  private boolean inTransaction;

  @FunctionalInterface
  private interface Sql {
    String of(SysbenchTable t, ReadKey key, boolean limited);
  }

  /** The run's statements; reads come by id or by k, ranges as BETWEEN or as the next rows (LIMIT). */
  private enum Kind {
    POINT("point select", (t, key, limited) -> SysbenchSchema.pointSelect(t, key)),
    SIMPLE_RANGE("simple range", SysbenchSchema::simpleRange),
    SUM_RANGE("sum range", SysbenchSchema::sumRange),
    ORDER_RANGE("order range", SysbenchSchema::orderRange),
    DISTINCT_RANGE("distinct range", SysbenchSchema::distinctRange),
    INDEX_UPDATE("index update", (t, key, limited) -> SysbenchSchema.indexUpdate(t)),
    NON_INDEX_UPDATE("non-index update", (t, key, limited) -> SysbenchSchema.nonIndexUpdate(t)),
    DELETE("delete+insert", (t, key, limited) -> SysbenchSchema.delete(t)),
    INSERT("insert", (t, key, limited) -> SysbenchSchema.insert(t));

    final String label;
    final Sql sql;

    Kind(String label, Sql sql) {
      this.label = label;
      this.sql = sql;
    }
  }

  public JdbcSysbenchStore(ClientConnection client) {
    this.conn = client.connection();
    this.options = client.options();
    this.dialect = options.dialect();
    this.statements = new StatementCache(conn, 0);
    this.loads = new StatementCache(conn, 4);
  }

  @Override
  public long createTable(SysbenchTable table, boolean drop) throws StoreException {
    synchronized (DDL_LOCK) {
      call(table, "create", () -> {
        autocommit();
        if (drop) {
          String refused = SysbenchSchema.dropRefusal(conn, dialect, table);
          if (refused != null) {
            throw new StoreException(refused);
          }
          forget(table);
          try (Statement s = conn.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + table.name());
          }
        }
        String engine = Tables.engineOrCreate(conn, dialect, table.name(), () -> {
          try (Statement s = conn.createStatement()) {
            s.execute(SysbenchSchema.createTable(dialect, table, options.engine()));
          }
        });
        String why = SysbenchSchema.unusable(conn, dialect, table, engine, options.engine());
        if (why != null) {
          throw new StoreException(why);
        }
        return null;
      });
    }
    return call(table, "count", () -> Tables.rows(conn, table.name()));
  }

  // sysbench sends BEGIN and COMMIT itself; a connection left out of autocommit would wrap them
  private void autocommit() throws SQLException {
    if (!conn.getAutoCommit()) {
      conn.setAutoCommit(true);
    }
  }

  @Override
  public void loadRows(SysbenchTable table, RowBatch rows) throws StoreException {
    int n = rows.size();
    if (n == 0) {
      return;
    }
    call(table, "load", () -> {
      autocommit();
      PreparedStatement ps = loads.get(table.name() + '/' + n, () -> SysbenchSchema.insertRows(table, n));
      int p = 1;
      for (int i = 0; i < n; i++) {
        ps.setInt(p++, rows.id(i));
        ps.setInt(p++, rows.k(i));
        ps.setString(p++, rows.c(i));
        ps.setString(p++, rows.pad(i));
      }
      ps.executeUpdate();
      return null;
    });
  }

  @Override
  public void rowsLoaded(SysbenchTable table, int lastId) throws StoreException {
    if (dialect.kind() != SqlDialect.Kind.POSTGRESQL) {
      return;
    }
    call(table, "sequence", () -> {
      autocommit();
      try (PreparedStatement ps = conn.prepareStatement("SELECT setval(pg_get_serial_sequence(?, 'id'), ?)")) {
        ps.setString(1, table.name());
        ps.setInt(2, lastId);
        ps.executeQuery().close();
      }
      return null;
    });
  }

  @Override
  public void createSecondaryIndex(SysbenchTable table) throws StoreException {
    call(table, "create index", () -> {
      autocommit();
      if (!SysbenchSchema.hasIndex(conn, dialect, table)) {
        try (Statement s = conn.createStatement()) {
          s.execute(SysbenchSchema.createIndex(table));
        }
      }
      return null;
    });
  }

  @Override
  public boolean hasSecondaryIndex(SysbenchTable table) throws StoreException {
    return call(table, "indexes", () -> SysbenchSchema.hasIndex(conn, dialect, table));
  }

  @Override
  public boolean begin() throws StoreException {
    begin = run(begin, "BEGIN");
    inTransaction = true;
    return true;
  }

  @Override
  public void commit() throws StoreException {
    inTransaction = false;
    commit = run(commit, "COMMIT");
  }

  @Override
  public void rollback() {
    if (!inTransaction) {
      return;
    }
    inTransaction = false;
    try {
      statements.get("ROLLBACK", () -> "ROLLBACK").execute();
    } catch (SQLException e) {
      // the connection is broken: the server has ended the transaction with it
    }
  }

  /** Runs BEGIN or COMMIT, prepared at its first use ({@code ps} null); returns the statement. */
  private PreparedStatement run(PreparedStatement ps, String sql) throws StoreException {
    try {
      PreparedStatement s = ps != null ? ps : statements.get(sql, () -> sql);
      s.execute();
      return s;
    } catch (SQLException e) {
      throw failure(sql, e);
    }
  }

  @Override
  public List<String> pointSelect(SysbenchTable table, ReadKey key, int value) throws StoreException {
    try {
      PreparedStatement ps = prepared(table, Kind.POINT, key);
      ps.setInt(1, value);
      return strings(ps);
    } catch (SQLException e) {
      throw failure(table, Kind.POINT, e);
    }
  }

  @Override
  public List<String> simpleRange(SysbenchTable table, KeyRange range) throws StoreException {
    return range(table, Kind.SIMPLE_RANGE, range);
  }

  @Override
  public long sumRange(SysbenchTable table, KeyRange range) throws StoreException {
    try {
      PreparedStatement ps = bound(table, Kind.SUM_RANGE, range);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? rs.getLong(1) : 0L;
      }
    } catch (SQLException e) {
      throw failure(table, Kind.SUM_RANGE, e);
    }
  }

  @Override
  public List<String> orderRange(SysbenchTable table, KeyRange range) throws StoreException {
    return range(table, Kind.ORDER_RANGE, range);
  }

  @Override
  public List<String> distinctRange(SysbenchTable table, KeyRange range) throws StoreException {
    return range(table, Kind.DISTINCT_RANGE, range);
  }

  private List<String> range(SysbenchTable table, Kind kind, KeyRange range) throws StoreException {
    try {
      return strings(bound(table, kind, range));
    } catch (SQLException e) {
      throw failure(table, kind, e);
    }
  }

  // either form takes two ints: BETWEEN's from and to, or the limit form's from and rows
  private PreparedStatement bound(SysbenchTable table, Kind kind, KeyRange range) throws SQLException {
    PreparedStatement ps = prepared(table, kind, range.key(), range.limited());
    ps.setInt(1, range.from());
    ps.setInt(2, range.second());
    return ps;
  }

  private static List<String> strings(PreparedStatement ps) throws SQLException {
    return FetchedRows.of(ps.executeQuery());
  }

  @Override
  public int indexUpdate(SysbenchTable table, int id) throws StoreException {
    try {
      PreparedStatement ps = prepared(table, Kind.INDEX_UPDATE, ReadKey.ID);
      ps.setInt(1, id);
      return ps.executeUpdate();
    } catch (SQLException e) {
      throw failure(table, Kind.INDEX_UPDATE, e);
    }
  }

  @Override
  public int nonIndexUpdate(SysbenchTable table, int id, String c) throws StoreException {
    try {
      PreparedStatement ps = prepared(table, Kind.NON_INDEX_UPDATE, ReadKey.ID);
      ps.setString(1, c);
      ps.setInt(2, id);
      return ps.executeUpdate();
    } catch (SQLException e) {
      throw failure(table, Kind.NON_INDEX_UPDATE, e);
    }
  }

  @Override
  public void deleteInsert(SysbenchTable table, int id, int k, String c, String pad) throws StoreException {
    try {
      PreparedStatement delete = prepared(table, Kind.DELETE, ReadKey.ID);
      delete.setInt(1, id);
      delete.executeUpdate();
      PreparedStatement insert = prepared(table, Kind.INSERT, ReadKey.ID);
      insert.setInt(1, id);
      insert.setInt(2, k);
      insert.setString(3, c);
      insert.setString(4, pad);
      insert.executeUpdate();
    } catch (SQLException e) {
      throw failure(table, Kind.DELETE, e);
    }
  }

  @Override
  public TableCensus census(SysbenchTable table) throws StoreException {
    return call(table, "census", () -> {
      ClientConnection.renew(conn); // sysbench.verify: never on a connection that may have died with the server
      autocommit();
      long rows;
      long min;
      long max;
      long sum;
      try (Statement s = conn.createStatement(); ResultSet rs = s.executeQuery(SysbenchSchema.censusByKey(dialect, table))) {
        rs.next();
        rows = rs.getLong(1);
        min = rs.getLong(2);
        max = rs.getLong(3);
        sum = rs.getLong(4);
      }
      if (!SysbenchSchema.hasIndex(conn, dialect, table)) {
        return new TableCensus(rows, min, max, sum, -1, -1);
      }
      boolean pg = dialect.kind() == SqlDialect.Kind.POSTGRESQL;
      try (Statement s = conn.createStatement()) {
        if (pg) {
          s.execute("BEGIN");
          s.execute("SET LOCAL enable_seqscan = off"); // read k_N, not the heap
        }
        try (ResultSet rs = s.executeQuery(SysbenchSchema.censusByIndex(dialect, table))) {
          rs.next();
          return new TableCensus(rows, min, max, sum, rs.getLong(1), rs.getLong(2));
        } finally {
          if (pg) {
            s.execute("COMMIT");
          }
        }
      }
    });
  }

  @Override
  public RowAudit audit(SysbenchTable table, int tableSize, int limit) throws StoreException {
    return call(table, "audit", () -> {
      ClientConnection.renew(conn);
      autocommit();
      return SysbenchAudit.of(conn, dialect, table, tableSize, limit);
    });
  }

  @Override
  public SizeReport size(Collection<SysbenchTable> tables) throws StoreException {
    List<String> names = tables.stream().map(SysbenchTable::name).toList();
    try {
      return dialect.tableSizes(conn, names);
    } catch (SQLException e) {
      throw failure("size", e);
    }
  }

  @Override
  public String transactions() {
    return "BEGIN/COMMIT statements, autocommit between them";
  }

  private PreparedStatement prepared(SysbenchTable t, Kind kind, ReadKey key) throws SQLException {
    return prepared(t, kind, key, false);
  }

  /** The statement of {@code kind} on {@code t} read by {@code key}, in its range form, prepared at its first use. */
  private PreparedStatement prepared(SysbenchTable t, Kind kind, ReadKey key, boolean limited) throws SQLException {
    int slot = (kind.ordinal() * 2 + key.ordinal()) * 2 + (limited ? 1 : 0);
    PreparedStatement[] byTable = hot[slot];
    int n = t.number();
    if (byTable == null || n >= byTable.length) {
      byTable = hot[slot] = Arrays.copyOf(byTable == null ? new PreparedStatement[0] : byTable,
          Math.max(n + 1, 17));
    }
    PreparedStatement ps = byTable[n];
    if (ps == null) {
      ps = byTable[n] = statements.get(kind.label + ' ' + key.column() + (limited ? " limit" : "") + '/' + t.name(),
          () -> kind.sql.of(t, key, limited));
    }
    return ps;
  }

  private StoreException failure(SysbenchTable table, Kind kind, SQLException e) {
    return failure(table.name() + " " + kind.label, e);
  }

  private void forget(SysbenchTable table) {
    for (PreparedStatement[] byTable : hot) {
      if (byTable != null && table.number() < byTable.length) {
        byTable[table.number()] = null;
      }
    }
    statements.forget(k -> k.endsWith("/" + table.name()));
    loads.forget(k -> k.startsWith(table.name() + "/"));
  }

  private <T> T call(SysbenchTable table, String op, Work<T> work) throws StoreException {
    try {
      return work.run();
    } catch (SQLException e) {
      throw failure(table.name() + " " + op, e);
    }
  }

  @FunctionalInterface
  private interface Work<T> {
    T run() throws SQLException, StoreException;
  }

  /** The store's exception: an ignored error as sysbench's defaults ignore it, else the driver's one line. */
  private StoreException failure(String what, SQLException e) {
    String message = what + ": " + Connector.message(e, options);
    return ignored(e) ? new IgnoredError(message) : new StoreException(message, e);
  }

  /** sysbench 1.0.20's default --mysql-ignore-errors, and the errors its pgsql driver ignores. */
  static boolean ignored(SQLException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLException s) {
        int code = s.getErrorCode();
        String state = s.getSQLState();
        if (state != null && (state.equals("40P01") || state.equals("40001") || state.equals("23505"))
            && !isMySqlState(s)) {
          return true;
        }
        if (code == 1213 || code == 1205 || code == 1020) {
          return true;
        }
      }
    }
    return false;
  }

  // MySQL reports a deadlock as 40001 too, and a duplicate key as 23000: only its codes decide there
  private static boolean isMySqlState(SQLException s) {
    return s.getErrorCode() != 0;
  }
}
