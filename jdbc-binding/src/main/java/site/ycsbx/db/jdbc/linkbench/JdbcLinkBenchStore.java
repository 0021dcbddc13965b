package site.ycsbx.db.jdbc.linkbench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.IntFunction;
import site.ycsbx.db.jdbc.conn.ClientConnection;
import site.ycsbx.db.jdbc.conn.JdbcOptions;
import site.ycsbx.db.jdbc.conn.SqlDialect;
import site.ycsbx.db.jdbc.conn.Tables;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.linkbench.Link;
import site.ycsbx.store.linkbench.LinkBenchPlan;
import site.ycsbx.store.linkbench.LinkBenchStore;
import site.ycsbx.store.linkbench.LinkCount;
import site.ycsbx.store.linkbench.Node;

/**
 * LinkBench's graph over JDBC, sending what LinkBench's MySQL store sends: MySQL/MariaDB with
 * any engine ({@code jdbc.engine}: InnoDB, RocksDB, ...) and PostgreSQL with ON CONFLICT in
 * place of MySQL's upserts. Tables in {@link LinkBenchSchema}, what differs between servers in
 * {@link LinkBenchSql}.
 *
 * <p>Two connections per client thread, as LinkBench holds them ({@link LinkBenchTransactions}):
 * writes go to a read-write connection of the store's own with autocommit off, each operation one
 * transaction committed before it returns (rolled back on failure, and run again, as LinkBench
 * does, when the server chose it as a deadlock victim); reads go to the client thread's connection
 * (autocommit as {@code jdbc.autocommit}, committed after each read when off). On MySQL the read-write
 * connection counts affected rows, not found rows ({@code useAffectedRows=true}, as LinkBench
 * connects), since addLink tells a new link from a changed or an unchanged one by that count;
 * so updateNode, as in LinkBench, says false for a node set to the values it has.
 *
 * <p>Statements per operation (t: the plan's tables; MySQL's form, PostgreSQL's in
 * {@link PostgresLinkBenchSql}):
 * <ul>
 * <li>addLink / updateLink: INSERT INTO link ... ON DUPLICATE KEY UPDATE visibility =
 * VALUES(visibility); when the visible count changes, INSERT INTO count ... ON DUPLICATE KEY
 * UPDATE count = count + delta, version = version + 1, time = now; when the link existed,
 * UPDATE link SET visibility, data, time, version; COMMIT.</li>
 * <li>deleteLink: SELECT visibility ... FOR UPDATE; unless absent or (hidden and not expunged):
 * UPDATE link SET visibility = 0 (or DELETE when expunged), and, when the link was visible,
 * INSERT INTO count ... ON DUPLICATE KEY UPDATE count = IF(count = 0, 0, count - 1); COMMIT.
 * LinkBench also takes one off the count when it expunges a hidden link; this store does not.</li>
 * <li>getLinks: SELECT ... WHERE id1 = ? AND link_type = ? AND id2 IN (...).</li>
 * <li>getLinkList: SELECT ... FORCE INDEX (id1_type) WHERE id1, link_type, time range,
 * visibility = 1 ORDER BY time DESC LIMIT offset, limit.</li>
 * <li>countLinks: SELECT count FROM count WHERE id = ? AND link_type = ?.</li>
 * <li>addNode: INSERT INTO node (type, version, time, data), the generated id; COMMIT.
 * addNodes: one multi-row INSERT with the ids (PostgreSQL: then raises the id sequence); COMMIT.
 * getNode: SELECT ... WHERE id = ? (the type compared here, as LinkBench does). updateNode,
 * deleteNode: UPDATE / DELETE ... WHERE id = ? AND type = ?; COMMIT.</li>
 * <li>addBulkLinks: one multi-row INSERT ... ON DUPLICATE KEY UPDATE visibility =
 * VALUES(visibility); addBulkCounts: one multi-row REPLACE; each COMMIT. A batch over
 * {@link LinkBenchSchema#MAX_PARAMETERS} parameters goes as several INSERTs in the one
 * transaction.</li>
 * </ul>
 */
public final class JdbcLinkBenchStore implements LinkBenchStore {
  /** Client threads prepare tables one at a time in this JVM: catalog races stay out. */
  private static final Object DDL_LOCK = new Object();
  /**
   * The tables of the last prepare in this JVM: the workload prepares on its first client
   * thread and the others wait for it, so their stores use its tables.
   */
  private static volatile LinkBenchPlan lastPrepared = LinkBenchPlan.defaults(false);

  private final JdbcOptions options;
  private final SqlDialect dialect;
  private final LinkBenchSql sql;
  private final LinkBenchTransactions tx;
  private final InlineRows inline;
  private LinkBenchPlan plan;
  private LinkBenchPlan cachedFor;

  public JdbcLinkBenchStore(ClientConnection client) {
    this.options = client.options();
    this.dialect = options.dialect();
    this.sql = dialect.kind() == SqlDialect.Kind.POSTGRESQL ? new PostgresLinkBenchSql() : new MySqlLinkBenchSql();
    this.tx = new LinkBenchTransactions(client);
    this.inline = new InlineRows(sql, dialect.kind());
  }

  @Override
  public void prepare(LinkBenchPlan p) throws StoreException {
    for (String t : List.of(p.nodeTable(), p.linkTable(), p.countTable())) {
      if (!JdbcOptions.isIdentifier(t)) {
        throw new StoreException("'" + t + "' is not a plain SQL name (letters, digits, _): refusing to build SQL with it");
      }
    }
    synchronized (DDL_LOCK) {
      String current = p.linkTable();
      try {
        Connection c = tx.rw();
        tx.forgetStatements();
        if (p.drop()) {
          for (LinkBenchSchema.Kind kind : LinkBenchSchema.Kind.values()) {
            String refused = LinkBenchSchema.dropRefusal(c, dialect, kind, kind.name(p));
            if (refused != null) {
              throw new StoreException(refused);
            }
          }
          try (Statement s = c.createStatement()) {
            for (String t : List.of(p.linkTable(), p.countTable(), p.nodeTable())) {
              current = t;
              s.execute("DROP TABLE IF EXISTS " + t);
            }
          }
          c.commit();
        }
        for (LinkBenchSchema.Kind kind : LinkBenchSchema.Kind.values()) {
          String table = kind.name(p);
          current = table;
          String engine = Tables.engineOrCreate(c, dialect, table, () -> create(c, kind, table));
          String why = LinkBenchSchema.unusable(c, dialect, kind, table, engine, options.engine());
          c.commit();
          if (why != null) {
            throw new StoreException(why);
          }
        }
      } catch (SQLException e) {
        throw tx.failure("prepare", current, e);
      }
      plan = new LinkBenchPlan(p.nodeTable(), p.linkTable(), p.countTable(), false);
      lastPrepared = plan;
    }
  }

  private void create(Connection c, LinkBenchSchema.Kind kind, String table) throws SQLException {
    // the link table never exists without id1_type
    Tables.createInOneTransaction(c, dialect, table, LinkBenchSchema.create(dialect, sql, kind, table, options.engine()));
  }

  // ---- nodes

  @Override
  public void addNodes(List<Node> nodes) throws StoreException {
    if (nodes.isEmpty()) {
      return;
    }
    String table = tables().nodeTable();
    tx.write("addNodes", table, () -> {
      sendBulk("addNodes", nodes, 5, part -> inline.nodes(table, part), n -> LinkBenchSchema.insertNodeRows(table, n),
          JdbcLinkBenchStore::bindNode);
      long maxId = 0;
      for (Node n : nodes) {
        maxId = Math.max(maxId, n.id());
      }
      if (sql.traits().raiseNodeIdCounter() != null) {
        PreparedStatement ps = tx.rwStatement("raiseNodeId", sql.traits()::raiseNodeIdCounter);
        ps.setLong(1, maxId);
        ps.setString(2, table);
        ps.executeQuery().close();
      }
      return null;
    });
  }

  @Override
  public long addNode(Node node) throws StoreException {
    String table = tables().nodeTable();
    return tx.write("addNode", table, () -> {
      PreparedStatement ps = tx.rwStatementReturning("addNode", () -> "INSERT INTO " + table
          + " (type, version, time, data) VALUES (?, ?, ?, ?)", "id");
      ps.setInt(1, node.type());
      ps.setLong(2, node.version());
      ps.setInt(3, node.time());
      ps.setBytes(4, node.data());
      ps.executeUpdate();
      try (ResultSet keys = ps.getGeneratedKeys()) {
        if (!keys.next()) {
          throw new SQLException("the server returned no id for the new node");
        }
        return keys.getLong(1);
      }
    });
  }

  @Override
  public Node getNode(int type, long id) throws StoreException {
    String table = tables().nodeTable();
    return tx.read("getNode", table, () -> {
      PreparedStatement ps = tx.roStatement("getNode", () -> "SELECT id, type, version, time, data FROM " + table
          + " WHERE id = ?");
      ps.setLong(1, id);
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next() || rs.getInt(2) != type) {
          return null;
        }
        return new Node(rs.getLong(1), rs.getInt(2), rs.getLong(3), rs.getInt(4), rs.getBytes(5));
      }
    });
  }

  @Override
  public boolean updateNode(Node node) throws StoreException {
    String table = tables().nodeTable();
    return tx.write("updateNode", table, () -> {
      PreparedStatement ps = tx.rwStatement("updateNode", () -> "UPDATE " + table
          + " SET version = ?, time = ?, data = ? WHERE id = ? AND type = ?");
      ps.setLong(1, node.version());
      ps.setInt(2, node.time());
      ps.setBytes(3, node.data());
      ps.setLong(4, node.id());
      ps.setInt(5, node.type());
      return ps.executeUpdate() == 1;
    });
  }

  @Override
  public boolean deleteNode(int type, long id) throws StoreException {
    String table = tables().nodeTable();
    return tx.write("deleteNode", table, () -> {
      PreparedStatement ps = tx.rwStatement("deleteNode", () -> "DELETE FROM " + table + " WHERE id = ? AND type = ?");
      ps.setLong(1, id);
      ps.setInt(2, type);
      return ps.executeUpdate() == 1;
    });
  }

  // ---- links

  @Override
  public boolean addLink(Link link) throws StoreException {
    LinkBenchPlan t = tables();
    return tx.write("addLink", t.linkTable(), () -> {
      PreparedStatement insert = tx.rwStatement("addLink", () -> sql.addLink(t.linkTable()));
      bindLink(insert, 1, link);
      // LinkBench's affected rows: 1 a new link, 2 an existing one whose visibility changed,
      // 0 an existing one with this visibility; the link is locked until the commit
      int outcome;
      if (sql.traits().addLinkReturnsRow()) {
        try (ResultSet rs = insert.executeQuery()) {
          outcome = !rs.next() ? 0 : rs.getBoolean(1) ? 1 : 2;
        }
        ClientConnection.wroteReturning(outcome == 0 ? 0 : 1); // a query's rows carry no update count
      } else {
        outcome = insert.executeUpdate();
        if (outcome < 0 || outcome > 2) {
          throw new SQLException("the link insert affected " + outcome + " rows, not 0, 1 or 2 (is useAffectedRows on?)");
        }
      }
      int delta = outcome == 0 ? 0 : link.visible() ? 1 : outcome == 2 ? -1 : 0;
      if (delta != 0) {
        long now = System.currentTimeMillis();
        PreparedStatement count = tx.rwStatement("addToCount", () -> sql.addToCount(t.countTable()));
        count.setLong(1, link.id1());
        count.setLong(2, link.linkType());
        count.setLong(3, delta < 0 ? 0 : 1);
        count.setLong(4, now);
        count.setLong(5, delta);
        count.setLong(6, now);
        count.executeUpdate();
      }
      if (outcome != 1) {
        // the insert changed only the visibility of the existing link
        PreparedStatement update = tx.rwStatement("updateLinkData", () -> sql.updateLinkData(t.linkTable()));
        update.setInt(1, link.visible() ? LinkBenchSchema.VISIBLE : LinkBenchSchema.HIDDEN);
        update.setBytes(2, link.data());
        update.setLong(3, link.time());
        update.setInt(4, link.version());
        update.setLong(5, link.id1());
        update.setLong(6, link.id2());
        update.setLong(7, link.linkType());
        update.executeUpdate();
      }
      return outcome == 1;
    });
  }

  @Override
  public boolean updateLink(Link link) throws StoreException {
    return !addLink(link);
  }

  @Override
  public boolean deleteLink(long id1, long linkType, long id2, boolean expunge) throws StoreException {
    LinkBenchPlan t = tables();
    return tx.write("deleteLink", t.linkTable(), () -> {
      // locked, so that no other transaction sees it visible and takes it off the count too
      PreparedStatement select = tx.rwStatement("selectVisibility", () -> "SELECT visibility FROM " + t.linkTable()
          + LinkBenchSchema.WHERE_LINK + " FOR UPDATE");
      select.setLong(1, id1);
      select.setLong(2, id2);
      select.setLong(3, linkType);
      int visibility;
      try (ResultSet rs = select.executeQuery()) {
        if (!rs.next()) {
          return false;
        }
        visibility = rs.getInt(1);
      }
      if (visibility == LinkBenchSchema.HIDDEN && !expunge) {
        return true;
      }
      PreparedStatement change = expunge
          ? tx.rwStatement("expungeLink", () -> sql.expungeLink(t.linkTable()))
          : tx.rwStatement("hideLink", () -> sql.hideLink(t.linkTable()));
      change.setLong(1, id1);
      change.setLong(2, id2);
      change.setLong(3, linkType);
      change.executeUpdate();
      if (visibility != LinkBenchSchema.HIDDEN) {
        long now = System.currentTimeMillis();
        PreparedStatement count = tx.rwStatement("decrementCount", () -> sql.decrementCount(t.countTable()));
        count.setLong(1, id1);
        count.setLong(2, linkType);
        count.setLong(3, now);
        count.setLong(4, now);
        count.executeUpdate();
      }
      return true;
    });
  }

  @Override
  public List<Link> getLinks(long id1, long linkType, long[] id2s) throws StoreException {
    if (id2s.length == 0) {
      return List.of();
    }
    String table = tables().linkTable();
    return tx.read("getLinks", table, () -> {
      PreparedStatement ps = tx.roStatement("getLinks/" + id2s.length, () -> "SELECT " + LinkBenchSchema.LINK_COLUMNS
          + " FROM " + table + " WHERE id1 = ? AND link_type = ? AND id2 IN "
          + LinkBenchSchema.rows(id2s.length, 1));
      ps.setLong(1, id1);
      ps.setLong(2, linkType);
      for (int i = 0; i < id2s.length; i++) {
        ps.setLong(3 + i, id2s[i]);
      }
      return links(ps);
    });
  }

  @Override
  public List<Link> getLinkList(long id1, long linkType, long minTime, long maxTime, int offset, int limit)
      throws StoreException {
    String table = tables().linkTable();
    return tx.read("getLinkList", table, () -> {
      PreparedStatement ps = tx.roStatement("getLinkList", () -> sql.linkList(table,
          dialect.indexName(table, LinkBenchSchema.ID1_TYPE)));
      ps.setLong(1, id1);
      ps.setLong(2, linkType);
      ps.setLong(3, minTime);
      ps.setLong(4, maxTime);
      ps.setInt(5, LinkBenchSchema.VISIBLE);
      ps.setInt(sql.traits().offsetBeforeLimit() ? 6 : 7, offset);
      ps.setInt(sql.traits().offsetBeforeLimit() ? 7 : 6, limit);
      return links(ps);
    });
  }

  @Override
  public long countLinks(long id1, long linkType) throws StoreException {
    String table = tables().countTable();
    return tx.read("countLinks", table, () -> {
      PreparedStatement ps = tx.roStatement("countLinks", () -> "SELECT count FROM " + table
          + " WHERE id = ? AND link_type = ?");
      ps.setLong(1, id1);
      ps.setLong(2, linkType);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? rs.getLong(1) : 0L;
      }
    });
  }

  // ---- bulk load

  @Override
  public void addBulkLinks(List<Link> links) throws StoreException {
    if (links.isEmpty()) {
      return;
    }
    String table = tables().linkTable();
    tx.write("addBulkLinks", table, () -> {
      sendBulk("addBulkLinks", links, 7, part -> inline.links(table, part), n -> sql.insertLinks(table, n),
          JdbcLinkBenchStore::bindLink);
      return null;
    });
  }

  @Override
  public void addBulkCounts(List<LinkCount> counts) throws StoreException {
    if (counts.isEmpty()) {
      return;
    }
    String table = tables().countTable();
    tx.write("addBulkCounts", table, () -> {
      sendBulk("addBulkCounts", counts, 5, part -> inline.counts(table, part), n -> sql.replaceCounts(table, n),
          JdbcLinkBenchStore::bindCount);
      return null;
    });
  }

  /** Binds one row's columns from parameter {@code p} on; the next index. */
  private interface RowBinder<T> {
    int bind(PreparedStatement ps, int p, T row) throws SQLException;
  }

  /**
   * Sends a bulk load's rows of {@code columns} columns in statements of at most
   * {@link LinkBenchSchema#MAX_PARAMETERS} parameters: as text ({@code text}, {@link InlineRows})
   * where {@link LinkBenchSql.Traits#bulkInText}, else the statement for n rows ({@code prepared}) bound
   * by {@code binder}, cached by {@code op} and its row count.
   */
  private <T> void sendBulk(String op, List<T> rows, int columns, Function<List<T>, String> text,
      IntFunction<String> prepared, RowBinder<T> binder) throws SQLException {
    int per = LinkBenchSchema.MAX_PARAMETERS / columns;
    for (int from = 0; from < rows.size(); from += per) {
      List<T> part = rows.subList(from, Math.min(rows.size(), from + per));
      if (sql.traits().bulkInText()) {
        tx.rwPlain().executeUpdate(text.apply(part));
        continue;
      }
      PreparedStatement ps = tx.rwStatement(op + "/" + part.size(), () -> prepared.apply(part.size()));
      int p = 1;
      for (T row : part) {
        p = binder.bind(ps, p, row);
      }
      ps.executeUpdate();
    }
  }

  // ---- plumbing

  /** Binds a link's columns in {@link LinkBenchSchema#LINK_COLUMNS} order from {@code p}; the next index. */
  private static int bindLink(PreparedStatement ps, int p, Link l) throws SQLException {
    ps.setLong(p++, l.id1());
    ps.setLong(p++, l.id2());
    ps.setLong(p++, l.linkType());
    ps.setInt(p++, l.visible() ? LinkBenchSchema.VISIBLE : LinkBenchSchema.HIDDEN);
    ps.setBytes(p++, l.data());
    ps.setLong(p++, l.time());
    ps.setInt(p++, l.version());
    return p;
  }

  /** Binds a count's columns (id, link_type, count, time, version) from {@code p}; the next index. */
  private static int bindCount(PreparedStatement ps, int p, LinkCount c) throws SQLException {
    ps.setLong(p++, c.id1());
    ps.setLong(p++, c.linkType());
    ps.setLong(p++, c.count());
    ps.setLong(p++, c.time());
    ps.setLong(p++, c.version());
    return p;
  }

  /** Binds a node's columns (id, type, version, time, data) from {@code p}; the next index. */
  private static int bindNode(PreparedStatement ps, int p, Node n) throws SQLException {
    ps.setLong(p++, n.id());
    ps.setInt(p++, n.type());
    ps.setLong(p++, n.version());
    ps.setInt(p++, n.time());
    ps.setBytes(p++, n.data());
    return p;
  }

  private static List<Link> links(PreparedStatement ps) throws SQLException {
    List<Link> out = new ArrayList<>();
    try (ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        out.add(new Link(rs.getLong(1), rs.getLong(3), rs.getLong(2), rs.getInt(4) == LinkBenchSchema.VISIBLE,
            rs.getBytes(5), rs.getInt(7), rs.getLong(6)));
      }
    }
    return out;
  }

  /** The tables in use: this store's prepare, else the last prepare in this JVM. */
  @Override
  public site.ycsbx.store.linkbench.GraphTotals totals() {
    return new JdbcGraphTotals(tx, tables());
  }

  private LinkBenchPlan tables() {
    LinkBenchPlan t = plan != null ? plan : lastPrepared;
    if (t != cachedFor) {
      tx.forgetStatements();
      cachedFor = t;
    }
    return t;
  }
}
