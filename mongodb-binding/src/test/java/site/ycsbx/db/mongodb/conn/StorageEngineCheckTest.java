package site.ycsbx.db.mongodb.conn;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Properties;

import org.bson.Document;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.Preflight;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.util.UserError;
import site.ycsbx.db.mongodb.TestServer;
import site.ycsbx.db.mongodb.MongoPreflight;

/** The engine comparison and product detection, on replies shaped as real servers send them. */
@Tag("server")
class StorageEngineCheckTest {
  // serverStatus of MongoDB 7.0 (sections not used by the check trimmed)
  private static final Document MONGOD_7 = Document.parse("{\"host\": \"db1:27017\", \"version\": \"7.0.14\", "
      + "\"process\": \"mongod\", \"pid\": {\"$numberLong\": \"1234\"}, \"uptime\": 81.0, "
      + "\"storageEngine\": {\"name\": \"wiredTiger\", \"supportsCommittedReads\": true, "
      + "\"oldestRequiredTimestampForCrashRecovery\": {\"$timestamp\": {\"t\": 0, \"i\": 0}}, "
      + "\"supportsPendingDrops\": true, \"dropPendingIdents\": {\"$numberLong\": \"0\"}, "
      + "\"supportsSnapshotReadConcern\": true, \"readOnly\": false, \"persistent\": true, "
      + "\"backupCursorOpen\": false}, \"ok\": 1.0}");
  // Percona Server for MongoDB 3.6 with MongoRocks
  private static final Document PSMDB_ROCKS = Document.parse("{\"process\": \"mongod\", "
      + "\"storageEngine\": {\"name\": \"rocksdb\", \"supportsCommittedReads\": true, \"readOnly\": false, "
      + "\"persistent\": true}, \"ok\": 1.0}");
  // mongo-java-server 1.47: no storageEngine section
  private static final Document MONGO_JAVA_SERVER = Document.parse("{\"host\": \"vm\", \"version\": \"5.0.0\", "
      + "\"process\": \"java\", \"pid\": 11867, \"uptime\": 0, \"connections\": {\"current\": 1}, \"ok\": 1.0}");

  @Test
  void reportedEngineIsReadFromServerStatus() {
    assertEquals("wiredTiger", StorageEngineCheck.reported(MONGOD_7));
    assertEquals("rocksdb", StorageEngineCheck.reported(PSMDB_ROCKS));
    assertEquals(Boolean.TRUE, StorageEngineCheck.persistent(MONGOD_7));
    assertNull(StorageEngineCheck.reported(MONGO_JAVA_SERVER));
    assertNull(StorageEngineCheck.persistent(MONGO_JAVA_SERVER));
  }

  @Test
  void matchingIsCaseInsensitive() {
    String reported = StorageEngineCheck.reported(MONGOD_7);
    assertDoesNotThrow(() -> StorageEngineCheck.verify("wiredTiger", reported, null, "mongodb://db1/ycsb"));
    assertDoesNotThrow(() -> StorageEngineCheck.verify("WIREDTIGER", reported, null, "mongodb://db1/ycsb"));
    assertDoesNotThrow(() -> StorageEngineCheck.verify("RocksDB", StorageEngineCheck.reported(PSMDB_ROCKS), null, "x"));
  }

  @Test
  void nothingAskedNothingChecked() {
    assertDoesNotThrow(() -> StorageEngineCheck.verify(null, null, null, "mongodb://db1/ycsb"));
    assertDoesNotThrow(() -> StorageEngineCheck.verify(null, "wiredTiger", null, "mongodb://db1/ycsb"));
  }

  @Test
  void mismatchStopsNamingBothEngines() {
    UserError e = assertThrows(UserError.class, () -> StorageEngineCheck.verify("rocksdb",
        StorageEngineCheck.reported(MONGOD_7), null, "mongodb://u:*****@db1/ycsb"));
    assertEquals(UserError.TARGET_UNUSABLE, e.exitCode());
    assertEquals("mongodb.storageEngine=rocksdb but the server at mongodb://u:*****@db1/ycsb runs storage engine "
        + "wiredTiger (serverStatus.storageEngine.name); nothing was written", e.getMessage());
  }

  @Test
  void askedButNotReportedCannotBeVerified() {
    UserError e = assertThrows(UserError.class, () -> StorageEngineCheck.verify("wiredTiger",
        StorageEngineCheck.reported(MONGO_JAVA_SERVER), null, "mongodb://127.0.0.1:1234/t"));
    assertEquals(UserError.TARGET_UNUSABLE, e.exitCode());
    assertEquals("mongodb.storageEngine=wiredTiger cannot be verified: the server at mongodb://127.0.0.1:1234/t does not "
        + "report its storage engine (serverStatus has no storageEngine section); remove mongodb.storageEngine to run "
        + "without the check", e.getMessage());
    UserError denied = assertThrows(UserError.class, () -> StorageEngineCheck.verify("wiredTiger", null,
        "serverStatus failed: not authorized (code 13 Unauthorized)", "mongodb://db1/ycsb"));
    assertEquals("mongodb.storageEngine=wiredTiger cannot be verified: the server at mongodb://db1/ycsb does not report "
        + "its storage engine (serverStatus failed: not authorized (code 13 Unauthorized)); remove "
        + "mongodb.storageEngine to run without the check", denied.getMessage());
  }

  @Test
  void productIsDetectedFromBuildInfoAndServerStatus() {
    Document mongodBuild = Document.parse("{\"version\": \"7.0.14\", \"gitVersion\": \"ce59cfc6a3c5e5c067dca0d30697edd68d4f5188\", "
        + "\"modules\": [], \"allocator\": \"tcmalloc\", \"versionArray\": [7, 0, 14, 0], \"ok\": 1.0}");
    Document enterpriseBuild = Document.parse("{\"version\": \"7.0.14\", \"gitVersion\": \"ce59\", \"modules\": [\"enterprise\"], \"ok\": 1.0}");
    Document perconaBuild = Document.parse("{\"version\": \"3.6.23-13.0\", \"psmdbVersion\": \"3.6.23-13.0\", \"gitVersion\": \"x\", \"ok\": 1.0}");
    Document javaServerBuild = Document.parse("{\"version\": \"5.0.0\", \"versionArray\": [5, 0, 0], \"maxBsonObjectSize\": 16777216, \"ok\": 1.0}");
    assertEquals("MongoDB", ServerKind.product(mongodBuild, MONGOD_7));
    assertEquals("MongoDB", ServerKind.product(mongodBuild, null));
    assertEquals("MongoDB Enterprise", ServerKind.product(enterpriseBuild, MONGOD_7));
    assertEquals("MongoDB (mongos)", ServerKind.product(mongodBuild, Document.parse("{\"process\": \"mongos\"}")));
    assertEquals("Percona Server for MongoDB", ServerKind.product(perconaBuild, PSMDB_ROCKS));
    assertEquals("mongo-java-server", ServerKind.product(javaServerBuild, MONGO_JAVA_SERVER));
    assertEquals("unknown MongoDB-compatible server (serverStatus.process=ferretdb)",
        ServerKind.product(javaServerBuild, Document.parse("{\"process\": \"ferretdb\"}")));
  }

  /** MongoDB 2.6 has no storageEngine in serverStatus: MMAPv1 was its only engine. */
  @Test
  void mongodb26RunsMmapv1ByDefinition() {
    try (TestServer v26 = TestServer.posingAsVersion("2.6.12", null);
        TestServer v30 = TestServer.posingAsVersion("3.0.15", "mmapv1")) {
      Fingerprint fp26 = new Fingerprint();
      new MongoPreflight().check(props(v26, "mmapv1"), Preflight.Phase.LOAD, StoreDemand.NONE, fp26);
      assertEquals("mmapv1 (implied by version 2.6.12)", fp26.get("storage.engine"));
      assertEquals("2.6.12", fp26.get("server.version"));
      Fingerprint fp30 = new Fingerprint();
      new MongoPreflight().check(props(v30, "MMAPv1"), Preflight.Phase.LOAD, StoreDemand.NONE, fp30);
      assertEquals("mmapv1", fp30.get("storage.engine"));

      UserError e = assertThrows(UserError.class, () -> new MongoPreflight().check(props(v26, "wiredTiger"),
          Preflight.Phase.LOAD, StoreDemand.NONE, new Fingerprint()));
      assertTrue(e.getMessage().startsWith("mongodb.storageEngine=wiredTiger but the server at "), e.getMessage());
      assertTrue(e.getMessage().contains("runs storage engine mmapv1"), e.getMessage());
    }
  }

  @Test
  void versionsFrom30OnMustReportTheirEngine() {
    assertTrue(StorageEngineCheck.beforeEngines(new org.bson.Document("version", "2.6.12")));
    assertTrue(StorageEngineCheck.beforeEngines(new org.bson.Document("versionArray", List.of(2, 4, 14, 0))));
    assertFalse(StorageEngineCheck.beforeEngines(new org.bson.Document("versionArray", List.of(3, 0, 15, 0))));
    assertFalse(StorageEngineCheck.beforeEngines(new org.bson.Document("version", "8.0.1")));
    assertFalse(StorageEngineCheck.beforeEngines(new org.bson.Document()));
    // a 3.0 server without the section stays unverifiable rather than guessed
    try (TestServer v30 = TestServer.posingAsVersion("3.0.15", null)) {
      UserError e = assertThrows(UserError.class, () -> new MongoPreflight().check(props(v30, "mmapv1"),
          Preflight.Phase.LOAD, StoreDemand.NONE, new Fingerprint()));
      assertTrue(e.getMessage().contains("cannot be verified"), e.getMessage());
    }
  }

  private static Properties props(TestServer server, String engine) {
    Properties p = new Properties();
    p.setProperty(MongoOptions.URL_PROPERTY, server.url(TestServer.freshDatabase()));
    p.setProperty(MongoOptions.STORAGE_ENGINE_PROPERTY, engine);
    return p;
  }
}
