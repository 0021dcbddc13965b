package site.ycsbx.db.mongodb.iibench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.db.mongodb.EmbeddedServer;
import site.ycsbx.db.mongodb.MongoUnderTest;
import site.ycsbx.db.mongodb.ServerChoice;
import site.ycsbx.db.mongodb.TestServer;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.PrintedFingerprint;
import site.ycsbx.tools.Main;

/**
 * iibench on MongoDB end to end through bin/ycsb's Main in a subprocess: mongodb-embedded (the
 * data file is opened after the subprocess exited) and the mongodb binding against a server this
 * test runs, so the test can list its databases and the commands it received, or against the real
 * one {@link ServerChoice} names (which records nothing: there, what was stored is checked). The
 * refusals, decided before a run starts, go through the same Main in this JVM.
 */
@Tag("process")
class IIBenchEndToEndTest {
  private static final Map<String, List<String>> THREE_INDEXES = Map.of(
      "marketsegment", List.of("price", "customerid"),
      "registersegment", List.of("cashregisterid", "price", "customerid"),
      "pdc", List.of("price", "dateandtime", "customerid"));
  private static MongoUnderTest server;

  @BeforeAll
  static void start() {
    server = ServerChoice.mongod(TestServer::new);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static Result load(String binding, String... props) {
    return JavaProcess.run(Main.class.getName(), loadArgs(binding, props));
  }

  private static String[] loadArgs(String binding, String... props) {
    List<String> args = new ArrayList<>(List.of("load", binding, "-P", JavaProcess.workload("iibench")));
    args.addAll(Arrays.asList(props));
    return args.toArray(new String[0]);
  }

  private static String[] loadArgsWith(String binding, String flag, String value, String... props) {
    List<String> args = new ArrayList<>(List.of(flag, value));
    args.addAll(Arrays.asList(props));
    return loadArgs(binding, args.toArray(new String[0]));
  }

  private static Result loadEmbedded(Path dir, String... props) {
    List<String> args = new ArrayList<>(List.of("-p", EmbeddedServer.DIR_PROPERTY + "=" + dir));
    args.addAll(Arrays.asList(props));
    return load("mongodb-embedded", args.toArray(new String[0]));
  }

  private static Result loadMongo(String database, String... props) {
    List<String> args = new ArrayList<>(List.of("-p", MongoOptions.URL_PROPERTY + "=" + server.url(database)));
    args.addAll(Arrays.asList(props));
    return load("mongodb", args.toArray(new String[0]));
  }

  /** Opens the H2 file of a finished mongodb-embedded run and reads its ycsb database. */
  private static <T> T inEmbedded(Path dir, Function<MongoDatabase, T> read) {
    MongoServer s = new MongoServer(new H2Backend(dir.resolve(EmbeddedServer.FILE_NAME).toString()));
    try {
      s.bind("127.0.0.1", 0);
      try (MongoClient c = MongoClients.create("mongodb://127.0.0.1:" + s.getLocalAddress().getPort())) {
        return read.apply(c.getDatabase(EmbeddedServer.DATABASE));
      }
    } finally {
      s.shutdownNow();
    }
  }

  private static long operations(String stdout, String op) {
    Matcher m = Pattern.compile("\\[" + Pattern.quote(op) + "\\], Operations, (\\d+)\n").matcher(stdout);
    return m.find() ? Long.parseLong(m.group(1)) : -1;
  }

  private static void assertOk(Result r) {
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.stderr().contains("[ERRORS] OK:"), r.stderr());
    assertFalse(r.all().contains("Exception"), r.all());
  }

  @Test
  void embeddedLoadsFourThousandRowsInTransactionsOfTwoHundredWithThreeIndexes(@TempDir Path dir) {
    Result r = loadEmbedded(dir, "-p", "recordcount=4000", "-p", "iibench.batchsize=200", "-p", "iibench.indexes=3",
        "-p", "iibench.roundrows=2000", "-p", "iibench.verify=true");
    assertOk(r);
    assertTrue(r.stdout().contains("[INSERT_TXN], Operations, 20\n"), r.stdout());
    assertTrue(r.stdout().contains("[INSERT_TXN], Return=OK, 20\n"), r.stdout());
    // mongo-java-server records the indexes but builds none: the figures would mislead without saying so
    assertTrue(r.stdout().contains("[IIBENCH] purchases_index: ready, 3 secondary indexes (not built: mongo-java-server"
        + " keeps no non-unique index, so inserts pay no index maintenance and queries scan; a MongoDB server builds"
        + " them)\n"), r.stdout());
    // the server is this JVM: its own writes, not the host's, are the per-row figure
    assertTrue(Pattern.compile("\\[IIBENCH\\] written_mb, write_mb_s, wr_b_row: server process pid \\d+ this JVM \\(the"
        + " embedded server\\), /proc/\\d+/io write_bytes with its children; host_wr_mb: ").matcher(r.stdout()).find(),
        r.stdout());
    assertTrue(r.stdout().contains("[IIBENCH-VERIFY] purchases_index: 4000 rows, 4000 expected"), r.stdout());
    // two rounds; mongo-java-server reports no byte sizes, so db_size_mb and bytes_row say n/a (and it has no memtable)
    Matcher round = Pattern.compile("\\[IIBENCH\\] +(\\d) +(\\d+) +(\\S+) +(\\S+) +(\\S+) ").matcher(r.stdout());
    List<String> rounds = new ArrayList<>();
    while (round.find()) {
      rounds.add(round.group(1) + " " + round.group(2) + " " + round.group(3) + " " + round.group(4) + " " + round.group(5));
    }
    assertEquals(List.of("1 2000 n/a n/a n/a", "2 4000 n/a n/a n/a"), rounds, r.stdout());

    assertEquals(4000L, (long) inEmbedded(dir, d -> d.getCollection("purchases_index").countDocuments()));
    assertEquals(THREE_INDEXES, inEmbedded(dir, d ->
        ListedIndexes.keysOf(d.getCollection("purchases_index").listIndexes())));
  }

  /** The insert benchmark's l.i1 on the embedded server: the collection keeps its size, the point queries find rows. */
  @Test
  void embeddedDeletesPerInsertKeepTheCollectionSize(@TempDir Path dir) {
    assertOk(loadEmbedded(dir, "-p", "recordcount=1000", "-p", "iibench.batchsize=500"));
    Result r = loadEmbedded(dir, "-p", "recordcount=500", "-p", "iibench.batchsize=25", "-p", "iibench.verify=true",
        "-p", "iibench.deleteperinsert=true", "-threads", "2", "-p", "iibench.querythreads=1",
        "-p", "iibench.querykind=pk", "-p", "iibench.querylimit=1");
    assertOk(r);
    assertTrue(r.stdout().contains("[DELETE_TXN], Return=OK, 20\n"), r.stdout());
    assertTrue(r.stdout().contains("[IIBENCH-VERIFY] purchases_index: 1000 rows, 1000 expected (1000 before + 500"
        + " acknowledged - 500 deleted): OK"), r.stdout());
    assertTrue(r.stdout().contains("[QUERY], Return=OK"), r.stdout());
    assertEquals(1000L, (long) inEmbedded(dir, d -> d.getCollection("purchases_index").countDocuments()));
  }

  @Test
  void embeddedAppendsAcrossRunsAndDropsOnlyWhenAsked(@TempDir Path dir) {
    String[] small = {"-p", "recordcount=1000", "-p", "iibench.batchsize=500", "-p", "iibench.verify=true"};
    assertOk(loadEmbedded(dir, small));
    Result again = loadEmbedded(dir, small);
    assertOk(again);
    assertTrue(again.stdout().contains("[IIBENCH] purchases_index: appending to 1000 existing rows "
        + "(iibench.drop=true drops the table first)"), again.stdout());
    assertTrue(again.stdout().contains("[IIBENCH-VERIFY] purchases_index: 2000 rows, 2000 expected (1000 before + "
        + "1000 acknowledged): OK"), again.stdout());
    assertEquals(2000L, (long) inEmbedded(dir, d -> d.getCollection("purchases_index").countDocuments()));

    List<String> withDrop = new ArrayList<>(Arrays.asList(small));
    withDrop.addAll(List.of("-p", "iibench.drop=true"));
    Result dropped = loadEmbedded(dir, withDrop.toArray(new String[0]));
    assertOk(dropped);
    assertTrue(dropped.stdout().contains("[IIBENCH] purchases_index: dropped and created (iibench.drop=true)"),
        dropped.stdout());
    assertEquals(1000L, (long) inEmbedded(dir, d -> d.getCollection("purchases_index").countDocuments()));
    assertEquals(THREE_INDEXES, inEmbedded(dir, d ->
        ListedIndexes.keysOf(d.getCollection("purchases_index").listIndexes())));
  }

  @Test
  void tablePerThreadGivesFourCollectionsWhoseRowsAddUp() {
    String database = TestServer.freshDatabase();
    Result r = loadMongo(database, "-threads", "4", "-p", "iibench.tableperthread=true", "-p", "recordcount=2000",
        "-p", "iibench.batchsize=125");
    assertOk(r);
    assertEquals(16, operations(r.stdout(), "INSERT_TXN"), r.stdout());
    try (MongoClient c = server.client()) {
      MongoDatabase d = c.getDatabase(database);
      assertEquals(Set.of("purchases_index_0", "purchases_index_1", "purchases_index_2", "purchases_index_3"),
          d.listCollectionNames().into(new TreeSet<>()));
      long total = 0;
      for (int i = 0; i < 4; i++) {
        long n = d.getCollection("purchases_index_" + i).countDocuments();
        assertEquals(500, n, "purchases_index_" + i);
        total += n;
        assertEquals(THREE_INDEXES, ListedIndexes.of(server, database, "purchases_index_" + i));
      }
      assertEquals(2000, total);
    }
  }

  @Test
  void databasePerCollectionGivesFourDatabasesOfOneCollectionEach() {
    String database = TestServer.freshDatabase();
    Result r = loadMongo(database, "-threads", "4", "-p", "iibench.tableperthread=true", "-p", "recordcount=2000",
        "-p", "iibench.batchsize=250", "-p", "mongodb.databasePerCollection=true", "-p", "iibench.verify=true");
    assertOk(r);
    assertEquals("true", PrintedFingerprint.of(r.stdout()).get("mongodb.databasePerCollection"), r.stdout());
    Set<String> mine = new TreeSet<>();
    for (String name : server.databaseNames()) {
      if (name.startsWith(database)) {
        mine.add(name);
      }
    }
    Set<String> expected = new TreeSet<>();
    for (int i = 0; i < 4; i++) {
      expected.add(database + "_purchases_index_" + i);
    }
    // the URL's database itself holds nothing, so it does not exist
    assertEquals(expected, mine);
    try (MongoClient c = server.client()) {
      for (int i = 0; i < 4; i++) {
        MongoDatabase d = c.getDatabase(database + "_purchases_index_" + i);
        assertEquals(List.of("purchases_index_" + i), d.listCollectionNames().into(new ArrayList<>()));
        assertEquals(500, d.getCollection("purchases_index_" + i).countDocuments());
      }
    }
  }

  @Test
  void queryThreadsRunTheRangeQueryWhileOthersInsert() {
    String database = TestServer.freshDatabase();
    Result r = loadMongo(database, "-threads", "3", "-p", "iibench.querythreads=1", "-p", "recordcount=6000",
        "-p", "iibench.batchsize=100", "-p", "iibench.querystartrows=500");
    assertOk(r);
    long queries = operations(r.stdout(), "QUERY");
    assertTrue(queries > 0, r.stdout());
    assertTrue(r.stdout().contains("[QUERY], Return=OK, " + queries + "\n"), r.stdout());
    assertEquals(60, operations(r.stdout(), "INSERT_TXN"), r.stdout());
    if (server instanceof TestServer recorded) {
      // the queries reached the server as finds with the three-clause $or
      long finds = recorded.commands().stream().filter(c -> c.database().equals(database) && c.name().equals("find")
          && c.body().toString().contains("$or")).count();
      assertEquals(queries, finds);
    }
    assertEquals(6000, server.count(database, "purchases_index"));
  }

  // bad input: one line, exit 2, nothing created or written on the server

  private static void assertRefused(String expected, String... props) {
    assertRefusedOn(TestServer.freshDatabase(), expected, props);
  }

  private static void assertRefusedOn(String database, String expected, String... props) {
    Set<String> before = server.databaseNames();
    int writesBefore = writes();
    // decided before the run starts: in this JVM, through the launcher's own entry point
    Result r = InProcessMain.run(loadArgsWith("mongodb", "-p", MongoOptions.URL_PROPERTY + "=" + server.url(database), props));
    assertEquals(2, r.exitCode(), r.all());
    assertEquals(1, r.stderrLines().size(), r.stderr());
    assertTrue(r.stderrLines().get(0).contains(expected), r.stderrLines().get(0));
    assertFalse(r.all().contains("Exception"), r.all());
    assertFalse(r.stdout().contains("[IIBENCH]"), r.stdout());
    assertEquals(before, server.databaseNames(), "a database was created");
    assertEquals(writesBefore, writes(), "the server received writes");
  }

  /** Writes the in-process server received so far; a real server records none, and is judged by what it stores. */
  private static int writes() {
    return server instanceof TestServer recorded ? recorded.writes().size() : 0;
  }

  @Test
  void batchSizeZeroIsRefused() {
    assertRefused("iibench.batchsize=0 is out of range", "-p", "iibench.batchsize=0");
  }

  @Test
  void fourIndexesAreRefused() {
    assertRefused("iibench.indexes=4 is out of range; iibench.indexes accepts a whole number from 0 to 3",
        "-p", "iibench.indexes=4");
  }

  @Test
  void negativeRowsAreRefused() {
    assertRefused("recordcount=-5 is out of range", "-p", "recordcount=-5");
  }

  @Test
  void anUnknownDiskIsRefused() {
    assertRefused("iibench.disks: unknown disk nosuchdisk", "-p", "iibench.disks=nosuchdisk");
  }

  @Test
  void aMisspeltDatabasePerCollectionIsRefused() {
    assertRefused("unknown property mongodb.databasePerCollecton (did you mean mongodb.databasePerCollection?)",
        "-p", "mongodb.databasePerCollecton=true", "-p", "iibench.tableperthread=true", "-threads", "2");
  }

  @Test
  void aDatabaseNameMongoDbWouldRefuseIsRefusedFirst() {
    // 64 characters: <database>_<table>_0 (and _1)
    String database = TestServer.freshDatabase() + "_iibench";
    String table = "t".repeat(61 - database.length());
    String longest = database + "_" + table + "_0";
    assertEquals(64, longest.length());
    assertRefusedOn(database, "ycsb: mongodb.databasePerCollection=true needs database " + longest + " (64 characters) but "
        + "MongoDB accepts at most 63; use a shorter database in mongodb.url or a shorter iibench.table",
        "-p", "mongodb.databasePerCollection=true", "-p", "iibench.table=" + table, "-p", "iibench.tableperthread=true",
        "-threads", "2");
  }

  @Test
  void anExistingCollectionWithMoreIndexesIsRefusedBeforeAnyWriteUnlessDropIsAsked() {
    String database = TestServer.freshDatabase();
    assertOk(loadMongo(database, "-p", "recordcount=1000", "-p", "iibench.batchsize=500"));
    int writesBefore = writes();
    // the preflight refuses it: in this JVM
    Result r = InProcessMain.run(loadArgsWith("mongodb", "-p", MongoOptions.URL_PROPERTY + "=" + server.url(database),
        "-p", "recordcount=1000", "-p", "iibench.indexes=1"));
    assertEquals(1, r.exitCode(), r.all());
    assertEquals(List.of("ycsb: collection " + database + ".purchases_index has indexes beyond the 1 asked for "
        + "(iibench.indexes): pdc {\"price\": 1, \"dateandtime\": 1, \"customerid\": 1}, registersegment "
        + "{\"cashregisterid\": 1, \"price\": 1, \"customerid\": 1}; set iibench.indexes to match, or iibench.drop=true "
        + "to start afresh"), r.stderrLines());
    assertEquals(writesBefore, writes(), "the server received writes");
    assertEquals(1000, server.count(database, "purchases_index"));
    assertEquals(THREE_INDEXES, ListedIndexes.of(server, database, "purchases_index"), "no index was dropped");

    assertOk(loadMongo(database, "-p", "recordcount=1000", "-p", "iibench.indexes=1", "-p", "iibench.drop=true"));
    assertEquals(1000, server.count(database, "purchases_index"));
    assertEquals(Map.of("marketsegment", List.of("price", "customerid")),
        ListedIndexes.of(server, database, "purchases_index"));
  }

  @Test
  void embeddedBadInputCreatesNoDataFolder(@TempDir Path dir) {
    Path data = dir.resolve("data");
    Result r = InProcessMain.run(loadArgsWith("mongodb-embedded", "-p", EmbeddedServer.DIR_PROPERTY + "=" + data,
        "-p", "iibench.indexes=4"));
    assertEquals(2, r.exitCode(), r.all());
    assertEquals(List.of("ycsb: iibench.indexes=4 is out of range; iibench.indexes accepts a whole number from 0 to 3"),
        r.stderrLines());
    assertFalse(Files.exists(data), "the embedded data folder was created");
  }

  /** iibench.flushbeforesize on MongoDB: fsync before the last round's collStats; a refused fsync is said, and the load ends 0. */
  @Test
  void theLastRoundIsSizedAfterAnFsyncWhenAsked() {
    try (TestServer mongod = TestServer.posingAsMongod("wiredTiger", 50, 20)) {
      String database = TestServer.freshDatabase();
      Result r = load("mongodb", "-p", MongoOptions.URL_PROPERTY + "=" + mongod.url(database), "-p", "recordcount=1000",
          "-p", "iibench.flushbeforesize=true");
      assertOk(r);
      assertTrue(r.stdout().contains("[IIBENCH] flushed before the last round's size (iibench.flushbeforesize=true):"
          + " db.adminCommand({fsync: 1}) took "), r.stdout());
      List<String> names = mongod.commands().stream().map(TestServer.Command::name).toList();
      int fsync = names.indexOf("fsync");
      assertTrue(fsync >= 0 && names.subList(fsync, names.size()).contains("collStats"), names.toString());
      assertEquals(1, names.stream().filter("fsync"::equals).count(), "once, before the last round only");

      mongod.failCommand("fsync");
      Result refused = load("mongodb", "-p", MongoOptions.URL_PROPERTY + "=" + mongod.url(TestServer.freshDatabase()),
          "-p", "recordcount=1000", "-p", "iibench.flushbeforesize=true");
      assertEquals(0, refused.exitCode(), refused.all());
      assertTrue(refused.stdout().contains("[IIBENCH] the flush before the last round's size failed ("), refused.stdout());
    }
  }
}
