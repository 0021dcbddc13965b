package site.ycsbx.db.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.tools.Main;

/**
 * The shape checks JDBC has, on MongoDB: bin/ycsb's Main (in a subprocess where a run starts, in
 * this JVM for a refusal decided before it) against the in-process
 * server (or the real one {@link ServerChoice} names), which refuses to append one workload's documents into another's collection, to drop a
 * collection that is not the workload's, and to load the keys a collection already holds; the
 * documents are counted on the server afterwards.
 */
@Tag("process")
class DataSafetyTest {
  private static final String[] SMALL_IIBENCH = {"recordcount=1000", "iibench.batchsize=250", "iibench.reportseconds=0"};
  private static MongoUnderTest server;

  @BeforeAll
  static void start() {
    server = ServerChoice.mongod(TestServer::new);
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static Result main(String database, String command, String workload, String... props) {
    return JavaProcess.run(Main.class.getName(), args(database, command, workload, props));
  }

  private static String[] args(String database, String command, String workload, String... props) {
    List<String> args = new ArrayList<>(List.of(command, "mongodb", "-P", JavaProcess.workload(workload),
        "-p", "mongodb.url=" + server.url(database)));
    for (String p : props) {
      args.add("-p");
      args.add(p);
    }
    return args.toArray(new String[0]);
  }

  /** A command refused before its run starts: bin/ycsb's Main in this JVM, through its own entry point. */
  private static Result refused(String database, String command, String workload, String... props) {
    return InProcessMain.run(args(database, command, workload, props));
  }

  private static String[] with(String[] a, String... b) {
    List<String> out = new ArrayList<>(List.of(a));
    out.addAll(List.of(b));
    return out.toArray(new String[0]);
  }

  private static void assertRefused(Result r, int exit, String... expected) {
    assertEquals(exit, r.exitCode(), r.all());
    List<String> lines = r.stderrLines();
    assertEquals(1, lines.size(), "one line on stderr expected:\n" + r.all());
    for (String e : expected) {
      assertTrue(lines.get(0).contains(e), "'" + e + "' not in: " + lines.get(0));
    }
    assertFalse(r.all().contains("Exception"), r.all());
  }

  /** usertable holding iibench's rows (iibench.table=usertable), 1000 of them. */
  private static String usertableOfIIBenchRows() {
    String db = TestServer.freshDatabase();
    Result r = main(db, "load", "iibench", with(SMALL_IIBENCH, "iibench.table=usertable"));
    assertEquals(0, r.exitCode(), r.all());
    assertEquals(1000, server.count(db, "usertable"));
    return db;
  }

  @Test
  void ycsbRecordsAreNotAppendedToACollectionOfIIBenchRows() {
    String db = usertableOfIIBenchRows();
    Result r = refused(db, "load", "workloada", "recordcount=100");
    assertRefused(r, 1, "collection " + db + ".usertable holds 1000 documents with fields _id, cashregisterid,"
        + " customerid, dateandtime, price, productid (a sampled one) and indexes marketsegment",
        "not YCSB's records (_id and field0..field9)");
    assertEquals(1000, server.count(db, "usertable"));
  }

  @Test
  void ycsbxDropRefusesACollectionOfIIBenchRows() {
    String db = usertableOfIIBenchRows();
    Result r = refused(db, "load", "workloada", "recordcount=100", "ycsbx.drop=true");
    assertRefused(r, 2, "ycsbx.drop=true refused, nothing dropped: collection " + db + ".usertable holds 1000 documents",
        "not a collection of YCSB's core workloads");
    assertEquals(1000, server.count(db, "usertable"));
  }

  @Test
  void iibenchRowsAreNotAppendedToYcsbsCollectionNorDropItsCollection() {
    String db = TestServer.freshDatabase();
    Result load = main(db, "load", "workloada", "recordcount=300");
    assertEquals(0, load.exitCode(), load.all());

    Result append = refused(db, "load", "iibench", with(SMALL_IIBENCH, "iibench.table=usertable", "iibench.indexes=0"));
    assertRefused(append, 1, "collection " + db + ".usertable holds 300 documents with fields _id, field0",
        "not iibench's rows for iibench.paddingfields=0 (cashregisterid, customerid, dateandtime, price, productid)",
        "name another iibench.table");
    assertEquals(300, server.count(db, "usertable"));

    Result drop = refused(db, "load", "iibench", with(SMALL_IIBENCH, "iibench.table=usertable", "iibench.drop=true"));
    assertRefused(drop, 2, "iibench.drop=true refused, nothing dropped: collection " + db + ".usertable holds 300",
        "not an iibench collection");
    assertEquals(300, server.count(db, "usertable"));
  }

  @Test
  void paddedRowsAreNotAppendedToACollectionOfUnpaddedRows() {
    String db = TestServer.freshDatabase();
    assertEquals(0, main(db, "load", "iibench", SMALL_IIBENCH).exitCode());
    Result padded = refused(db, "load", "iibench", with(SMALL_IIBENCH, "iibench.paddingfields=2", "iibench.paddinglength=8"));
    assertRefused(padded, 1, "holds 1000 documents with fields _id, cashregisterid, customerid, dateandtime, price,"
        + " productid (a sampled one)", "not iibench's rows for iibench.paddingfields=2",
        "set iibench.paddingfields=0 to match, or iibench.drop=true");
    assertEquals(1000, server.count(db, "purchases_index"));
  }

  @Test
  void iibenchRowsOfAnotherPaddingAreRefusedAndDropStartsOver() {
    String db = TestServer.freshDatabase();
    Result padded = main(db, "load", "iibench", with(SMALL_IIBENCH, "iibench.paddingfields=2", "iibench.paddinglength=8"));
    assertEquals(0, padded.exitCode(), padded.all());

    Result unpadded = refused(db, "load", "iibench", SMALL_IIBENCH);
    assertRefused(unpadded, 1, "holds 1000 documents with fields _id, cashregisterid, customerid, dateandtime,"
        + " padding0, padding1, price, productid", "not iibench's rows for iibench.paddingfields=0",
        "set iibench.paddingfields=2 to match, or iibench.drop=true");
    assertEquals(1000, server.count(db, "purchases_index"));

    Result dropped = main(db, "load", "iibench", with(SMALL_IIBENCH, "recordcount=500", "iibench.drop=true"));
    assertEquals(0, dropped.exitCode(), dropped.all());
    assertEquals(500, server.count(db, "purchases_index"));
    try (var client = server.client()) {
      Document row = client.getDatabase(db).getCollection("purchases_index").find().first();
      assertFalse(row.containsKey("padding0"), row.toJson());
    }
  }

  @Test
  void aSecondLoadIsRefusedUpFrontAndYcsbxDropStartsOver() {
    String db = TestServer.freshDatabase();
    assertEquals(0, main(db, "load", "workloada", "recordcount=200").exitCode());
    Result again = refused(db, "load", "workloada", "recordcount=200");
    assertRefused(again, 1, "collection " + db + ".usertable (at " + MongoOptions.mask(server.url(db)) + ") already holds 200 records",
        "the first key this load would insert (insertstart=0)", "-p ycsbx.drop=true",
        "another database (mongodb.url)");
    assertFalse(again.stdout().contains("[INSERT]"), again.stdout());
    assertEquals(200, server.count(db, "usertable"));

    Result fresh = main(db, "load", "workloada", "recordcount=150", "ycsbx.drop=true");
    assertEquals(0, fresh.exitCode(), fresh.all());
    assertEquals(150, server.count(db, "usertable"));

    Result run = refused(db, "run", "workloada", "recordcount=150", "operationcount=50", "ycsbx.drop=true");
    assertRefused(run, 2, "ycsbx.drop=true drops YCSB's table before a load");
    assertEquals(150, server.count(db, "usertable"));
  }

  /** A collection of the user's own documents, not any workload's: 700 of {name, amount}. */
  private static String userData() {
    String db = TestServer.freshDatabase();
    try (var client = server.client()) {
      List<Document> docs = new ArrayList<>();
      for (int i = 0; i < 700; i++) {
        docs.add(new Document("name", "n" + i).append("amount", i % 97));
      }
      client.getDatabase(db).getCollection("mydata").insertMany(docs);
    }
    return db;
  }

  @Test
  void linkbenchAndFilemetaDropRefuseACollectionThatIsNotTheirs() {
    String db = userData();
    Result link = refused(db, "load", "linkbench-small", "linkbench.counttable=mydata", "linkbench.drop=true");
    assertRefused(link, 2, "linkbench.drop=true refused, nothing dropped: collection " + db + ".mydata holds 700"
        + " documents with fields _id, amount, name (a sampled one) and no secondary index", "not LinkBench's counttable");
    assertEquals(700, server.count(db, "mydata"));

    Result files = refused(db, "load", "filemeta", "filemeta.table=mydata", "filemeta.drop=true", "recordcount=100");
    assertRefused(files, 2, "filemeta.drop=true refused, nothing dropped: collection " + db + ".mydata holds 700",
        "not the filemeta spec's files");
    Result append = refused(db, "load", "filemeta", "filemeta.table=mydata", "recordcount=100");
    assertRefused(append, 1, "collection " + db + ".mydata holds 700", "name another filemeta.table");
    assertEquals(700, server.count(db, "mydata"));
    // nothing was created beside the user's collection, nor indexed in it
    try (var client = server.client()) {
      assertEquals(List.of("mydata"), client.getDatabase(db).listCollectionNames().into(new ArrayList<>()));
      assertEquals(List.of("_id_"), client.getDatabase(db).getCollection("mydata").listIndexes()
          .map(index -> index.getString("name")).into(new ArrayList<>()));
    }
    if (server instanceof TestServer recorded) {
      // the in-process server records what it received: the test's own insert is the only write on this database
      assertEquals(List.of("insert"), recorded.writes().stream().filter(c -> c.database().equals(db))
          .map(TestServer.Command::name).distinct().toList());
    }
  }

  /** The README's sequence, twice in one folder: the second load is refused, the run still works; drop starts over. */
  @Test
  void readmeLoadThenRunTwiceOnTheEmbeddedServer(@TempDir Path dir) {
    String[] common = {"-P", JavaProcess.workload("workloada"), "-p", EmbeddedServer.DIR_PROPERTY + "=" + dir,
        "-p", "recordcount=200", "-p", "operationcount=200"};
    Result load = embedded("load", common);
    assertEquals(0, load.exitCode(), load.all());
    assertEquals(0, embedded("run", common).exitCode());

    Result again = embedded("load", common);
    assertRefused(again, 1, "already holds 200 records", "-p ycsbx.drop=true", "another mongodb.embedded.dir");
    assertTrue(again.stdout().contains("[YCSB-X] opening " + dir + " ("), again.stdout());
    assertTrue(again.stdout().matches("(?s).*\\[YCSB-X\\] opened " + java.util.regex.Pattern.quote(dir.toString())
        + " in \\d+\\.\\d s\n.*"), again.stdout());
    Result run = embedded("run", common);
    assertEquals(0, run.exitCode(), run.all());
    assertTrue(run.stderr().contains("[ERRORS] OK: 200 operations, 0 failed"), run.stderr());

    List<String> dropping = new ArrayList<>(List.of(common));
    dropping.addAll(List.of("-p", "ycsbx.drop=true"));
    Result fresh = embedded("load", dropping.toArray(new String[0]));
    assertEquals(0, fresh.exitCode(), fresh.all());
    assertEquals(0, embedded("run", common).exitCode());
    assertEquals(200, EmbeddedEndToEndTest.documentsIn(dir, "usertable"));
  }

  private static Result embedded(String command, String... args) {
    List<String> all = new ArrayList<>(List.of(command, "mongodb-embedded"));
    all.addAll(List.of(args));
    return JavaProcess.run(Main.class.getName(), all.toArray(new String[0]));
  }
}
