package site.ycsbx.db.mongodb.sysbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.MongoException;
import com.mongodb.client.MongoCollection;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import site.ycsb.DB;
import site.ycsbx.db.mongodb.ContractDatabase;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.sysbench.SysbenchStore;
import site.ycsbx.store.sysbench.SysbenchStoreContract;
import site.ycsbx.store.sysbench.SysbenchTable;

/**
 * The sysbench contract on the mongodb binding, each test on a fresh database: on the in-process
 * mongo-java-server, a standalone server without multi-document transactions (each step alone), or
 * on YCSBX_MONGODB_URL's server (in one transaction on a replica set); plus what is MongoDB's own:
 * the documents as sysbench-mongodb wrote them, k_N listed, a collection of another shape refused
 * and kept, a duplicate _id ignored as sysbench ignores a unique violation.
 */
@Tag("server")
class MongoSysbenchStoreTest extends SysbenchStoreContract {
  @RegisterExtension
  static final ContractDatabase database = new ContractDatabase();

  @Override
  protected DB newBinding() {
    return database.newBinding();
  }

  @Override
  protected void dropFixture() {
    database.drop();
  }

  @Override
  protected boolean transactional() {
    return false;
  }

  private MongoCollection<Document> raw(SysbenchTable t) {
    return database.server().client().getDatabase(database.name()).getCollection(t.name());
  }

  @Test
  void documentsAreSysbenchMongodbsAndKnIsListed() throws Exception {
    SysbenchStore s = store();
    SysbenchTable t = loaded(s, 8);
    Document d = raw(t).find(new Document("_id", 42)).first();
    assertEquals(List.of("_id", "k", "c", "pad"), List.copyOf(d.keySet()));
    assertTrue(d.get("_id") instanceof Integer && d.get("k") instanceof Integer, d.toJson());
    List<Document> indexes = raw(t).listIndexes().into(new java.util.ArrayList<>());
    assertTrue(indexes.stream().anyMatch(i -> "k_8".equals(i.getString("name"))
        && new Document("k", 1).equals(i.get("key"))), indexes.toString());
  }

  @Test
  void theStoreSaysWhetherEachStepStandsAloneAndWhy() throws Exception {
    String how = store().transactions();
    Document hello;
    try (var c = database.server().client()) {
      hello = c.getDatabase("admin").runCommand(new Document("isMaster", 1));
    }
    // the in-process server is a standalone; a real one named by the environment may be a replica set or a mongos
    boolean withTransactions = hello.containsKey("setName") || "isdbgrid".equals(hello.get("msg"));
    assertTrue(how.startsWith(withTransactions ? "auto: multi-document transactions"
        : "auto: each step alone (a standalone server"), hello.toJson() + " -> " + how);
  }

  @Test
  void aCollectionOfAnotherShapeIsRefusedAndKept() throws Exception {
    SysbenchStore s = store();
    SysbenchTable t = new SysbenchTable(9);
    raw(t).insertOne(new Document("_id", 1).append("field0", "x"));
    StoreException e = assertThrows(StoreException.class, () -> s.createTable(t, false));
    assertTrue(e.getMessage().contains("not sysbench's documents"), e.getMessage());
    e = assertThrows(StoreException.class, () -> s.createTable(t, true));
    assertTrue(e.getMessage().contains("sysbench.drop=true refused, nothing dropped"), e.getMessage());
    assertEquals(1, raw(t).countDocuments());
  }

  @Test
  void aDuplicateIdAndAWriteConflictAreErrorsSysbenchIgnores() {
    // what two threads deleting and inserting one _id meet, and what concurrent transactions meet
    assertTrue(DriverSysbenchSide.ignored(new MongoException(11000, "E11000 duplicate key error")));
    assertTrue(DriverSysbenchSide.ignored(new MongoException(112, "WriteConflict")));
    MongoException transientError = new MongoException(251, "NoSuchTransaction");
    assertFalse(DriverSysbenchSide.ignored(transientError));
    transientError.addLabel(MongoException.TRANSIENT_TRANSACTION_ERROR_LABEL);
    assertTrue(DriverSysbenchSide.ignored(transientError));
    assertFalse(DriverSysbenchSide.ignored(new MongoException(2, "BadValue")));
  }

  /** mongo-java-server's collStats gives no bytes: the size says so (MongoServerSettingsTest sizes a posing mongod). */
  @Override
  protected boolean measuresStoredSize() {
    return false;
  }
}
