package site.ycsbx.db.mongodb.sysbench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import site.ycsbx.db.mongodb.conn.ExistingCollection;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.db.mongodb.conn.TransactionalCheck;
import site.ycsbx.db.mongodb.conn.Transactions;
import site.ycsbx.db.mongodb.port.MongoPort;
import site.ycsbx.db.mongodb.port.PortCollection;
import site.ycsbx.db.mongodb.port.PortCursor;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.sysbench.SysbenchPlan;
import site.ycsbx.store.sysbench.SysbenchStore;
import site.ycsbx.store.sysbench.SysbenchTable;
import site.ycsbx.util.UserError;

/**
 * The sysbench part of the MongoDB preflight, before anything is created: a transaction mode and
 * a server that can run it (recorded in the fingerprint); an existing sbtestN of another shape
 * ({@link SysbenchShape}), a load into a partly filled one and a drop of a collection that is not
 * sysbench's are bad input (exit 2); a run on collections that do not exist finds the server
 * unusable (exit 1). Reads only, through the driver port, alike on both driver lines; on the
 * legacy line (no sessions) {@code true} is refused before any server is asked, {@code tokumx}
 * where the server is not TokuMX; on the mongodb binding {@code tokumx} is refused.
 */
public final class MongoSysbenchCheck extends TransactionalCheck {
  /**
   * @param sessions whether the driver line has sessions (the mongodb binding: transactions where
   *     the server has them, no TokuMX mode); without them, the legacy line's TokuMX transactions
   */
  public MongoSysbenchCheck(boolean sessions) {
    super(MongoSysbenchStore.TRANSACTIONS, sessions);
  }

  /** The legacy line's: records the mode used, as the mongodb binding's check records its own. */
  @Override
  public void checkServer(StoreDemand demand, MongoOptions options, Function<String, MongoPort> ports,
      Fingerprint fingerprint) {
    checkServer(demand, options, ports);
    fingerprint.put(MongoSysbenchStore.TRANSACTIONS_PROPERTY, MongoSysbenchStore.TRANSACTIONS.describe(
        MongoSysbenchStore.TRANSACTIONS.of(options.properties()), SysbenchSide.NONE_HERE));
  }

  @Override
  public void checkServer(StoreDemand demand, MongoOptions options, Function<String, MongoPort> ports) {
    if (!sessions && MongoSysbenchStore.TRANSACTIONS.of(options.properties()) == Transactions.Mode.TOKUMX) {
      MongoPort admin = ports.apply("admin");
      Map<String, Object> build = admin.command(admin.document("buildInfo", 1));
      if (build.get("tokumxVersion") == null) {
        throw UserError.target(MongoSysbenchStore.TRANSACTIONS_PROPERTY + "=tokumx needs TokuMX, but the server at "
            + options.maskedUrl() + " is MongoDB " + build.get("version") + ", which has no beginTransaction: set "
            + MongoSysbenchStore.TRANSACTIONS_PROPERTY + "=auto or false");
      }
    }
    if (demand.plan() instanceof SysbenchPlan plan) {
      checkCollections(plan, options, ports, demand.verify());
    }
  }

  // the largest _id, one index entry
  private static long maxId(PortCollection rows) {
    try (PortCursor last = rows.find(Map.of(), null, SysbenchShape.doc(MongoSysbenchStore.ID, -1), 1)) {
      return last.hasNext() && last.next().get(MongoSysbenchStore.ID) instanceof Number n ? n.longValue() : 0;
    }
  }

  private static void checkCollections(SysbenchPlan plan, MongoOptions options, Function<String, MongoPort> ports,
      boolean verify) {
    List<String> absent = new ArrayList<>();
    for (SysbenchTable t : plan.tables()) {
      ExistingCollection c = ExistingCollection.of(ports, options, options.databaseOf(t.name()), t.name());
      if (c == null) {
        absent.add(t.name());
        continue;
      }
      boolean drop = plan.load() && plan.drop();
      PortCollection rows = c.collection();
      String why = SysbenchShape.unusable(c, t, drop);
      if (why != null) {
        throw new UserError(why);
      }
      if (!plan.load() && !verify) {
        // a run past the stored ids would find nothing there (verify names them)
        long maxId = maxId(rows);
        long present = plan.countsIds() ? rows.countExactly(MongoSysbenchAudit.inRange(plan.tableSize())) : -1;
        String holes = plan.holes("collection " + c.namespace(), present, maxId, plan.verifyCommand("mongodb"));
        if (holes != null) {
          throw new UserError(holes);
        }
        String shortOf = plan.tooFewRows("collection " + c.namespace(), maxId);
        if (shortOf != null) {
          throw UserError.target(shortOf);
        }
      }
      if (plan.load() && !drop && !c.isEmpty()) {
        // a load keeps a full collection and fills an empty one; one in between would fail halfway
        long maxId = maxId(rows);
        if (maxId != plan.tableSize()) {
          throw new UserError("collection " + c.namespace() + " holds ids up to " + maxId + ", neither none nor the "
              + plan.tableSize() + " of " + SysbenchStore.TABLE_SIZE_PROPERTY + ": set "
              + SysbenchStore.TABLE_SIZE_PROPERTY + " to its size, or " + SysbenchStore.DROP_PROPERTY
              + "=true loads it anew");
        }
      }
    }
    if (!plan.load() && !absent.isEmpty()) {
      throw UserError.target(absent.size() + " of the " + plan.tables().size() + " collections do not exist in "
          + options.database() + " (" + (absent.size() <= 3 ? String.join(", ", absent) : absent.get(0) + " .. "
          + absent.get(absent.size() - 1)) + "): load them first (bin/ycsb load with the same "
          + SysbenchStore.TABLES_PROPERTY + " and " + SysbenchStore.TABLE_SIZE_PROPERTY + ")");
    }
  }
}
