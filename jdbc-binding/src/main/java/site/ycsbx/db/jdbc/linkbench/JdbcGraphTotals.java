package site.ycsbx.db.jdbc.linkbench;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import site.ycsbx.db.jdbc.conn.Tables;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.linkbench.GraphTotals;
import site.ycsbx.store.linkbench.LinkBenchPlan;
import site.ycsbx.store.linkbench.Node;

/**
 * The verification's whole-table answers in SQL, the same on MySQL/MariaDB and PostgreSQL: grouped
 * counts, and the gaps in the node key by LAG over it (MariaDB 10.2+, PostgreSQL 8.4+), so that
 * only what differs comes back. On the store's read connection.
 */
final class JdbcGraphTotals implements GraphTotals {
  private final LinkBenchTransactions tx;
  private final LinkBenchPlan t;

  JdbcGraphTotals(LinkBenchTransactions tx, LinkBenchPlan tables) {
    this.tx = tx;
    this.t = tables;
  }

  @Override
  public long countNodes(long fromId, long toId) throws StoreException {
    return tx.read("countNodes", t.nodeTable(), () -> {
      PreparedStatement ps = tx.roStatement("totals/countNodes", () -> "SELECT COUNT(*) FROM " + t.nodeTable()
          + " WHERE id >= ? AND id < ?");
      ps.setLong(1, fromId);
      ps.setLong(2, toId);
      return Tables.count(ps);
    });
  }

  @Override
  public List<Long> missingNodeIds(long fromId, long toId, int limit) throws StoreException {
    return tx.read("missingNodeIds", t.nodeTable(), () -> {
      List<Long> out = new ArrayList<>();
      PreparedStatement gaps = tx.roStatement("totals/gaps", () -> "SELECT prior_id, id FROM (SELECT id, LAG(id) OVER"
          + " (ORDER BY id) AS prior_id FROM " + t.nodeTable() + " WHERE id >= ? AND id < ?) g"
          + " WHERE id - COALESCE(prior_id, ?) > 1 ORDER BY id LIMIT ?");
      gaps.setLong(1, fromId);
      gaps.setLong(2, toId);
      gaps.setLong(3, fromId - 1);
      gaps.setInt(4, limit);
      try (ResultSet rs = gaps.executeQuery()) {
        while (rs.next()) {
          long before = rs.getLong(1);
          before = rs.wasNull() ? fromId - 1 : before;
          for (long id = before + 1; id < rs.getLong(2) && out.size() < limit; id++) {
            out.add(id);
          }
        }
      }
      PreparedStatement max = tx.roStatement("totals/maxNode", () -> "SELECT MAX(id) FROM " + t.nodeTable()
          + " WHERE id >= ? AND id < ?");
      max.setLong(1, fromId);
      max.setLong(2, toId);
      long last;
      try (ResultSet rs = max.executeQuery()) {
        rs.next();
        last = rs.getLong(1);
        last = rs.wasNull() ? fromId - 1 : last;
      }
      for (long id = last + 1; id < toId && out.size() < limit; id++) {
        out.add(id);
      }
      return out;
    });
  }

  @Override
  public List<Long> nodeIdsOutside(long fromId, long toId, int limit) throws StoreException {
    return tx.read("nodeIdsOutside", t.nodeTable(), () -> {
      PreparedStatement ps = tx.roStatement("totals/outside", () -> "SELECT id FROM " + t.nodeTable()
          + " WHERE id < ? OR id >= ? ORDER BY id LIMIT ?");
      ps.setLong(1, fromId);
      ps.setLong(2, toId);
      ps.setInt(3, limit);
      List<Long> out = new ArrayList<>();
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(rs.getLong(1));
        }
      }
      return out;
    });
  }

  @Override
  public long nodesNotOf(int type, long version, int limit, List<Node> first) throws StoreException {
    return tx.read("nodesNotOf", t.nodeTable(), () -> {
      String where = " FROM " + t.nodeTable() + " WHERE type <> ? OR version <> ?";
      PreparedStatement count = tx.roStatement("totals/otherCount", () -> "SELECT COUNT(*)" + where);
      count.setInt(1, type);
      count.setLong(2, version);
      long n = Tables.count(count);
      if (n > 0) {
        PreparedStatement ps = tx.roStatement("totals/other", () -> "SELECT id, type, version, time" + where
            + " ORDER BY id LIMIT ?");
        ps.setInt(1, type);
        ps.setLong(2, version);
        ps.setInt(3, limit);
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            first.add(new Node(rs.getLong(1), rs.getInt(2), rs.getLong(3), rs.getInt(4), new byte[0]));
          }
        }
      }
      return n;
    });
  }

  @Override
  public List<LinkGroup> linkGroups(long fromId1, long toId1) throws StoreException {
    return tx.read("linkGroups", t.linkTable(), () -> {
      PreparedStatement ps = tx.roStatement("totals/linkGroups", () -> "SELECT id1, link_type, COUNT(*),"
          + " SUM(visibility), MIN(id2), MAX(id2), MIN(version), MAX(version) FROM " + t.linkTable()
          + " WHERE id1 >= ? AND id1 < ? GROUP BY id1, link_type ORDER BY id1, link_type");
      ps.setLong(1, fromId1);
      ps.setLong(2, toId1);
      List<LinkGroup> out = new ArrayList<>();
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(new LinkGroup(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4), rs.getLong(5),
              rs.getLong(6), rs.getLong(7), rs.getLong(8)));
        }
      }
      return out;
    });
  }

  /**
   * One query over both tables: a UNION ALL of counts and of visible links grouped by pair, grouped
   * again (MariaDB has no FULL OUTER JOIN); only the pairs that differ come back.
   */
  @Override
  public long countsUnlikeLinks(int limit, List<CountGap> first) throws StoreException {
    return tx.read("countsUnlikeLinks", t.countTable(), () -> {
      PreparedStatement ps = tx.roStatement("totals/countsUnlikeLinks", () -> "SELECT id, link_type, SUM(counted),"
          + " SUM(visible) FROM (SELECT id, link_type, count AS counted, 0 AS visible FROM " + t.countTable()
          + " UNION ALL SELECT id1, link_type, 0, COUNT(*) FROM " + t.linkTable() + " WHERE visibility = "
          + LinkBenchSchema.VISIBLE + " GROUP BY id1, link_type) x GROUP BY id, link_type"
          + " HAVING SUM(counted) <> SUM(visible) ORDER BY id, link_type");
      long n = 0;
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          if (first.size() < limit) {
            first.add(new CountGap(rs.getLong(1), rs.getLong(2), rs.getLong(3), rs.getLong(4)));
          }
          n++;
        }
      }
      return n;
    });
  }
}
