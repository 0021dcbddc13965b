package site.ycsbx.db.mongodb;

import static com.mongodb.client.model.Filters.eq;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import java.util.Properties;
import site.ycsbx.db.mongodb.conn.ExistingCollection;
import site.ycsbx.db.mongodb.conn.MongoConnection;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.db.mongodb.conn.MongoStoreCheck;
import site.ycsbx.store.Preflight;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.YcsbTable;
import site.ycsbx.util.UserError;

/**
 * YCSB's own workloads on MongoDB, checked before anything is written: an existing non-empty
 * collection must hold YCSB's records (string {@code _id}, fields {@code field0..}, no secondary
 * index), else YCSB's documents would be mixed into someone else's; a load must not collide with
 * the keys it would insert (a second load would fail on the first duplicate, the rest never
 * attempted), unless {@value MongoOptions#UPSERT_PROPERTY}=true replaces them; {@value YcsbTable#DROP_PROPERTY}=true drops only such a collection, only in a load.
 */
public final class YcsbCollectionCheck implements MongoStoreCheck {
  /** Whether this JVM's load has dropped YCSB's collection: once, by the first client thread. */
  private static boolean dropped;
  /** Where else a load can go, said when one would collide with stored keys. */
  private final String elsewhere;

  /** @param elsewhere e.g. "another database (mongodb.url)", or the embedded server's other folder */
  YcsbCollectionCheck(String elsewhere) {
    this.elsewhere = elsewhere;
  }

  @Override
  public void checkOptions(StoreDemand demand, MongoOptions options) {
    if (YcsbTable.drop(options.properties()) && Preflight.Phase.of(options.properties()) == Preflight.Phase.RUN) {
      throw new UserError(YcsbTable.dropOnlyInLoad());
    }
  }

  @Override
  public void checkServer(StoreDemand demand, MongoOptions options, MongoClient client) {
    Properties props = options.properties();
    YcsbTable ycsb = YcsbTable.of(props);
    MongoDatabase db = client.getDatabase(options.database());
    ExistingCollection existing = ExistingCollection.of(client, options, options.database(), ycsb.name());
    if (existing == null && demand.verify()) {
      throw StoreDemand.nothingStored("collection " + options.database() + "." + ycsb.name() + " at "
          + options.maskedUrl());
    }
    String lastKey = Preflight.Phase.of(props) == Preflight.Phase.RUN ? YcsbTable.lastKeyRead(props) : null;
    if (lastKey != null && (existing == null || !holds(db, ycsb.name(), lastKey))) {
      // one _id lookup: the run's reads past the loaded keys found nothing and said so only as NOT_FOUND
      throw UserError.target(ycsb.tooFewRecords("collection " + options.database() + "." + ycsb.name()
          + (existing == null ? ", which does not exist," : ""), lastKey) + " (at " + options.maskedUrl() + ")");
    }
    if (existing == null || existing.isEmpty()) {
      return;
    }
    String where = " (at " + options.maskedUrl() + ")";
    if (YcsbTable.drop(props)) {
      String refused = dropRefusal(existing, ycsb);
      if (refused != null) {
        throw new UserError(refused + where);
      }
      return;
    }
    if (!isYcsb(existing, ycsb)) {
      throw UserError.target(existing.describe() + ", not YCSB's records (" + ycsb.describeShape("_id")
          + "): YCSB's documents would be mixed with these; name another table (table), or drop it yourself" + where);
    }
    // with upserts a load over stored keys replaces them: a reload, not a failure
    if (Preflight.Phase.of(props) == Preflight.Phase.LOAD && !ycsb.loadsNothing() && !options.upsert()
        && db.getCollection(ycsb.name()).find(eq("_id", ycsb.firstKey())).first() != null) {
      throw UserError.target(ycsb.alreadyLoaded("collection " + existing.namespace() + where, existing.documents(),
          elsewhere));
    }
  }

  /** Whether the collection holds {@code key}: a count command, so that the run's finds by key are its own. */
  private static boolean holds(MongoDatabase db, String collection, String key) {
    Object n = db.runCommand(new org.bson.Document("count", collection).append("query", new org.bson.Document("_id", key))
        .append("limit", 1)).get("n");
    return n instanceof Number x && x.longValue() > 0;
  }

  /** Whether the collection holds YCSB's records: a string _id, YCSB's fields, no secondary index. */
  static boolean isYcsb(ExistingCollection c, YcsbTable ycsb) {
    return c.isEmpty() || (c.id() instanceof String && ycsb.isYcsbRecord(c.fields())
        && c.secondaryIndexNames().isEmpty());
  }

  /** Why {@value YcsbTable#DROP_PROPERTY}=true must not drop this collection; null when it may. */
  static String dropRefusal(ExistingCollection c, YcsbTable ycsb) {
    if (isYcsb(c, ycsb)) {
      return null;
    }
    return YcsbTable.DROP_PROPERTY + "=true refused, nothing dropped: " + c.describe() + ", not a collection of YCSB's"
        + " core workloads (" + ycsb.describeShape("_id") + "); " + YcsbTable.DROP_PROPERTY + " drops only such a"
        + " collection: name another table (table), or drop it yourself";
  }

  /**
   * Drops YCSB's collection once per JVM before a load with {@value YcsbTable#DROP_PROPERTY}=true;
   * every client thread's init waits for it. Checked again here: the preflight may have run in
   * another JVM.
   */
  static synchronized void dropOnce(MongoConnection connection, Properties props) {
    if (dropped) {
      return;
    }
    YcsbTable ycsb = YcsbTable.of(props);
    ExistingCollection existing = ExistingCollection.of(connection.database(), ycsb.name());
    if (existing != null) {
      String refused = dropRefusal(existing, ycsb);
      if (refused != null) {
        throw new UserError(refused);
      }
      connection.schema().drop(ycsb.name());
    }
    dropped = true;
  }
}
