package site.ycsbx.db.jdbc.iibench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import site.ycsbx.db.jdbc.conn.ClientConnection;
import site.ycsbx.db.jdbc.conn.JdbcErrors;
import site.ycsbx.db.jdbc.conn.JdbcOptions;
import site.ycsbx.db.jdbc.conn.SqlDialect;
import site.ycsbx.db.jdbc.conn.StatementCache;
import site.ycsbx.db.jdbc.conn.Tables;
import site.ycsbx.store.IndexSpec;
import site.ycsbx.store.SizeReport;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.iibench.IIBenchStore;
import site.ycsbx.store.iibench.IIBenchTable;
import site.ycsbx.store.iibench.KeyAudit;
import site.ycsbx.store.iibench.QueryRow;
import site.ycsbx.store.iibench.QueryStart;
import site.ycsbx.store.iibench.RowBatch;
import site.ycsbx.store.iibench.RowDomain;
import site.ycsbx.store.iibench.StoredRow;

/**
 * The insert benchmark over JDBC: MySQL/MariaDB with any engine ({@code jdbc.engine}) and
 * PostgreSQL. Uses its client thread's connection; table layout and value encoding in
 * {@link IIBenchSchema}, what differs between servers in {@link IIBenchSql}.
 *
 * <p>A transaction is one multi-row INSERT of the whole batch, committed before
 * {@link #insert} returns: with {@code jdbc.autocommit=true} (the default) the statement commits
 * itself, one round trip; with false the store commits after it. Batches whose parameters
 * would exceed {@link IIBenchSchema#MAX_PARAMETERS} are refused rather than split: a split
 * would no longer be the one statement the benchmark times (the preflight refuses such a
 * {@code iibench.batchsize} before anything is created).
 */
public final class JdbcIIBenchStore implements IIBenchStore {
  /** INSERT statements kept per connection: one per (table, row count); most batches are full. */
  private static final int CACHED_INSERTS = 8;
  /** Client threads prepare their tables together; one at a time keeps catalog races out. */
  private static final Object DDL_LOCK = new Object();

  private final Connection conn;
  private final JdbcOptions options;
  private final SqlDialect dialect;
  private final IIBenchSql sql;
  /** Keyed table/rows. */
  private final StatementCache inserts;
  /** Keyed query/table and count/table. */
  private final StatementCache statements;
  private Boolean local;
  private final site.ycsbx.store.iibench.KeyBounds<Long> keys = new site.ycsbx.store.iibench.KeyBounds<>(this::keyBounds);

  public JdbcIIBenchStore(ClientConnection client) {
    this.conn = client.connection();
    this.options = client.options();
    this.dialect = options.dialect();
    this.sql = sqlFor(dialect);
    this.inserts = new StatementCache(conn, CACHED_INSERTS);
    this.statements = new StatementCache(conn, 0);
  }

  /** The variant of iibench's SQL for the server the dialect talks to. */
  static IIBenchSql sqlFor(SqlDialect d) {
    return switch (d.kind()) {
      case MYSQL -> IIBenchSql.MYSQL;
      case POSTGRESQL -> IIBenchSql.POSTGRESQL;
    };
  }

  @Override
  public long prepare(IIBenchTable table, boolean drop) throws StoreException {
    String name = table.name();
    synchronized (DDL_LOCK) {
      call("prepare", name, () -> {
        if (drop) {
          String refused = ExistingTable.dropRefusal(conn, dialect, name);
          if (refused != null) {
            throw new StoreException(refused);
          }
          forget(name);
          keys.forget(name);
          try (Statement s = conn.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + name);
          }
          commit();
        }
        String engine = Tables.engineOrCreate(conn, dialect, name, () -> create(table));
        String why = ExistingTable.unusable(conn, dialect, table, engine, options.engine());
        commit();
        if (why != null) {
          throw new StoreException(why);
        }
        return null;
      });
    }
    return count(table);
  }

  private void create(IIBenchTable table) throws SQLException {
    Tables.createInOneTransaction(conn, dialect, table.name(), dialect.createTableWithIndexes(table.name(),
        IIBenchSchema.columnsDdl(sql, table), table.secondaryIndexes(), options.engine()));
  }

  @Override
  public void createIndexes(IIBenchTable table) throws StoreException {
    String name = table.name();
    synchronized (DDL_LOCK) {
      call("create indexes", name, () -> {
        java.util.Collection<List<String>> present = dialect.secondaryIndexes(conn, name).values();
        for (site.ycsbx.store.IndexSpec i : table.secondaryIndexes()) {
          if (!present.contains(i.columns())) {
            try (Statement s = conn.createStatement()) {
              s.execute("CREATE INDEX " + dialect.indexName(name, i.name()) + " ON " + name + " ("
                  + String.join(", ", i.columns()) + ")");
            }
          }
        }
        commit();
        return null;
      });
    }
  }

  @Override
  public void insert(IIBenchTable table, RowBatch rows) throws StoreException {
    int n = rows.size();
    if (n == 0) {
      return;
    }
    int paddings = table.paddingFields();
    long parameters = (long) n * IIBenchSchema.columns(paddings);
    if (parameters > IIBenchSchema.MAX_PARAMETERS) {
      throw new StoreException(table.name() + " insert: " + n + " rows of " + IIBenchSchema.columns(paddings)
          + " columns need " + parameters + " parameters in one INSERT, over the " + IIBenchSchema.MAX_PARAMETERS
          + " a prepared statement takes; lower " + IIBenchStore.BATCH_SIZE_PROPERTY + " to at most "
          + IIBenchSchema.maxRowsPerInsert(paddings));
    }
    call("insert", table.name(), () -> {
      PreparedStatement ps = inserts.get(table.name() + '/' + n, () -> IIBenchSchema.insert(table, n));
      int p = 1;
      // one date and time per batch: convert it once
      long millis = rows.dateAndTime(0);
      LocalDateTime time = IIBenchSchema.storedDateTime(millis);
      for (int i = 0; i < n; i++) {
        if (rows.dateAndTime(i) != millis) {
          millis = rows.dateAndTime(i);
          time = IIBenchSchema.storedDateTime(millis);
        }
        ps.setObject(p++, time);
        ps.setInt(p++, rows.cashRegisterId(i));
        ps.setInt(p++, rows.customerId(i));
        ps.setInt(p++, rows.productId(i));
        ps.setDouble(p++, IIBenchSchema.storedPrice(rows.price(i)));
        for (int f = 0; f < paddings; f++) {
          ps.setString(p++, rows.padding(f, i));
        }
      }
      ps.executeUpdate();
      commit();
      return null;
    });
  }

  @Override
  public List<QueryRow> query(IIBenchTable table, QueryStart start, int limit) throws StoreException {
    return call("query", table.name(), () -> {
      PreparedStatement ps = statements.get("query/" + table.name(), () -> IIBenchSchema.query(sql, table.name()));
      double price = IIBenchSchema.storedPrice(start.price());
      LocalDateTime time = IIBenchSchema.storedDateTime(start.dateAndTime());
      if (sql.indexesRowValueComparison()) {
        ps.setDouble(1, price);
        ps.setObject(2, time);
        ps.setInt(3, start.customerId());
        ps.setInt(4, limit);
      } else {
        ps.setDouble(1, price);
        ps.setDouble(2, price);
        ps.setObject(3, time);
        ps.setDouble(4, price);
        ps.setObject(5, time);
        ps.setInt(6, start.customerId());
        ps.setInt(7, limit);
      }
      return rowsOf(ps, limit);
    });
  }

  @Override
  public long deleteOldest(IIBenchTable table, int rows) throws StoreException {
    if (rows <= 0) {
      return 0;
    }
    return committed("delete", table.name(), () -> {
      // the row count is in the SQL (MariaDB's LIMIT and PostgreSQL's subquery): one statement per size kept
      PreparedStatement ps = inserts.get(table.name() + "/delete/" + rows, () -> sql.deleteOldest(table.name(), rows));
      return (long) ps.executeUpdate();
    });
  }

  @Override
  public List<QueryRow> queryByKey(IIBenchTable table, double position, int limit) throws StoreException {
    List<Long> bounds = keys.of(table.name());
    if (bounds.isEmpty()) {
      return List.of();
    }
    long key = site.ycsbx.store.iibench.KeyBounds.between(bounds.get(0), bounds.get(1), position);
    return call("query by key", table.name(), () -> {
      PreparedStatement ps = statements.get("querykey/" + table.name(), () -> IIBenchSchema.queryByKey(sql, table.name()));
      ps.setLong(1, key);
      ps.setInt(2, limit);
      return rowsOf(ps, limit);
    });
  }

  /** The query's rows (price, transaction time, customer), then the commit that ends its snapshot. */
  private List<QueryRow> rowsOf(PreparedStatement ps, int limit) throws SQLException {
    List<QueryRow> out = new ArrayList<>(Math.min(limit, 1000));
    try (ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        out.add(new QueryRow(rs.getDouble(1), IIBenchSchema.epochMillis(rs.getObject(2, LocalDateTime.class)),
            rs.getInt(3)));
      }
    }
    commit();
    return out;
  }

  // MIN and MAX of the primary key: each one end of its index
  private List<Long> keyBounds(String table) throws StoreException {
    return committed("key bounds", table, () -> {
      PreparedStatement ps = statements.get("keybounds/" + table, () -> "SELECT MIN(" + IIBenchTable.TRANSACTION_ID
          + "), MAX(" + IIBenchTable.TRANSACTION_ID + ") FROM " + table);
      List<Long> out = new ArrayList<>(2);
      try (ResultSet rs = ps.executeQuery()) {
        if (rs.next() && rs.getObject(1) != null) {
          out.add(rs.getLong(1));
          out.add(rs.getLong(2));
        }
      }
      return out;
    });
  }

  @Override
  public long count(IIBenchTable table) throws StoreException {
    return verifying("count", table, () -> Tables.count(
        statements.get("count/" + table.name(), () -> "SELECT COUNT(*) FROM " + table.name())));
  }

  @Override
  public long countThroughIndex(IIBenchTable table, IndexSpec index) throws StoreException {
    return verifying("count through " + index.name(), table, () -> StoredRows.throughIndex(conn, dialect, table, index));
  }

  @Override
  public long countOutside(IIBenchTable table, RowDomain domain) throws StoreException {
    return verifying("count outside the generator's values", table, () -> StoredRows.outside(conn, table, domain));
  }

  @Override
  public List<StoredRow> firstOutside(IIBenchTable table, RowDomain domain, int limit) throws StoreException {
    return verifying("rows outside the generator's values", table, () -> StoredRows.firstOutside(conn, table, domain,
        limit));
  }

  @Override
  public Optional<KeyAudit.Span> keySpan(IIBenchTable table) throws StoreException {
    return verifying("transactionid span", table, () -> StoredRows.span(conn, table));
  }

  @Override
  public KeyAudit keyAudit(IIBenchTable table, long from, long to, int limit) throws StoreException {
    return verifying("transactionids", table, () -> StoredRows.keys(conn, table, from, to, limit));
  }

  /** iibench.verify's reads: never on a connection that may have died with the server. */
  private <T> T verifying(String what, IIBenchTable table, JdbcErrors.Work<T> read) throws StoreException {
    return committed(what, table.name(), () -> {
      ClientConnection.renew(conn);
      return read.run();
    });
  }

  @Override
  public String flushForSize(Collection<IIBenchTable> tables) throws StoreException {
    List<String> names = names(tables);
    return committed("flush", String.join(", ", names), () -> dialect.flushForSize(conn, names));
  }

  @Override
  public SizeReport size(Collection<IIBenchTable> tables) throws StoreException {
    List<String> names = names(tables);
    return committed("size", String.join(", ", names), () -> dialect.tableSizes(conn, names));
  }

  private static List<String> names(Collection<IIBenchTable> tables) {
    List<String> names = new ArrayList<>();
    tables.forEach(t -> names.add(t.name()));
    return names;
  }

  /** A loopback or local interface address, or a Unix socket (see {@link JdbcOptions#serverIsLocal}). */
  @Override
  public boolean serverIsLocal() {
    if (local == null) {
      local = options.serverIsLocal();
    }
    return local;
  }

  @Override
  public int serverPort() {
    return options.serverPort();
  }

  /** Drops the cached statements of a table that is about to be dropped. */
  private void forget(String table) {
    inserts.forget(k -> k.startsWith(table + "/"));
    statements.forget(k -> k.endsWith("/" + table));
  }

  private void commit() throws SQLException {
    if (!conn.getAutoCommit()) {
      conn.commit();
    }
  }

  private <T> T call(String op, String table, JdbcErrors.Work<T> work) throws StoreException {
    return JdbcErrors.call(conn, options, table, op, work);
  }

  /** {@link #call}, then the commit that ends the work's transaction (its snapshot, when it only read). */
  private <T> T committed(String op, String table, JdbcErrors.Work<T> work) throws StoreException {
    return call(op, table, () -> {
      T out = work.run();
      commit();
      return out;
    });
  }
}
