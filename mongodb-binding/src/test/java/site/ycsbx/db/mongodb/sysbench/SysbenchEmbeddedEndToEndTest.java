package site.ycsbx.db.mongodb.sysbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bson.Document;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.db.mongodb.EmbeddedServer;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.tools.Main;

/**
 * {@code bin/ycsb load mongodb-embedded -P workloads/sysbench} then {@code run} end to end (Main in
 * fresh JVMs, one data folder): the load's rows and k index, the OLTP transaction with each step
 * alone (mongo-java-server has no transactions) and sysbench's report, the verification after
 * both, and a run of the secondary-key point selects; the collections read back afterwards.
 */
@Tag("process")
class SysbenchEmbeddedEndToEndTest {
  private static Result ycsb(String command, String workload, Path data, String... props) {
    List<String> args = new ArrayList<>(List.of(command, "mongodb-embedded", "-P", JavaProcess.workload(workload),
        "-p", EmbeddedServer.DIR_PROPERTY + "=" + data, "-p", "sysbench.table_size=2000", "-p", "sysbench.tables=2",
        "-p", "sysbench.verify=true"));
    args.addAll(Arrays.asList(props));
    return JavaProcess.run(Main.class.getName(), args.toArray(new String[0]));
  }

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

  /** The operations that ended OK and those that failed: every one the workload started. */
  private static long started(String stdout, String op) {
    return operations(stdout, op) + Math.max(0, operations(stdout, op + "-FAILED"));
  }

  /** A count under "queries performed:" in sysbench's report (read, write or other). */
  private static long performed(String stdout, String kind) {
    Matcher m = Pattern.compile("\n {8}" + kind + ": +(\\d+)\n").matcher(stdout);
    assertTrue(m.find(), kind + " in " + stdout);
    return Long.parseLong(m.group(1));
  }

  private static void assertOk(Result r) {
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.stderr().contains("[ERRORS] OK:"), r.stderr());
    assertFalse(r.all().contains("Exception"), r.all());
  }

  @Test
  void loadThenRunTheOltpTransactionAndTheSecondaryPointSelects(@TempDir Path dir) {
    Path data = dir.resolve("data");
    Result load = ycsb("load", "sysbench", data, "-threads", "2");
    assertOk(load);
    assertTrue(load.stdout().contains("sysbench.transactions : auto: each step alone (a standalone server, neither a"
        + " replica set member nor a mongos), as sysbench-mongodb\n"), load.stdout());
    assertTrue(load.stdout().contains("[SYSBENCH] loaded 4000 rows into 2 tables"), load.stdout());
    assertEquals(2, operations(load.stdout(), "CREATE_INDEX"), load.stdout());
    assertTrue(load.stdout().contains("[SYSBENCH-VERIFY] 2 tables, ids 1..2000 once each, k index agrees: OK"),
        load.stdout());

    Result run = ycsb("run", "sysbench", data, "-threads", "2", "-p", "maxexecutiontime=3");
    assertOk(run);
    assertTrue(run.stdout().contains("SQL statistics:\n"), run.stdout());
    // every transaction started, whether it ended OK or in an ignored error: without a transaction two
    // threads that draw the same id for DELETE_INSERT can both delete it and both insert it, and the
    // second insert's duplicate key ends its transaction as an ignored error after its point selects
    long transactions = started(run.stdout(), "TRANSACTION");
    assertTrue(operations(run.stdout(), "TRANSACTION") > 0, run.stdout());
    assertEquals(10 * transactions, operations(run.stdout(), "POINT_SELECT"), run.stdout());
    // no BEGIN or COMMIT was sent (each step alone), so none is counted, and the report says why; they
    // were counted as 2 a transaction before. Without a transaction an UPDATE can find its row gone (another
    // thread's DELETE_INSERT between the two), which sysbench counts as "other": each UPDATE started is write or
    // other, each DELETE_INSERT that ended OK two writes, and other stays far below the 2 a transaction BEGIN
    // and COMMIT would add
    long other = performed(run.stdout(), "other");
    assertEquals(started(run.stdout(), "INDEX_UPDATE") + started(run.stdout(), "NON_INDEX_UPDATE")
        + 2 * operations(run.stdout(), "DELETE_INSERT"), performed(run.stdout(), "write") + other, run.stdout());
    assertTrue(other < transactions, run.stdout());
    assertTrue(run.stdout().contains("    (other counts only statements sent: the steps of "), run.stdout());
    for (String op : List.of("SIMPLE_RANGE", "SUM_RANGE", "ORDER_RANGE", "DISTINCT_RANGE", "INDEX_UPDATE",
        "NON_INDEX_UPDATE", "DELETE_INSERT")) {
      assertEquals(transactions, started(run.stdout(), op), op + " in " + run.stdout());
    }
    assertTrue(run.stdout().contains("[SYSBENCH-VERIFY] 2 tables, ids 1..2000 once each, k index agrees: OK"),
        run.stdout());

    Result secondary = ycsb("run", "sysbench-point-secondary", data, "-p", "maxexecutiontime=1");
    assertOk(secondary);
    assertTrue(operations(secondary.stdout(), "POINT_SELECT") > 0, secondary.stdout());

    List<Object> stored = inEmbedded(data, db -> {
      List<Object> out = new ArrayList<>();
      for (String t : List.of("sbtest1", "sbtest2")) {
        out.add(db.getCollection(t).countDocuments());
        out.add(db.getCollection(t).listIndexes().into(new ArrayList<>()).stream()
            .anyMatch(i -> ("k_" + t.substring(6)).equals(i.getString("name"))
                && new Document("k", 1).equals(i.get("key"))));
      }
      return out;
    });
    assertEquals(List.of(2000L, true, 2000L, true), stored);
  }
}
