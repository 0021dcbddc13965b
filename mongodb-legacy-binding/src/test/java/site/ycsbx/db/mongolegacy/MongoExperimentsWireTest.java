package site.ycsbx.db.mongolegacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static site.ycsbx.testing.OneLineError.assertOneLineError;

import de.bwaldvogel.mongo.bson.Document;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.db.mongodb.LegacyWireFront;
import site.ycsbx.db.mongodb.TestServer;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.ShippedExperiments;

/**
 * experiments/insert-benchmark's MongoDB and TokuMX targets as a user turns them on
 * ({@code -p mongodb=true}, the URL variables, {@code -p targets=}), each cell a JVM of its own
 * with both drivers on its class path, against servers posing as what each target's name claims:
 * MongoDB 2.6 journaled and started without a journal (driver 4.7), 2.4 and TokuMX (driver 3.5
 * through the legacy front). Every cell finishes, the table per size has every target, and the
 * wire shows the name's claim: the setParameter each target's cells sent before them, the write
 * concern on every write, a database per collection for -10db. A server that is not what a name
 * claims is refused at the check, naming what it says.
 */
@Tag("slow")
class MongoExperimentsWireTest {
  private static final List<String> TARGETS = List.of("mongo26-1db-noj", "mongo26-10db-sync", "mongo24-1db-lazy",
      "tokumx-sync");

  @TempDir
  Path tmp;
  private int runs;

  /** A URL variable's value: the server, without a database (each target appends its own). */
  private static String server(String url) {
    return url.substring(0, url.lastIndexOf('/'));
  }

  private Result experiment(String name, String... more) throws IOException {
    List<String> args = new ArrayList<>(List.of("experiment", ShippedExperiments.copy(tmp, name).toString(), "--out",
        tmp.resolve("out" + ++runs).toString(), "-p", "mongodb=true",
        // the MariaDB targets' account: no binding on this class path reads it (bin/ycsb's has jdbc, which does)
        "-p", "db.user=", "-p", "db.passwd="));
    args.addAll(List.of(more));
    return InProcessMain.run(args.toArray(new String[0]));
  }

  private static Document journalOff() {
    return new Document("journal", new Document("enabled", false));
  }

  /** A command document's fields as {@code k=v, ...}, the command's own name and the driver's ($db, lsid) left out. */
  private static String fields(Document d, String command) {
    List<String> out = new ArrayList<>();
    d.forEach((k, v) -> {
      if (!k.equals(command) && !k.startsWith("$") && !k.equals("lsid")) {
        out.add(k + "=" + (v instanceof Document inner ? "{" + fields(inner, "") + "}" : v));
      }
    });
    return String.join(", ", out);
  }

  /** The write concerns of the inserts one database received, each once. */
  private static List<String> writes(TestServer s, String database) {
    return s.commands().stream().filter(c -> c.database().equals(database) && c.name().equalsIgnoreCase("insert"))
        .map(c -> "insert " + fields((Document) c.body().get("writeConcern"), "")).distinct().toList();
  }

  /** Every setParameter the server received, in order. */
  private static List<String> setParameters(TestServer s) {
    return s.commands().stream().filter(c -> c.name().equalsIgnoreCase("setParameter"))
        .map(c -> fields(c.body(), c.name())).toList();
  }

  @Test
  void theLoadOfEachMongoDbTargetRunsAsItsNameSays() throws IOException {
    try (TestServer v26 = TestServer.posingAsVersion("2.6.12", null);
        TestServer v26noj = TestServer.posingAsVersion("2.6.12", null).startedWith("storage", journalOff());
        TestServer v24 = TestServer.posingAsLegacy("2.4.14", null); LegacyWireFront front24 = new LegacyWireFront(v24);
        TestServer toku = TestServer.posingAsLegacy("2.4.10", "2.0.2");
        LegacyWireFront frontToku = new LegacyWireFront(toku)) {
      Result r = experiment("insert-benchmark", "--steps", "load", "-p", "scale=1", "-p", "targets="
          + String.join(",", TARGETS), "-p", "mongo26=" + server(v26.url("x")), "-p", "mongo26noj="
          + server(v26noj.url("x")), "-p", "mongo24=" + server(front24.url("x")), "-p", "tokumx="
          + server(frontToku.url("x")));
      assertEquals(0, r.exitCode(), r.all());
      assertFalse(r.all().contains("FAILED"), r.all());
      // each target's check read what its name claims before any cell
      assertTrue(r.stdout().contains("[EXPERIMENT] target mongo26-1db-noj: MongoDB 2.6.12, mmapv1 (implied by version"
          + " 2.6.12); as expected (3 entries)"), r.stdout());
      assertTrue(r.stdout().contains("[EXPERIMENT] target mongo26-10db-sync: MongoDB 2.6.12, mmapv1 (implied by version"
          + " 2.6.12); as expected (4 entries)"), r.stdout());
      assertTrue(r.stdout().contains("[EXPERIMENT] target mongo24-1db-lazy: MongoDB 2.4.14, mmapv1 (implied by version"
          + " 2.4.14); as expected (4 entries)"), r.stdout());
      assertTrue(r.stdout().contains("[EXPERIMENT] target tokumx-sync: TokuMX 2.0.2 (MongoDB 2.4.10 compatible), TokuMX"
          + " fractal tree (implied by tokumxVersion 2.0.2); as expected (2 entries)"), r.stdout());
      // the table per size: 4 sizes of 6250 rows, every target in each
      for (int size = 1; size <= 4; size++) {
        String table = sizeTable(r.stdout(), size * 6250);
        for (String t : TARGETS) {
          assertTrue(table.lines().anyMatch(l -> l.matches(".*\\d \\Q" + t + "\\E$")), t + " at " + size * 6250
              + ":\n" + table);
        }
      }

      // nojournal: nothing set before its cells, every write {w: 1, j: false}, one database
      assertEquals(List.of(), setParameters(v26noj));
      assertEquals(List.of("insert w=1, j=false"), writes(v26noj, "ibench_mongo26_1db_noj"));
      // sync: the 2 ms interval set before its check and its cell, every write journaled, each collection's database
      assertEquals(List.of("journalCommitInterval=2", "journalCommitInterval=2"),
          setParameters(v26));
      assertEquals(List.of("insert w=1, j=true"), writes(v26, "ibench_mongo26_10db_sync_purchases_index_0"));
      assertEquals(List.of(), writes(v26, "ibench_mongo26_10db_sync"));
      // 2.4 through driver 3.5: OP_INSERT of each transaction, then getLastError with the write concern
      assertEquals(List.of("journalCommitInterval=300", "journalCommitInterval=300"),
          setParameters(v24));
      assertLegacyWrites(front24.received(), "ibench_mongo24_1db_lazy.purchases_index_0", "getlasterror {\"w\": 1}");
      assertEquals(List.of("logFlushPeriod=0", "logFlushPeriod=0"), setParameters(toku));
      assertLegacyWrites(frontToku.received(), "ibench_tokumx_sync.purchases_index_0",
          "getlasterror {\"w\": 1, \"j\": true}");
    }
  }

  /**
   * Every step of the file on the post's shape: 3 clients each on its own collection, each in its
   * own database (-10db), and TokuMX through the legacy front: the load, the index build after it,
   * inserts with deletes, and inserts at a fixed rate beside range and point queries.
   */
  @Test
  void everyStepRunsWithAClientPerCollectionAndADatabasePerCollection() throws IOException {
    try (TestServer v26 = TestServer.posingAsVersion("2.6.12", null);
        TestServer toku = TestServer.posingAsLegacy("2.4.10", "2.0.2");
        LegacyWireFront frontToku = new LegacyWireFront(toku)) {
      // l.i1 and l.i2 shorter than scale=1's (2500 and 500 rows): each transaction's delete is what they add
      Result r = experiment("insert-benchmark", "-p", "scale=1", "-p", "seconds=1", "-p", "step.load.threads=3",
          "-p", "step.li1.iibench.rows=500", "-p", "step.li1.iibench.roundrows=500", "-p", "step.li2.iibench.rows=50",
          "-p", "step.li2.iibench.roundrows=50", "-p", "targets=mongo26-10db-lazy,tokumx-lazy",
          "-p", "mongo26=" + server(v26.url("x")), "-p", "tokumx=" + server(frontToku.url("x")));
      assertEquals(0, r.exitCode(), r.all());
      assertFalse(r.all().contains("FAILED"), r.all());
      for (int size = 1; size <= 4; size++) {
        String table = sizeTable(r.stdout(), size * 6250);
        assertTrue(table.contains(" mongo26-10db-lazy\n") && table.contains(" tokumx-lazy\n"), table);
      }
      for (String step : List.of("load", "lx", "li1", "li2", "qr100", "qp100")) {
        String table = stepTable(r.stdout(), step);
        for (String t : List.of("mongo26-10db-lazy", "tokumx-lazy")) {
          assertTrue(table.lines().anyMatch(l -> l.startsWith("[EXPERIMENT] " + t + " ")), step + ", " + t + ":\n"
              + table);
        }
      }
      // each of the 3 clients' collections in its database; the index build's step has one client
      assertEquals(List.of("insert w=1, j=false"), writes(v26, "ibench_mongo26_10db_lazy_ibench_lx_0"));
      for (int client = 0; client < 3; client++) {
        assertEquals(List.of("insert w=1, j=false"), writes(v26, "ibench_mongo26_10db_lazy_purchases_index_" + client));
        String namespace = "OP_INSERT ibench_tokumx_lazy.purchases_index_" + client + " ";
        assertTrue(frontToku.received().stream().anyMatch(l -> l.startsWith(namespace)), frontToku.received().toString());
      }
      // l.i1 and l.i2 delete from the first client's collection, in its own database
      assertTrue(v26.commands().stream().anyMatch(c -> c.name().equals("delete")
          && c.database().equals("ibench_mongo26_10db_lazy_purchases_index_0")), v26.commandNames(
          "ibench_mongo26_10db_lazy_purchases_index_0").toString());
      // the lazy interval before each of the target's 6 cells and its check
      assertEquals(7, setParameters(v26).size(), setParameters(v26).toString());
      assertTrue(setParameters(v26).stream().allMatch(p -> p.equals("journalCommitInterval=300")), setParameters(v26)
          .toString());
    }
  }

  /** The lines of a step's own table. */
  private static String stepTable(String stdout, String step) {
    String title = "[EXPERIMENT] step " + step + " (";
    int at = stdout.indexOf(title);
    assertTrue(at >= 0, title + " in\n" + stdout);
    int end = stdout.indexOf("[EXPERIMENT] step ", at + title.length());
    return stdout.substring(at, end < 0 ? stdout.length() : end);
  }

  private static void assertLegacyWrites(List<String> wire, String namespace, String concern) {
    List<Integer> inserts = new ArrayList<>();
    for (int i = 0; i < wire.size(); i++) {
      if (wire.get(i).startsWith("OP_INSERT " + namespace + " ")) {
        inserts.add(i);
        assertEquals(concern, wire.get(i + 1), wire.toString());
      }
    }
    // 25000 rows in transactions of 1000
    assertEquals(25, inserts.size(), wire.toString());
  }

  /** The lines of the table per size at {@code rows}. */
  private static String sizeTable(String stdout, int rows) {
    String title = "[EXPERIMENT] step load at " + rows + " rows inserted by the load";
    int at = stdout.indexOf(title);
    assertTrue(at >= 0, title + " in\n" + stdout);
    int end = stdout.indexOf("[EXPERIMENT] step ", at + title.length());
    return stdout.substring(at, end < 0 ? stdout.length() : end);
  }

  @Test
  void aServerThatIsNotWhatTheNameClaimsIsRefusedAtTheCheck() throws IOException {
    try (TestServer v26noj = TestServer.posingAsVersion("2.6.12", null).startedWith("storage", journalOff());
        TestServer v26 = TestServer.posingAsVersion("2.6.12", null)) {
      // the journaled targets' variable pointed at the server without a journal
      Result lazy = experiment("insert-benchmark", "--check", "-p", "targets=mongo26-1db-lazy", "-p", "mongo26="
          + server(v26noj.url("x")));
      assertOneLineError(lazy, 2, "target mongo26-1db-lazy expects server.read.journal=on, but its server says"
          + " server.read.journal=off (storage.journal.enabled=false)");
      // a 2.4 target at a 2.6 server: the legacy binding refuses it, naming the binding that reaches it
      Result v24 = experiment("insert-benchmark", "--check", "-p", "targets=mongo24-1db-sync", "-p", "mongo24="
          + server(v26.url("x")));
      assertOneLineError(v24, 2, "target mongo24-1db-sync (load mongodb-legacy): MongoDB at", "is version 2.6.12",
          "use the mongodb binding");
      assertFalse(Files.exists(tmp.resolve("out1")) || Files.exists(tmp.resolve("out2")));
    }
  }

  /**
   * experiments/sysbench-engines' TokuMXse target (MongoDB 3.0 with the tokuft engine) on a server
   * posing as one: its check, then its load and range step, each range a find of 1000 documents
   * from a drawn _id on, in _id order, as sysbench-mongodb's "limit 1000"; at a WiredTiger server
   * the same target is refused. TokuMX (a 2.4 fork: mongodb-legacy), turned on, on a server posing
   * as it: its load and OLTP step, each transaction between beginTransaction and commitTransaction.
   */
  @Test
  void sysbenchOnTokuMXseAndTokuMXAsSysbenchMongodbRanIt() throws IOException {
    try (TestServer tokuft = TestServer.posingAsVersion("3.0.15", "tokuft");
        TestServer wiredTiger = TestServer.posingAsVersion("3.0.15", "wiredTiger")) {
      Result r = experiment("sysbench-engines", "--steps", "load,range", "-p", "targets=tokumxse", "-p", "tables=1",
          "-p", "seconds=1", "-p", "tokumxse=" + server(tokuft.url("x")));
      assertEquals(0, r.exitCode(), r.all());
      assertTrue(r.stdout().contains("[EXPERIMENT] target tokumxse: MongoDB 3.0.15, tokuft; as expected (2 entries)"),
          r.stdout());
      assertTrue(r.stdout().contains("[EXPERIMENT] step range (run, threads 4, 1 repeat)"), r.stdout());
      // the range step's finds (the load's checks sample a document with limit 1 and no filter)
      List<Document> ranges = tokuft.commands().stream().filter(c -> c.database().equals("sbtest_tokumxse")
          && c.name().equals("find") && c.body().get("filter") instanceof Document f && f.containsKey("_id"))
          .map(TestServer.Command::body).toList();
      assertFalse(ranges.isEmpty(), tokuft.commands().toString());
      for (Document find : ranges) {
        assertEquals("sbtest1", find.get("find"));
        assertEquals(1000, ((Number) find.get("limit")).intValue(), find.toString());
        assertEquals("_id=1", fields((Document) find.get("sort"), ""), find.toString());
        assertEquals(List.of("$gte"), List.copyOf(((Document) ((Document) find.get("filter")).get("_id")).keySet()),
            find.toString());
      }

      Result wrong = experiment("sysbench-engines", "--check", "-p", "targets=tokumxse", "-p", "tokumxse="
          + server(wiredTiger.url("x")));
      assertOneLineError(wrong, 2, "target tokumxse expects storage.engine=tokuft, but its server says"
          + " storage.engine=wiredTiger");
    }
    try (TestServer toku = TestServer.posingAsLegacy("2.4.10", "2.0.2");
        LegacyWireFront front = new LegacyWireFront(toku)) {
      Result r = experiment("sysbench-engines", "--steps", "load,oltp", "-p", "mongodb=true", "-p",
          "targets=tokumx", "-p", "tables=1", "-p", "seconds=1", "-p", "step.oltp.threads=2", "-p",
          "tokumx=" + server(front.url("x")));
      assertEquals(0, r.exitCode(), r.all());
      assertTrue(r.stdout().contains("[EXPERIMENT] target tokumx: TokuMX 2.0.2"), r.stdout());
      assertTrue(front.byConnection().values().stream().anyMatch(l -> l.contains("commitTransaction")),
          front.byConnection().toString());
    }
  }

  /** An off target's server is not contacted: nothing listens at its URL, and the check passes without it. */
  @Test
  void anOffTargetsServerIsNotContacted() throws IOException {
    try (TestServer v26 = TestServer.posingAsVersion("2.6.12", null)) {
      Path file = tmp.resolve("two");
      Files.writeString(file, String.join("\n", "var.other=false", "targets=on,off", "target.on.binding=mongodb",
          "target.on.mongodb.url=" + v26.url("h_mongo_on"), "target.off.enabled=${other}", "target.off.binding=mongodb",
          "target.off.mongodb.url=mongodb://127.0.0.1:1/h_mongo_off", "steps=load", "step.load.command=load",
          "step.load.P=" + site.ycsbx.testing.JavaProcess.workload("iibench")) + "\n");
      Result ok = InProcessMain.run("experiment", file.toString(), "--check");
      assertEquals(0, ok.exitCode(), ok.all());
      assertTrue(ok.stdout().contains("[EXPERIMENT] note: target off is off (not checked against a server, no cells);"
          + " -p other=true turns it on"), ok.stdout());
      assertTrue(ok.stdout().contains("[EXPERIMENT] target on: MongoDB 2.6.12"), ok.stdout());
      Result on = InProcessMain.run("experiment", file.toString(), "--check", "-p", "other=true");
      assertOneLineError(on, 1, "target off (load mongodb): cannot reach MongoDB at mongodb://127.0.0.1:1/h_mongo_off");
    }
  }
}
