package site.ycsbx.db.mongodb.sysbench;

import com.mongodb.client.MongoClient;
import com.mongodb.client.model.Filters;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import site.ycsbx.db.mongodb.conn.ExistingCollection;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.db.mongodb.conn.MongoStoreCheck;
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
 * unusable (exit 1). Reads only.
 */
public final class MongoSysbenchCheck implements MongoStoreCheck {
  @Override
  public void checkOptions(StoreDemand demand, MongoOptions options) {
    MongoSysbenchStore.TRANSACTIONS.checkOptions(options);
  }

  @Override
  public void checkServer(StoreDemand demand, MongoOptions options, MongoClient client, Fingerprint fingerprint) {
    MongoSysbenchStore.TRANSACTIONS.checkServer(options, client, fingerprint);
    if (demand.plan() instanceof SysbenchPlan plan) {
      checkCollections(plan, options, client, demand.verify());
    }
  }

  private static void checkCollections(SysbenchPlan plan, MongoOptions options, MongoClient client, boolean verify) {
    List<String> absent = new ArrayList<>();
    for (SysbenchTable t : plan.tables()) {
      ExistingCollection c = ExistingCollection.of(client, options, options.databaseOf(t.name()), t.name());
      if (c == null) {
        absent.add(t.name());
        continue;
      }
      boolean drop = plan.load() && plan.drop();
      String why = SysbenchShape.unusable(c, t, drop);
      if (why != null) {
        throw new UserError(why);
      }
      if (!plan.load() && !verify) {
        // the largest _id, one index entry: a run past the stored ids would find nothing there (verify names them)
        Document last = c.collection().find().sort(new Document(MongoSysbenchStore.ID, -1)).limit(1).first();
        long maxId = last != null && last.get(MongoSysbenchStore.ID) instanceof Number n ? n.longValue() : 0;
        long present = plan.countsIds() ? c.collection().countDocuments(Filters.and(Filters.gte(MongoSysbenchStore.ID,
            1), Filters.lte(MongoSysbenchStore.ID, plan.tableSize()))) : -1;
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
        Document last = c.collection().find().sort(new Document(MongoSysbenchStore.ID, -1)).limit(1).first();
        long maxId = last != null && last.get(MongoSysbenchStore.ID) instanceof Number n ? n.longValue() : 0;
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
