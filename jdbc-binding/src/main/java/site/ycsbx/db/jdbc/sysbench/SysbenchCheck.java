package site.ycsbx.db.jdbc.sysbench;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import site.ycsbx.db.jdbc.conn.JdbcStoreCheck;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.sysbench.SysbenchPlan;
import site.ycsbx.store.sysbench.SysbenchStore;
import site.ycsbx.store.sysbench.SysbenchTable;
import site.ycsbx.util.UserError;

/**
 * The sysbench part of the JDBC preflight, before anything is created: an existing sbtestN of
 * another shape (or engine than {@code jdbc.engine}), a load into a partly filled one, and a
 * {@code sysbench.drop=true} of a table that is not sysbench's are bad input (exit 2); a run on
 * tables that do not exist finds the server unusable (exit 1). Reads only.
 */
public final class SysbenchCheck implements JdbcStoreCheck {
  /** Parameters one prepared statement may carry (16 bits in both servers' protocols). */
  static final int MAX_PARAMETERS = 65535;

  @Override
  public Report check(Server s, StoreDemand demand) throws SQLException {
    SysbenchPlan plan = demand.plan(SysbenchPlan.class);
    if (plan.load() && plan.batchRows() * 4L > MAX_PARAMETERS) {
      throw new UserError(SysbenchStore.BATCH_SIZE_PROPERTY + "=" + plan.batchRows() + " makes INSERTs of "
          + plan.batchRows() * 4L + " parameters (4 columns a row), over the " + MAX_PARAMETERS + " a JDBC prepared"
          + " statement takes; " + SysbenchStore.BATCH_SIZE_PROPERTY + " accepts at most " + MAX_PARAMETERS / 4
          + " on the jdbc binding");
    }
    Connection c = s.connection();
    Optional<String> engine = Optional.empty();
    List<String> absent = new ArrayList<>();
    int existing = 0;
    int indexed = 0;
    for (SysbenchTable t : plan.tables()) {
      if (plan.load() && plan.drop()) {
        String refused = SysbenchSchema.dropRefusal(c, s.dialect(), t);
        if (refused != null) {
          throw s.dropRefusal(refused);
        }
        continue;
      }
      Optional<String> e = s.dialect().tableEngine(c, t.name());
      if (e.isEmpty()) {
        absent.add(t.name());
        continue;
      }
      existing++;
      engine = engine.or(() -> e);
      String why = SysbenchSchema.unusable(c, s.dialect(), t, e.get(), s.engine());
      if (why != null) {
        // the bad input: tables of another shape under sysbench's names exit 2, not as a server fault
        throw s.dropRefusal(why);
      }
      if (SysbenchSchema.hasIndex(c, s.dialect(), t)) {
        indexed++;
      }
      if (plan.load()) {
        // a load keeps a full table and fills an empty one; one in between would fail halfway
        long maxId = SysbenchSchema.maxId(c, t);
        if (maxId != 0 && maxId != plan.tableSize()) {
          throw s.dropRefusal("table " + t.name() + " holds ids up to " + maxId + ", neither none nor the " + plan.tableSize()
              + " of " + SysbenchStore.TABLE_SIZE_PROPERTY + ": set " + SysbenchStore.TABLE_SIZE_PROPERTY + " to its size,"
              + " or " + SysbenchStore.DROP_PROPERTY + "=true loads it anew");
        }
      } else if (!demand.verify()) {
        // verify names what is missing; a run that draws an id no row holds would measure lookups of nothing
        long maxId = SysbenchSchema.maxId(c, t);
        long present = plan.countsIds() ? SysbenchSchema.idsPresent(c, t, plan.tableSize()) : -1;
        String holes = plan.holes("table " + t.name(), present, maxId, plan.verifyCommand("jdbc"));
        if (holes != null) {
          throw s.inputRefusal(holes);
        }
        String shortOf = plan.tooFewRows("table " + t.name(), maxId);
        if (shortOf != null) {
          throw s.refusal(shortOf);
        }
      }
    }
    if (!plan.load() && !absent.isEmpty()) {
      throw s.refusal(absent.size() + " of the " + plan.tables().size() + " tables do not exist (" + names(absent)
          + "): load them first (bin/ycsb load with the same " + SysbenchStore.TABLES_PROPERTY + " and "
          + SysbenchStore.TABLE_SIZE_PROPERTY + ", or sysbench ... prepare)");
    }
    List<SysbenchTable> ts = plan.tables();
    String names = ts.size() == 1 ? ts.get(0).name() : ts.get(0).name() + " .. " + ts.get(ts.size() - 1).name();
    String state = plan.load() && plan.drop() ? "dropped and created by the workload: " + SysbenchStore.DROP_PROPERTY
        + "=true" : existing == 0 ? "absent, created by the workload"
        : existing + " of " + ts.size() + " exist, " + indexed + " with their k index"
            + (plan.load() || demand.verify() ? "" : "; " + plan.idsChecked());
    return new Report(engine, names + " in " + s.location() + " (" + state + ")",
        Optional.of(SysbenchStore.BATCH_SIZE_PROPERTY));
  }

  private static String names(List<String> tables) {
    return tables.size() <= 3 ? String.join(", ", tables) : tables.get(0) + ", " + tables.get(1) + " .. "
        + tables.get(tables.size() - 1);
  }
}
