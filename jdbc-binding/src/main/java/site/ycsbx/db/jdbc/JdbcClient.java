package site.ycsbx.db.jdbc;

import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsbx.measurements.Schedule;
import site.ycsb.StringByteIterator;
import site.ycsbx.db.jdbc.conn.ClientConnection;
import site.ycsbx.db.jdbc.conn.Connector;
import site.ycsbx.db.jdbc.conn.JdbcFamily;
import site.ycsbx.db.jdbc.conn.JdbcOptions;
import site.ycsbx.db.jdbc.conn.MySqlDialect;
import site.ycsbx.db.jdbc.conn.ReopeningConnection;
import site.ycsbx.db.jdbc.conn.ReopeningStatement;
import site.ycsbx.db.jdbc.conn.SqlDialect;
import site.ycsbx.db.jdbc.conn.Statements;
import site.ycsbx.db.jdbc.conn.Tables;
import site.ycsbx.db.jdbc.conn.UserTable;
import site.ycsbx.measurements.BatchLedger;
import site.ycsbx.faults.Deadline;
import site.ycsbx.faults.Outages;
import site.ycsbx.verdict.ErrorLog;
import site.ycsbx.measurements.OpTimer;
import site.ycsbx.store.Preflight;
import site.ycsbx.store.PreflightOnce;
import site.ycsbx.store.Provides;
import site.ycsbx.store.StoreCatalog;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.store.YcsbTable;
import site.ycsbx.util.UserError;

/**
 * YCSB's DB over JDBC: MySQL/MariaDB (Connector/J) and PostgreSQL, one connection per client
 * thread. Options are YCSB's JDBC ones (see {@link JdbcOptions}); product-specific SQL lives in
 * {@link SqlDialect}. In a load, the table is created at the first insert when absent (with
 * {@code jdbc.engine}); it is dropped first only with {@value YcsbTable#DROP_PROPERTY}=true, and
 * only when it has YCSB's columns.
 *
 * <p>With {@code db.batchsize} N &gt; 1, a load's inserts are queued and sent N rows per round trip:
 * queued inserts return {@link Status#BATCHED_OK}, and each round trip is also timed as one
 * {@value #INSERT_BATCH} operation. The last partial batch is sent and committed in
 * {@link #cleanup()}. A queued row counts as stored only when its batch (or, with
 * {@code jdbc.batchupdateapi=false}, its transaction) is acknowledged: the {@link BatchLedger}
 * hears what became of it.
 *
 * <p>Stores for YCSB-X's workloads, on this thread's connection: the families of
 * {@link JdbcStores}.
 */
@Provides(stores = JdbcStores.class, preflight = JdbcPreflight.class)
public class JdbcClient extends DB {
  /** YCSB's name for an insert, under which queued rows are settled in the {@link BatchLedger}. */
  private static final String INSERT = "INSERT";
  /** One batch of inserts: a single round trip (plus its commit when autocommit is off). */
  public static final String INSERT_BATCH = "INSERT_BATCH";

  private JdbcOptions options;
  private Connection conn;
  private ClientConnection client;
  private Statements statements;
  private OpTimer timer;
  private boolean load;
  private int batchSize;
  private int commitEvery;
  private int uncommitted;
  private boolean tableReady;

  private PreparedStatement batch;
  private int queued;
  // rows of the open batch or transaction whose insert returned BATCHED_OK (see BatchLedger)
  private int pendingOk;
  // whether the last row of the batch sendBatch() sent was stored (the one whose insert sent it)
  private boolean lastRowStored;

  /*
   * YCSB's Client creates the DB objects, and so initializes this class, before its clock starts;
   * the client threads' init() and first operations, inside it, would otherwise load, verify and
   * initialize these classes themselves (on a busy 2-core box: tens of ms, the other threads
   * waiting on the class's lock), and generate the connection's proxy classes.
   */
  static {
    ReopeningConnection.defineProxyClasses();
    List<String> preloaded = new java.util.ArrayList<>();
    for (Class<?> c : List.of(Statements.class, ClientConnection.class, JdbcStores.class, ReopeningStatement.class)) {
      preloaded.add(c.getName());
    }
    preloaded.addAll(familyStores());
    for (String c : preloaded) {
      try {
        Class.forName(c, true, JdbcClient.class.getClassLoader());
      } catch (ClassNotFoundException e) {
        throw new IllegalStateException(e);
      }
    }
  }

  /**
   * The store class of every family this binding serves, as its catalog's entries name them (the
   * catalog builds them through constructor references, which load no class ahead of use).
   */
  static List<String> familyStores() {
    return StoreCatalog.entries(JdbcFamily.class).stream().map(e -> e.storeClass().getName()).toList();
  }

  @Override
  public void init() throws DBException {
    Properties props = getProperties();
    try {
      // a subclass's own preflight (under YCSB's stock Client, the first thread's init() runs it)
      Provides provides = getClass().getAnnotation(Provides.class);
      PreflightOnce.run(provides == null ? JdbcPreflight.class : provides.preflight(), props);
      options = options(props);
      conn = ReopeningConnection.open(options, Map.of());
      Deadline.arm(props);
    } catch (UserError e) {
      throw new DBException(e.getMessage());
    }
    try {
      conn.setAutoCommit(options.autocommit());
    } catch (SQLException e) {
      throw new DBException("cannot set autocommit on " + options.maskedUrl() + ": " + Connector.message(e, options));
    }
    load = Preflight.Phase.of(props) == Preflight.Phase.LOAD;
    if (load && YcsbTable.drop(props) && StoreDemand.of(props).isNone()) {
      try {
        UserTable.dropOnce(conn, options, props);
      } catch (SQLException e) {
        throw new DBException("cannot drop " + options.table() + " (" + YcsbTable.DROP_PROPERTY + "=true): "
            + Connector.message(e, options));
      }
    }
    // a run's inserts are sent one by one: workloads d and e read the keys they insert, and an
    // insert's latency must be the real one, not a queued row's
    batchSize = load ? options.batchSize() : 1;
    // jdbc.batchupdateapi=false with autocommit off: YCSB 0.17 commits a load every db.batchsize rows
    commitEvery = load ? options.commitEvery() : 1;
    timer = new OpTimer();
    Schedule.configure(props);
    statements = new Statements(conn, options);
    client = new ClientConnection(conn, options);
    new JdbcStores().offer(client);
  }

  /**
   * This thread's options; a subclass that runs its own server (postgres-embedded) adds where
   * that server is.
   */
  protected JdbcOptions options(Properties props) {
    return JdbcOptions.parse(props);
  }

  /** This client thread's connection, for tests reading its session's counters. */
  Connection connection() {
    return conn;
  }

  @Override
  public void cleanup() throws DBException {
    try {
      if (conn != null) {
        if (queued > 0) {
          sendBatch();
        }
        if (!options.autocommit()) {
          conn.commit();
        }
        BatchLedger.stored(INSERT, pendingOk);
        pendingOk = 0;
      }
    } catch (SQLException e) {
      ErrorLog.report("CLEANUP", "final commit failed: " + Connector.message(e, options));
      lostPending("the final commit failed");
    } finally {
      if (statements != null) {
        statements.close();
      }
      if (client != null) {
        client.closeOthers();
        client = null;
      }
      try {
        if (conn != null) {
          conn.close();
        }
      } catch (SQLException ignored) {
        // nothing left to save
      }
      conn = null;
      StoreRegistry.clear();
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    Schedule.onOperation();
    try {
      Statements.Prepared p = statements.read(table, fields);
      PreparedStatement ps = p.statement();
      ps.setString(1, key);
      Status status;
      try (ResultSet rs = ps.executeQuery()) {
        if (rs.next()) {
          String[] f = p.fields();
          for (int i = 0; i < f.length; i++) {
            result.put(f[i], new StringByteIterator(rs.getString(i + 1)));
          }
          status = Status.OK;
        } else {
          status = notFound("READ", table);
        }
      }
      endTransaction();
      return status;
    } catch (SQLException e) {
      return failed("READ", e);
    }
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    Schedule.onOperation();
    try {
      Statements.Prepared p = statements.scan(table, fields);
      PreparedStatement ps = p.statement();
      ps.setString(1, startkey);
      ps.setInt(2, recordcount);
      String[] f = p.fields();
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          HashMap<String, ByteIterator> row = new HashMap<>(f.length * 2);
          for (int i = 0; i < f.length; i++) {
            row.put(f[i], new StringByteIterator(rs.getString(i + 1)));
          }
          result.add(row);
        }
      }
      endTransaction();
      return Status.OK;
    } catch (SQLException e) {
      return failed("SCAN", e);
    }
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    Schedule.onOperation();
    try {
      Statements.Prepared p = statements.update(table, values.keySet());
      PreparedStatement ps = p.statement();
      String[] f = p.fields();
      for (int i = 0; i < f.length; i++) {
        ps.setString(i + 1, values.get(f[i]).toString());
      }
      ps.setString(f.length + 1, key);
      int n = ps.executeUpdate();
      endTransaction();
      return n == 0 ? notFound("UPDATE", table) : Status.OK;
    } catch (SQLException e) {
      return failed("UPDATE", e);
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    Schedule.onOperation();
    try {
      if (!tableReady) {
        prepareTable(table);
      }
      Statements.Prepared p = statements.insert(table, values.keySet());
      PreparedStatement ps = p.statement();
      if (queued > 0 && ps != batch && !sendBatch()) {
        return Status.ERROR;
      }
      ps.setString(1, key);
      String[] f = p.fields();
      for (int i = 0; i < f.length; i++) {
        ps.setString(i + 2, values.get(f[i]).toString());
      }
      if (batchSize == 1) {
        ps.executeUpdate();
        // a row inside an open transaction is not stored until its commit: it is counted then
        if (commitEvery > 1 && ++uncommitted < commitEvery) {
          return queuedOk();
        }
        uncommitted = 0;
        endTransaction();
        BatchLedger.stored(INSERT, pendingOk);
        pendingOk = 0;
        return Status.OK;
      }
      ps.addBatch();
      batch = ps;
      if (++queued < batchSize) {
        return queuedOk();
      }
      // this insert's row is the batch's last: it fails only if that row did not reach the table
      return sendBatch() || lastRowStored ? Status.OK : Status.ERROR;
    } catch (SQLException e) {
      if (batchSize == 1) {
        // the open transaction is rolled back, with the rows that returned BATCHED_OK in it
        if (pendingOk > 0) {
          ErrorLog.report(INSERT, "the " + pendingOk + " inserts before it in the same transaction ("
              + JdbcOptions.BATCH_UPDATE_API_PROPERTY + "=false, a commit every " + commitEvery + ") are rolled back with it");
        }
        uncommitted = 0;
        BatchLedger.failed(INSERT, pendingOk);
        pendingOk = 0;
      }
      return failed(INSERT, e);
    }
  }

  @Override
  public Status delete(String table, String key) {
    Schedule.onOperation();
    try {
      PreparedStatement ps = statements.delete(table).statement();
      ps.setString(1, key);
      int n = ps.executeUpdate();
      endTransaction();
      return n == 0 ? notFound("DELETE", table) : Status.OK;
    } catch (SQLException e) {
      return failed("DELETE", e);
    }
  }

  /** In a load, creates YCSB's table when absent (once per JVM); a run expects it (preflight). */
  private void prepareTable(String table) throws SQLException {
    if (load) {
      Tables.ensure(conn, options.dialect(), table, UserTable.columnsDdl(options.dialect(), options.fieldNames()),
          options.engine());
    }
    tableReady = true;
  }

  /**
   * Sends the queued inserts in one round trip, commits them when autocommit is off, and records
   * the round trip as one {@value #INSERT_BATCH} operation.
   *
   * @return whether every row was stored
   */
  private boolean sendBatch() {
    int rows = queued;
    PreparedStatement ps = batch;
    queued = 0;
    batch = null;
    long intended = timer.intendedStartNanos();
    long start = System.nanoTime();
    Status status = Status.OK;
    lastRowStored = true;
    try {
      ps.executeBatch();
      endTransaction();
      BatchLedger.stored(INSERT, pendingOk);
    } catch (SQLException e) {
      status = Status.ERROR;
      boolean[] kept = keptRows(e, rows);
      int keptQueued = 0;
      for (int i = 0; i < pendingOk; i++) {
        keptQueued += kept[i] ? 1 : 0;
      }
      BatchLedger.stored(INSERT, keptQueued);
      BatchLedger.failed(INSERT, pendingOk - keptQueued);
      lastRowStored = rows > 0 && kept[rows - 1];
      SQLException cause = e instanceof BatchUpdateException && e.getNextException() != null ? e.getNextException() : e;
      ErrorLog.report(INSERT_BATCH, "batch of " + rows + " rows failed: " + Connector.message(cause, options));
      clearQuietly(ps);
      Tables.rollbackQuietly(conn);
    }
    pendingOk = 0;
    timer.record(INSERT_BATCH, status, intended, start, System.nanoTime());
    return status == Status.OK;
  }

  /**
   * Which rows of a failed batch the server kept. None, except where each row was its own
   * statement under autocommit: MySQL's driver then goes on past a failed row
   * (continueBatchOnError) and says per row which ones failed. A rewritten multi-row INSERT and a
   * PostgreSQL batch (one implicit transaction) fail whole.
   */
  private boolean[] keptRows(SQLException e, int rows) {
    boolean[] kept = new boolean[rows];
    if (e instanceof BatchUpdateException && options.autocommit() && options.dialect() instanceof MySqlDialect) {
      int[] counts = ((BatchUpdateException) e).getUpdateCounts();
      if (counts != null && counts.length == rows) {
        for (int i = 0; i < rows; i++) {
          kept[i] = counts[i] != java.sql.Statement.EXECUTE_FAILED;
        }
      }
    }
    return kept;
  }

  private Status queuedOk() {
    pendingOk++;
    BatchLedger.queued(INSERT);
    return Status.BATCHED_OK;
  }

  private void lostPending(String why) {
    if (pendingOk > 0) {
      ErrorLog.report(INSERT, pendingOk + " queued inserts were lost: " + why);
      BatchLedger.failed(INSERT, pendingOk);
      pendingOk = 0;
    }
  }

  /** Each operation is its own transaction when autocommit is off. */
  private void endTransaction() throws SQLException {
    if (!options.autocommit()) {
      conn.commit();
    }
  }

  private Status notFound(String op, String table) {
    ErrorLog.report(op, "key not found in " + table + " (was the table loaded with this recordcount?)");
    return Status.NOT_FOUND;
  }

  private Status failed(String op, SQLException e) {
    ErrorLog.report(op, Connector.message(e, options));
    Outages.operationFailed();
    Tables.rollbackQuietly(conn);
    return Status.ERROR;
  }

  private static void clearQuietly(PreparedStatement ps) {
    try {
      ps.clearBatch();
    } catch (SQLException ignored) {
      // the statement is unusable; the next insert reports the connection's state
    }
  }
}
