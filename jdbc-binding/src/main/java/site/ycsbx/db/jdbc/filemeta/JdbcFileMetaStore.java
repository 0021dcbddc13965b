package site.ycsbx.db.jdbc.filemeta;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import site.ycsbx.db.jdbc.conn.CheckedTables;
import site.ycsbx.db.jdbc.conn.ClientConnection;
import site.ycsbx.db.jdbc.conn.JdbcErrors;
import site.ycsbx.db.jdbc.conn.JdbcOptions;
import site.ycsbx.db.jdbc.conn.SqlDialect;
import site.ycsbx.db.jdbc.conn.StatementCache;
import site.ycsbx.db.jdbc.conn.Tables;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.filemeta.FileMetaPlan;
import site.ycsbx.store.filemeta.FileMetaStore;
import site.ycsbx.store.filemeta.FileRow;

/**
 * The filemeta table over JDBC: MySQL/MariaDB with any engine ({@code jdbc.engine}: InnoDB,
 * RocksDB, ...) and PostgreSQL, sending the spec's queries as written ({@link FileMetaSchema}).
 * Uses its client thread's connection: with {@code jdbc.autocommit=true} (the default) each
 * statement commits itself, one round trip; with false the store commits after each call.
 * A load batch is one multi-row INSERT, so all of it or none is stored; a batch over
 * {@link FileMetaSchema#MAX_ROWS_PER_INSERT} files is refused, not split (the preflight refuses
 * such a {@value FileMetaStore#BATCH_SIZE_PROPERTY} before anything is created).
 */
public final class JdbcFileMetaStore implements FileMetaStore {
  /** Client threads prepare one at a time in this JVM: catalog races stay out. */
  private static final Object DDL_LOCK = new Object();
  /**
   * The table of the last prepare in this JVM: the workload prepares on its first client thread
   * and the others wait for it, so their stores use its table.
   */
  private static volatile String lastPrepared = FileMetaPlan.DEFAULT_TABLE;

  private final Connection conn;
  private final JdbcOptions options;
  private final SqlDialect dialect;
  private final StatementCache statements;
  private String table;
  private String cachedFor;
  // the latest-by-user statement of the last limit asked: no key to build on every query
  private PreparedStatement latest;
  private int latestLimit;

  public JdbcFileMetaStore(ClientConnection client) {
    this.conn = client.connection();
    this.options = client.options();
    this.dialect = options.dialect();
    this.statements = new StatementCache(conn, 0);
  }

  @Override
  public void prepare(FileMetaPlan plan) throws StoreException {
    String name = plan.table();
    if (!JdbcOptions.isIdentifier(name)) {
      throw new StoreException("'" + name + "' is not a plain SQL name (letters, digits, _): refusing to build SQL with it");
    }
    synchronized (DDL_LOCK) {
      try {
        forgetStatements();
        if (plan.drop()) {
          String refused = FileMetaSchema.dropRefusal(conn, dialect, name);
          if (refused != null) {
            throw new StoreException(refused);
          }
          try (Statement s = conn.createStatement()) {
            s.execute("DROP TABLE IF EXISTS " + name);
          }
          commit();
        }
        if (!plan.drop() && CheckedTables.take(options, name)) {
          // the preflight of this JVM found it with the spec's shape moments ago (FileMetaCheck): the
          // catalog reads would run again inside YCSB's clock while the other threads wait
          table = name;
          lastPrepared = name;
          return;
        }
        String engine = Tables.engineOrCreate(conn, dialect, name, () -> create(name));
        String why = FileMetaSchema.SHAPE.unusable(conn, dialect, name, engine, options.engine(), FIX);
        commit();
        if (why != null) {
          throw new StoreException(why);
        }
      } catch (SQLException e) {
        throw JdbcErrors.failure(conn, options, name, "prepare", e, 1);
      }
      table = name;
      lastPrepared = name;
    }
  }

  /** What a user can do about an existing table of another shape. */
  static final String FIX = "drop it first (" + DROP_PROPERTY + "=true), or name another table (" + TABLE_PROPERTY + ")";

  private void create(String name) throws SQLException {
    Tables.createInOneTransaction(conn, dialect, name,
        dialect.createTableWithIndexes(name, FileMetaSchema.columnsDdl(dialect), INDEXES, options.engine()));
  }

  @Override
  public long maxId() throws StoreException {
    return call("maxId", t -> {
      try (ResultSet rs = statements.get("maxId", () -> FileMetaSchema.maxId(t)).executeQuery()) {
        rs.next();
        long max = rs.getLong(1);
        return rs.wasNull() ? -1L : max;
      }
    });
  }

  @Override
  public void insertFiles(List<FileRow> files) throws StoreException {
    insert("insertFiles", files);
  }

  @Override
  public void insertFile(FileRow file) throws StoreException {
    // its own name in the error table: a run's failed INSERT_FILE is not a load batch
    insert("insertFile", List.of(file));
  }

  private void insert(String call, List<FileRow> files) throws StoreException {
    int n = files.size();
    if (n == 0) {
      return;
    }
    String t = table();
    if (n > FileMetaSchema.MAX_ROWS_PER_INSERT) {
      throw new StoreException(t + " insert: " + n + " files in one INSERT need more than the "
          + FileMetaSchema.MAX_PARAMETERS + " parameters a prepared statement takes; lower " + BATCH_SIZE_PROPERTY
          + " to at most " + FileMetaSchema.MAX_ROWS_PER_INSERT);
    }
    call(call, t, () -> {
      // one statement per batch size: a load's batches are full but for its last one
      PreparedStatement ps = statements.get("insert/" + n, () -> FileMetaSchema.insert(t, n));
      int p = 1;
      for (FileRow f : files) {
        p = bind(ps, p, f);
      }
      ps.executeUpdate();
      return null;
    });
  }

  @Override
  public List<FileRow> latestByUser(long userId, int limit) throws StoreException {
    return call("latestByUser", t -> {
      if (latest == null || latestLimit != limit) {
        latest = statements.get("latest/" + limit, () -> FileMetaSchema.latestByUser(t, limit));
        latestLimit = limit;
      }
      latest.setLong(1, userId);
      return files(latest, new ArrayList<>(limit));
    });
  }

  @Override
  public long countDeleted(int serverId) throws StoreException {
    return count("countDeleted", FileMetaSchema::countDeleted, ps -> ps.setInt(1, serverId));
  }

  @Override
  public boolean updateFile(long id, long lastUpdated, long size) throws StoreException {
    return changed("updateFile", FileMetaSchema::updateFile, ps -> {
      ps.setObject(1, dateTime(lastUpdated));
      ps.setLong(2, size);
      ps.setLong(3, id);
    });
  }

  @Override
  public boolean deleteFile(long id) throws StoreException {
    // MySQL reports found rows on this binding's connections: a file already deleted counts
    return changed("deleteFile", FileMetaSchema::deleteFile, ps -> ps.setLong(1, id));
  }

  @Override
  public long countByUser(long userId) throws StoreException {
    return count("countByUser", FileMetaSchema::countByUser, ps -> ps.setLong(1, userId));
  }

  @Override
  public Map<Long, Long> filesPerUser() throws StoreException {
    return perKey("filesPerUser", FileMetaSchema::filesPerUser, (rs, out) -> out.put(rs.getLong(1), rs.getLong(2)));
  }

  @Override
  public Map<Integer, long[]> filesPerServer() throws StoreException {
    return perKey("filesPerServer", FileMetaSchema::filesPerServer,
        (rs, out) -> out.put(rs.getInt(1), new long[] {rs.getLong(2), rs.getLong(3)}));
  }

  @Override
  public List<FileRow> filesBetween(long fromId, long toId) throws StoreException {
    return call("filesBetween", t -> files(bound("filesBetween", t, FileMetaSchema::filesBetween, ps -> {
      ps.setLong(1, fromId);
      ps.setLong(2, toId);
    }), new ArrayList<>()));
  }

  @Override
  public long countBetween(long fromId, long toId) throws StoreException {
    return count("countBetween", FileMetaSchema::countBetween, ps -> {
      ps.setLong(1, fromId);
      ps.setLong(2, toId);
    });
  }

  @Override
  public List<Long> missingIds(long files, int limit) throws StoreException {
    return call("missingIds", t -> {
      List<Long> out = new ArrayList<>();
      try (PreparedStatement ps = idQuery(FileMetaSchema.idGaps(t), files, limit); ResultSet rs = ps.executeQuery()) {
        while (rs.next() && out.size() < limit) {
          long before = rs.getLong(1);
          if (rs.wasNull()) {
            before = -1;
          }
          long after = rs.getLong(2);
          for (long id = before + 1; id < after && out.size() < limit; id++) {
            out.add(id);
          }
        }
      }
      long last;
      try (PreparedStatement ps = conn.prepareStatement(FileMetaSchema.maxIdBelow(t))) {
        ps.setLong(1, files);
        try (ResultSet rs = ps.executeQuery()) {
          rs.next();
          last = rs.getLong(1);
          last = rs.wasNull() ? -1 : last;
        }
      }
      for (long id = last + 1; id < files && out.size() < limit; id++) {
        out.add(id);
      }
      return out;
    });
  }

  @Override
  public List<Long> idsOutside(long files, int limit) throws StoreException {
    return call("idsOutside", t -> {
      List<Long> out = new ArrayList<>();
      try (PreparedStatement ps = idQuery(FileMetaSchema.idsOutside(t), files, limit); ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(rs.getLong(1));
        }
      }
      return out;
    });
  }

  // ---- plumbing

  /** Binds a statement's parameters. */
  private interface Parameters {
    void bind(PreparedStatement ps) throws SQLException;
  }

  /** Puts what one row says into a map. */
  private interface RowInto<K, V> {
    void put(ResultSet rs, Map<K, V> out) throws SQLException;
  }

  /** The statement of {@code op} on table {@code t}, cached under {@code op}, its parameters bound. */
  private PreparedStatement bound(String op, String t, UnaryOperator<String> sql, Parameters params) throws SQLException {
    PreparedStatement ps = statements.get(op, () -> sql.apply(t));
    params.bind(ps);
    return ps;
  }

  /** The call {@code op}: the count its cached statement reads. */
  private long count(String op, UnaryOperator<String> sql, Parameters params) throws StoreException {
    return call(op, t -> Tables.count(bound(op, t, sql, params)));
  }

  /** The call {@code op}: whether its cached statement found a row to change. */
  private boolean changed(String op, UnaryOperator<String> sql, Parameters params) throws StoreException {
    return call(op, t -> bound(op, t, sql, params).executeUpdate() > 0);
  }

  /** The call {@code op}: a map of the rows of a plain statement (a scan of the whole table, run once). */
  private <K, V> Map<K, V> perKey(String op, UnaryOperator<String> sql, RowInto<K, V> put) throws StoreException {
    return call(op, t -> {
      Map<K, V> out = new HashMap<>();
      try (Statement st = conn.createStatement(); ResultSet rs = st.executeQuery(sql.apply(t))) {
        while (rs.next()) {
          put.put(rs, out);
        }
      }
      return out;
    });
  }

  /** A query about the table's ids against the expected number of files: bound to that number, then the limit. */
  private PreparedStatement idQuery(String sql, long files, int limit) throws SQLException {
    PreparedStatement ps = conn.prepareStatement(sql);
    try {
      ps.setLong(1, files);
      ps.setInt(2, limit);
      return ps;
    } catch (SQLException e) {
      ps.close();
      throw e;
    }
  }

  /** Adds the files {@code ps} selects to {@code out}. */
  private static List<FileRow> files(PreparedStatement ps, List<FileRow> out) throws SQLException {
    try (ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        out.add(row(rs));
      }
    }
    return out;
  }

  private static FileRow row(ResultSet rs) throws SQLException {
    return new FileRow(rs.getLong("id"), rs.getString("path"), rs.getLong("size"), rs.getInt("server_id"),
        rs.getInt("deleted") != 0, seconds(rs, "last_updated"), seconds(rs, "created"), rs.getLong("user_id"));
  }

  private static int bind(PreparedStatement ps, int p, FileRow f) throws SQLException {
    ps.setLong(p++, f.id());
    ps.setString(p++, f.path());
    ps.setLong(p++, f.size());
    ps.setInt(p++, f.serverId());
    ps.setInt(p++, f.deleted() ? 1 : 0);
    ps.setObject(p++, dateTime(f.lastUpdated()));
    ps.setObject(p++, dateTime(f.created()));
    ps.setLong(p++, f.userId());
    return p;
  }

  private static LocalDateTime dateTime(long epochSeconds) {
    return LocalDateTime.ofEpochSecond(epochSeconds, 0, ZoneOffset.UTC);
  }

  private static long seconds(ResultSet rs, String column) throws SQLException {
    return rs.getObject(column, LocalDateTime.class).toEpochSecond(ZoneOffset.UTC);
  }

  /** The table in use: this store's prepare, else the last prepare in this JVM. */
  private String table() {
    String t = table != null ? table : lastPrepared;
    if (!t.equals(cachedFor)) {
      forgetStatements();
      cachedFor = t;
    }
    return t;
  }

  /** Work on the table in use, {@code t}. */
  private interface TableWork<T> {
    T run(String t) throws SQLException, StoreException;
  }

  /** As {@link #call(String, String, JdbcErrors.Work)}, on the table in use. */
  private <T> T call(String op, TableWork<T> work) throws StoreException {
    String t = table();
    return call(op, t, () -> work.run(t));
  }

  /** One call, committed when autocommit is off, rolled back when it fails. */
  private <T> T call(String op, String t, JdbcErrors.Work<T> work) throws StoreException {
    return JdbcErrors.call(conn, options, t, op, () -> {
      T result = work.run();
      commit();
      return result;
    });
  }

  private void commit() throws SQLException {
    // JdbcClient set the connection's autocommit from the options (Tables restores it after DDL):
    // no call through the connection on every operation to ask
    if (!options.autocommit()) {
      conn.commit();
    }
  }

  /** Closes the cached statements (the table they name changes or is dropped). */
  private void forgetStatements() {
    statements.clear();
    latest = null;
  }
}
