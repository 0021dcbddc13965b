package site.ycsbx.db.mongodb;

import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Updates.set;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.bson.Document;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.tools.Main;

/**
 * {@code bin/ycsb verify mongodb -P workloads/filemeta} on files a load stored (a subprocess) in
 * the in-process server, the verifies in this JVM: intact files agree (in full, and sampled when
 * told, saying so); a file deleted at random, a file's owner changed and a file the generator does
 * not make are named (exit 1); nothing is written.
 */
@Tag("process")
class FileMetaVerifyOnMongoTest {
  private static final int FILES = 12_000;

  private static Result verify(TestServer server, String db, String... props) {
    List<String> args = new ArrayList<>(List.of("verify", "mongodb", "-P", JavaProcess.workload("filemeta"), "-p",
        "mongodb.url=" + server.url(db), "-p", "recordcount=" + FILES, "-p", "filemeta.users=500"));
    for (String p : props) {
      args.add("-p");
      args.add(p);
    }
    return InProcessMain.run(args.toArray(new String[0]));
  }

  private static void assertNamed(Result r, String named) {
    assertEquals(Main.EXIT_RUN_FAILED, r.exitCode(), r.all());
    assertTrue(r.stdout().contains("[FILEMETA-VERIFY] MISMATCH " + named), named + ": " + r.stdout());
  }

  @Test
  void missingChangedAndExtraFilesAreNamed() throws Exception {
    try (TestServer server = new TestServer(); MongoClient c = server.client()) {
      String db = TestServer.freshDatabase();
      Result loaded = JavaProcess.run(Main.class.getName(), "load", "mongodb", "-P", JavaProcess.workload("filemeta"),
          "-p", "mongodb.url=" + server.url(db), "-p", "recordcount=" + FILES, "-p", "filemeta.users=500");
      assertEquals(0, loaded.exitCode(), loaded.all());

      Result ok = verify(server, db);
      assertEquals(0, ok.exitCode(), ok.all());
      assertTrue(ok.stdout().contains("[VERIFY] OK: 12000 files: ids, 500 users and 33 servers counted in full, 12000"
          + " files compared column by column; nothing was written"), ok.stdout());
      Result sampled = verify(server, db, "filemeta.verifyfiles=0");
      assertEquals(0, sampled.exitCode(), sampled.all());
      assertTrue(sampled.stdout().contains("; sampled 1 of 2 id ranges (50.0% of files) column by column; --full (or"
          + " filemeta.verifyfiles=12000) checks all;"), sampled.stdout());

      MongoCollection<Document> files = c.getDatabase(db).getCollection("files");
      Random random = new Random();
      long gone = 10_000 + random.nextInt(2_000); // outside the sampled first range
      Document saved = files.find(eq("_id", gone)).first();
      assertEquals(1, files.deleteOne(eq("_id", gone)).getDeletedCount());
      assertNamed(verify(server, db, "filemeta.verifyfiles=0"), "file " + gone + ": missing");
      files.insertOne(saved);

      long owner = random.nextInt(FILES);
      long user = ((Number) files.find(eq("_id", owner)).first().get("user_id")).longValue();
      files.updateOne(eq("_id", owner), set("user_id", user + 1));
      assertNamed(verify(server, db), "file " + owner + ": user_id " + (user + 1) + " (generated " + user + ")");
      files.updateOne(eq("_id", owner), set("user_id", user));

      files.insertOne(new Document(saved).append("_id", (long) FILES));
      assertNamed(verify(server, db), "file " + FILES + ": stored, but the generator makes ids 0..11999 only");
      assertEquals(FILES + 1, files.countDocuments(), "verify wrote nothing");
    }
  }
}
