package site.ycsbx.db.mongodb.conn;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Properties;
import org.bson.Document;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.mongodb.MongoPreflight;
import site.ycsbx.db.mongodb.TestServer;
import site.ycsbx.db.mongodb.conn.MongoServerSettings.Reply;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.fingerprint.ServerSettings;
import site.ycsbx.store.Preflight;
import site.ycsbx.store.StoreDemand;

/**
 * The server settings read from getCmdLineOpts, getParameter and serverStatus, on replies shaped as
 * MongoDB 2.4, 3.0, 4.4 and 7.0 send them (mongo-java-server answers none of the first two), and
 * what the in-process server gives: the fallback said in the value, the run going on.
 */
@Tag("server")
class MongoServerSettingsTest {
  // mongod 2.4.14 --nojournal --syncdelay 30: options flat under parsed; getParameter knows journalCommitInterval
  private static final Reply CMD_24 = Reply.of(Document.parse("{argv: ['mongod', '--nojournal', '--syncdelay', '30'],"
      + " parsed: {dbpath: '/data/db', nojournal: true, syncdelay: 30}, ok: 1.0}"));
  private static final Reply PARAM_24 = Reply.of(Document.parse("{journalCommitInterval: 100, ok: 1.0}"));
  private static final Reply STATUS_24 = Reply.of(Document.parse("{process: 'mongod', version: '2.4.14', ok: 1.0}"));

  // mongod 3.0.15 --storageEngine wiredTiger --wiredTigerCacheSizeGB 8 --journalCommitInterval 300 (the "lazy" runs)
  private static final Reply CMD_30 = Reply.of(Document.parse("{parsed: {storage: {dbPath: '/data/db', engine: 'wiredTiger',"
      + " journal: {enabled: true}, mmapv1: {journal: {commitIntervalMs: 300}},"
      + " wiredTiger: {engineConfig: {cacheSizeGB: 8, configString: 'direct_io=[data],eviction_target=90'}}}}, ok: 1.0}"));
  private static final Reply PARAM_30 = Reply.of(Document.parse("{journalCommitInterval: 300, syncdelay: 60.0, ok: 1.0}"));
  private static final Reply STATUS_30 = Reply.of(Document.parse("{process: 'mongod', storageEngine: {name: 'wiredTiger'},"
      + " wiredTiger: {cache: {'maximum bytes configured': 8589934592, 'bytes currently in the cache': 1024}}, ok: 1.0}"));

  // mongod 4.4 from a config file with storage.journal.commitIntervalMs 2 (the "sync" runs); the role lacks getParameter
  private static final Reply CMD_44 = Reply.of(Document.parse("{parsed: {config: '/etc/mongod.conf', storage: {dbPath: '/var/lib/mongo',"
      + " journal: {enabled: true, commitIntervalMs: 2}, syncPeriodSecs: 60}}, ok: 1.0}"));
  private static final Reply STATUS_44 = Reply.of(Document.parse("{process: 'mongod', storageEngine: {name: 'wiredTiger'},"
      + " wiredTiger: {cache: {'maximum bytes configured': {$numberLong: '1073741824'}}}, ok: 1.0}"));

  // mongod 7.0: no journal switch any more; defaults everywhere
  private static final Reply CMD_70 = Reply.of(Document.parse("{parsed: {storage: {dbPath: '/data/db'}}, ok: 1.0}"));
  private static final Reply PARAM_70 = Reply.of(Document.parse("{journalCommitInterval: 100, syncdelay: 60.0, ok: 1.0}"));
  private static final Reply STATUS_70 = Reply.of(Document.parse("{process: 'mongod', storageEngine: {name: 'wiredTiger'},"
      + " wiredTiger: {cache: {'maximum bytes configured': 16106127360}}, ok: 1.0}"));

  @Test
  void mongodb24WithoutJournal() {
    Map<String, String> s = MongoServerSettings.settings(CMD_24, PARAM_24, STATUS_24, "mmapv1");
    assertEquals("off (nojournal)", s.get(MongoServerSettings.JOURNAL));
    assertEquals("100", s.get(MongoServerSettings.COMMIT_INTERVAL));
    assertEquals("30", s.get(MongoServerSettings.SYNCDELAY));
    assertEquals("not reported by engine mmapv1", s.get(MongoServerSettings.DIRECT_IO));
    assertEquals(-1, MongoServerSettings.cacheBytes(CMD_24, STATUS_24));
    assertEquals("none of its own (mmapv1 caches in the OS page cache)", MongoServerSettings.cacheWhy(CMD_24, STATUS_24, "mmapv1"));
    // 2.4 with the journal on: the dur section of serverStatus says so when the options do not
    Map<String, String> on = MongoServerSettings.settings(Reply.missing(ServerSettings.NOT_READABLE_ROLE), PARAM_24,
        Reply.of(Document.parse("{process: 'mongod', dur: {commits: 30}, ok: 1.0}")), "mmapv1");
    assertEquals("on (serverStatus.dur)", on.get(MongoServerSettings.JOURNAL));
  }

  @Test
  void mongodb30LazyJournalOnWiredTiger() {
    Map<String, String> s = MongoServerSettings.settings(CMD_30, PARAM_30, STATUS_30, "wiredTiger");
    assertEquals("on", s.get(MongoServerSettings.JOURNAL));
    assertEquals("300", s.get(MongoServerSettings.COMMIT_INTERVAL));
    assertEquals("60.0", s.get(MongoServerSettings.SYNCDELAY));
    assertEquals("direct_io=[data],eviction_target=90", s.get(MongoServerSettings.CONFIG));
    assertEquals("on (direct_io=[data])", s.get(MongoServerSettings.DIRECT_IO));
    assertEquals(8L << 30, MongoServerSettings.cacheBytes(CMD_30, STATUS_30));
    assertEquals("serverStatus.wiredTiger.cache.maximum bytes configured",
        MongoServerSettings.cacheSource(CMD_30, STATUS_30, "wiredTiger"));
    // without serverStatus (its role), the start option gives the cache
    assertEquals(8L << 30, MongoServerSettings.cacheBytes(CMD_30, Reply.missing(ServerSettings.NOT_READABLE_ROLE)));
  }

  @Test
  void mongodb44FromAConfigFileWithoutGetParameter() {
    Map<String, String> s = MongoServerSettings.settings(CMD_44, Reply.missing(ServerSettings.NOT_READABLE_ROLE),
        STATUS_44, "wiredTiger");
    assertEquals("on", s.get(MongoServerSettings.JOURNAL));
    assertEquals("2", s.get(MongoServerSettings.COMMIT_INTERVAL));
    assertEquals("60", s.get(MongoServerSettings.SYNCDELAY));
    assertEquals("none", s.get(MongoServerSettings.CONFIG));
    assertEquals("off (no direct_io in the engine config)", s.get(MongoServerSettings.DIRECT_IO));
    assertEquals(1L << 30, MongoServerSettings.cacheBytes(CMD_44, STATUS_44));
  }

  @Test
  void mongodb70HasNoJournalSwitch() {
    Map<String, String> s = MongoServerSettings.settings(CMD_70, PARAM_70, STATUS_70, "wiredTiger");
    assertEquals("on (the default: not set at start)", s.get(MongoServerSettings.JOURNAL));
    assertEquals("100", s.get(MongoServerSettings.COMMIT_INTERVAL));
    assertEquals(15L << 30, MongoServerSettings.cacheBytes(CMD_70, STATUS_70));
  }

  @Test
  void aRoleThatMayReadNothingIsSaidInEveryValue() {
    Reply denied = Reply.missing(ServerSettings.NOT_READABLE_ROLE);
    Map<String, String> s = MongoServerSettings.settings(denied, denied, denied, null);
    s.forEach((k, v) -> assertEquals(ServerSettings.NOT_READABLE_ROLE, v, k));
    assertEquals(ServerSettings.NOT_READABLE_ROLE, MongoServerSettings.cacheWhy(denied, denied, null));
  }

  /** mongo-java-server answers neither getCmdLineOpts nor the settings: each value says so, and the preflight goes on. */
  @Test
  void theInProcessServerSaysWhatItDoesNotAnswer() {
    try (TestServer server = new TestServer("wiredTiger")) {
      Fingerprint fp = new Fingerprint();
      Properties p = new Properties();
      p.setProperty(MongoOptions.URL_PROPERTY, server.url(TestServer.freshDatabase()));
      new MongoPreflight().check(p, Preflight.Phase.LOAD, StoreDemand.NONE, fp);
      String journal = fp.get(ServerSettings.PREFIX + MongoServerSettings.JOURNAL);
      assertEquals("not reported (getCmdLineOpts has no parsed options)", journal);
      assertEquals(journal, fp.get(ServerSettings.PREFIX + MongoServerSettings.COMMIT_INTERVAL));
      assertEquals(ServerSettings.NOT_REPORTED, fp.get(ServerSettings.CACHE_MB));
      assertTrue(server.commandNames("admin").contains("getCmdLineOpts"), server.commandNames("admin").toString());
    }
  }

  /** YCSB's usertable at the end of a run: collStats bytes of a mongod; a collection never created holds nothing. */
  @Test
  void usertableIsSizedFromCollStats() {
    try (TestServer mongod = TestServer.posingAsMongod("wiredTiger", 50, 20)) {
      String database = TestServer.freshDatabase();
      java.util.List<Document> docs = new java.util.ArrayList<>();
      for (int i = 0; i < 40; i++) {
        docs.add(new Document("_id", "user" + i).append("field0", "x"));
      }
      mongod.client().getDatabase(database).getCollection("usertable").insertMany(docs);
      Properties p = new Properties();
      p.setProperty(MongoOptions.URL_PROPERTY, mongod.url(database));
      assertEquals(new site.ycsbx.store.SizeReport(40 * 50, 40 * 20, "collStats storageSize+totalIndexSize"),
          new MongoPreflight().storedSize(p, java.util.List.of("usertable", "never_created")));
    }
    // the emulator itself gives no bytes: said, not 0
    try (TestServer emulator = new TestServer()) {
      Properties p = new Properties();
      p.setProperty(MongoOptions.URL_PROPERTY, emulator.url(TestServer.freshDatabase()));
      assertEquals("not reported by mongo-java-server",
          new MongoPreflight().storedSize(p, java.util.List.of("usertable")).source());
    }
  }
}
