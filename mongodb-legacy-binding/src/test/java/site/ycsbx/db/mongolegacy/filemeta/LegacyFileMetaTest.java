package site.ycsbx.db.mongolegacy.filemeta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static site.ycsbx.testing.OneLineError.assertOneLineError;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.mongodb.LegacyWireFront;
import site.ycsbx.db.mongodb.TestServer;
import site.ycsbx.shaded.mongo35.com.mongodb.BasicDBObject;
import site.ycsbx.shaded.mongo35.com.mongodb.DBCollection;
import site.ycsbx.shaded.mongo35.com.mongodb.DBObject;
import site.ycsbx.shaded.mongo35.com.mongodb.MongoClient;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.tools.Main;

/**
 * filemeta through {@code bin/ycsb} on mongodb-legacy, against the server posing as MongoDB 2.4
 * behind the legacy wire front: a load (one unordered OP_INSERT a batch, the spec's indexes), a
 * verify of it (the counts by the count command, the per-user and per-server sums by 2.4's inline
 * aggregate), a run; a sharded load is refused in one line naming the mongodb binding.
 */
@Tag("process")
class LegacyFileMetaTest {
  private static final int FILES = 3_000;

  private static String[] args(String command, String url, String... props) {
    List<String> args = new ArrayList<>(List.of(command, "mongodb-legacy", "-P", JavaProcess.workload("filemeta"),
        "-p", "mongodb.url=" + url, "-p", "recordcount=" + FILES, "-p", "filemeta.users=100"));
    for (String p : props) {
      args.add("-p");
      args.add(p);
    }
    return args.toArray(new String[0]);
  }

  @Test
  void loadsVerifiesAndRunsOnTheTwoFourPose() {
    try (TestServer server = TestServer.posingAsLegacy("2.4.14", null); LegacyWireFront front =
        new LegacyWireFront(server)) {
      String database = TestServer.freshDatabase();
      String url = front.url(database);
      Result loaded = JavaProcess.run(Main.class.getName(), args("load", url));
      assertEquals(0, loaded.exitCode(), loaded.all());
      try (MongoClient c = new MongoClient("127.0.0.1", front.port())) {
        DBCollection files = c.getDB(database).getCollection("files");
        assertEquals(FILES, files.count());
        Set<String> indexes = new TreeSet<>();
        for (DBObject index : files.getIndexInfo()) {
          indexes.add(String.valueOf(index.get("name")));
        }
        assertEquals(4, indexes.size(), indexes.toString());
        assertTrue(front.received().stream().anyMatch(l -> l.startsWith("OP_INSERT " + database + ".files ")),
            front.received().toString());

        Result ok = InProcessMain.run(args("verify", url));
        assertEquals(0, ok.exitCode(), ok.all());
        assertTrue(ok.stdout().contains("[VERIFY] OK: " + FILES + " files: ids, 100 users and"), ok.stdout());

        long gone = FILES / 2;
        assertEquals(1, files.remove(new BasicDBObject("_id", gone)).getN());
        Result missing = InProcessMain.run(args("verify", url));
        assertEquals(Main.EXIT_RUN_FAILED, missing.exitCode(), missing.all());
        assertTrue(missing.stdout().contains("[FILEMETA-VERIFY] MISMATCH file " + gone + ": missing"),
            missing.stdout());
      }

      Result run = JavaProcess.run(Main.class.getName(), args("run", url, "operationcount=300"));
      assertEquals(0, run.exitCode(), run.all());
    }
  }

  @Test
  void aShardedLoadIsRefusedNamingTheMongodbBinding() {
    try (TestServer server = TestServer.posingAsLegacy("2.4.14", null); LegacyWireFront front =
        new LegacyWireFront(server)) {
      Result r = InProcessMain.run(args("load", front.url(TestServer.freshDatabase()), "filemeta.shard=true"));
      assertOneLineError(r, 2, "filemeta.shard=true is not served by mongodb-legacy", "the mongodb binding");
    }
  }
}
