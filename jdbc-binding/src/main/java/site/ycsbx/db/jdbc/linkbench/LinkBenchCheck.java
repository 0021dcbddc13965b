package site.ycsbx.db.jdbc.linkbench;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;
import site.ycsbx.db.jdbc.conn.JdbcStoreCheck;
import site.ycsbx.db.jdbc.conn.TableWalk;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.linkbench.LinkBenchPlan;

/**
 * The linkbench part of the JDBC preflight: an existing node, link or count table must have
 * the engine {@code jdbc.engine} asks for and LinkBench's columns, primary key and id1_type
 * index, unless the plan drops them; a run's graph must be the one the tables hold
 * ({@link LinkBenchPlan#graphMismatch}). Reads only.
 */
public final class LinkBenchCheck implements JdbcStoreCheck {
  @Override
  public Report check(Server s, StoreDemand demand) throws SQLException {
    LinkBenchPlan plan = demand.plan(LinkBenchPlan.class);
    Connection c = s.connection();
    TableWalk walk = new TableWalk(s, plan.drop(), demand.verify());
    for (LinkBenchSchema.Kind kind : LinkBenchSchema.Kind.values()) {
      String table = kind.name(plan);
      walk.table(table, () -> LinkBenchSchema.dropRefusal(c, s.dialect(), kind, table),
          e -> LinkBenchSchema.unusable(c, s.dialect(), kind, table, e, s.engine()));
    }
    Optional<String> engine = walk.engine();
    List<String> existing = walk.existing();
    List<String> withRows = walk.withRows();
    if (!plan.drop() && existing.contains(plan.countTable())) {
      String why = plan.graphMismatch("table " + plan.countTable(), "table " + plan.nodeTable(),
          largestId(c, plan.countTable()), existing.contains(plan.nodeTable()) ? largestId(c, plan.nodeTable()) : -1);
      if (why != null) {
        throw s.inputRefusal(why);
      }
    }
    String state = plan.drop() ? "dropped and created by the workload"
        : existing.isEmpty() ? "absent, created by the workload"
        : existing.size() + " of 3 exist, " + (withRows.isEmpty() ? "empty" : "with rows: " + String.join(", ", withRows));
    return new Report(engine, plan.nodeTable() + ", " + plan.linkTable() + ", " + plan.countTable() + " in "
        + s.location() + " (" + state + ")", Optional.empty());
  }

  /** The largest id (the first column of the count and node tables' primary keys: one index lookup); -1 when empty. */
  private static long largestId(Connection c, String table) throws SQLException {
    try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT MAX(id) FROM " + table)) {
      rs.next();
      long max = rs.getLong(1);
      return rs.wasNull() ? -1 : max;
    }
  }
}
