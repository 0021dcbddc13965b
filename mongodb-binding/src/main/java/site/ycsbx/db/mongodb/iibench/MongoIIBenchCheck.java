package site.ycsbx.db.mongodb.iibench;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import site.ycsbx.db.mongodb.conn.ExistingCollection;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.db.mongodb.conn.MongoStoreCheck;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.iibench.IIBenchPlan;
import site.ycsbx.store.iibench.IIBenchTable;
import site.ycsbx.util.UserError;

/**
 * What an iibench run needs of MongoDB, checked before any thread creates anything: database
 * names MongoDB accepts (with {@value MongoOptions#DATABASE_PER_COLLECTION_PROPERTY}); no existing
 * collection with indexes beyond the ones asked for, or whose documents are not this run's
 * iibench rows (YCSB's records, another padding), unless the run drops it; and a drop only of a
 * collection of iibench rows.
 */
public final class MongoIIBenchCheck implements MongoStoreCheck {
  /**
   * Checked from the names alone: the server would refuse a name only once the databases of
   * the collections before it had been created.
   */
  @Override
  public void checkOptions(StoreDemand demand, MongoOptions options) {
    if (!options.databasePerCollection()) {
      return;
    }
    for (IIBenchTable t : demand.plan(IIBenchPlan.class).tables()) {
      String name = options.databaseOf(t.name());
      if (name.length() > MongoOptions.DATABASE_NAME_MAX) {
        throw new UserError(IIBenchRefusals.databaseNameTooLong(name));
      }
    }
  }

  /**
   * The store refuses such a collection too, but only when a thread prepares it, after other
   * threads may have created theirs; refused here, nothing is created.
   */
  @Override
  public void checkServer(StoreDemand demand, MongoOptions options, MongoClient client) {
    IIBenchPlan plan = demand.plan(IIBenchPlan.class);
    for (IIBenchTable t : plan.tables()) {
      MongoDatabase db = client.getDatabase(options.databaseOf(t.name()));
      ExistingCollection existing = ExistingCollection.of(client, options, db.getName(), t.name());
      if (existing == null && demand.verify()) {
        throw StoreDemand.nothingStored("collection " + db.getName() + "." + t.name() + " at " + options.maskedUrl());
      }
      if (existing == null) {
        continue;
      }
      if (plan.drop()) {
        String refused = IIBenchRefusals.dropRefusal(existing);
        if (refused != null) {
          throw new UserError(refused);
        }
        continue;
      }
      String why = IIBenchRefusals.otherIndexes(t, existing.namespace(), existing.indexes());
      if (why == null) {
        why = IIBenchRefusals.otherFields(t, existing);
      }
      if (why != null) {
        throw UserError.target(why);
      }
    }
  }
}
