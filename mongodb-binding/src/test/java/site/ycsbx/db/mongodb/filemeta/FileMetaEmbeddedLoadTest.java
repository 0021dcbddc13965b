package site.ycsbx.db.mongodb.filemeta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Date;
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
 * {@code bin/ycsb load mongodb-embedded -P workloads/filemeta} and a run of each run file end to
 * end (Main in fresh JVMs on one persistent embedded server), checked on the stored collection.
 */
@Tag("process")
class FileMetaEmbeddedLoadTest {
  private static final int FILES = 3000;
  private static final Date LOADED_UNTIL = new Date(1_293_840_000_000L);

  private static <T> T inEmbedded(Path dir, Function<MongoCollection<Document>, T> read) {
    MongoServer s = new MongoServer(new H2Backend(dir.resolve(EmbeddedServer.FILE_NAME).toString()));
    try {
      s.bind("127.0.0.1", 0);
      try (MongoClient c = MongoClients.create("mongodb://127.0.0.1:" + s.getLocalAddress().getPort())) {
        return read.apply(c.getDatabase(EmbeddedServer.DATABASE).getCollection("files"));
      }
    } finally {
      s.shutdownNow();
    }
  }

  private static Result ycsb(Path data, String phase, String workload, String... more) {
    List<String> args = new ArrayList<>(List.of(phase, "mongodb-embedded", "-P", JavaProcess.workload(workload),
        "-p", "recordcount=" + FILES, "-p", "filemeta.users=100", "-p", EmbeddedServer.DIR_PROPERTY + "=" + data));
    args.addAll(List.of(more));
    Result r = JavaProcess.run(Main.class.getName(), args.toArray(new String[0]));
    assertEquals(0, r.exitCode(), workload + ": " + r.all());
    return r;
  }

  private static long ops(Result r, String op) {
    Matcher m = Pattern.compile("\\[" + op + "\\], Return=OK, (\\d+)").matcher(r.stdout());
    return m.find() ? Long.parseLong(m.group(1)) : 0;
  }

  @Test
  void loadThenEachRunFile(@TempDir Path dir) {
    Path data = dir.resolve("data");
    Result load = ycsb(data, "load", "filemeta", "-p", "filemeta.verify=true", "-threads", "2");
    assertTrue(load.stdout().contains("[FILEMETA] loaded 3000 of 3000 files into files"), load.stdout());
    assertTrue(load.stdout().contains("against the generator (seed 0): OK"), load.stdout());
    long deleted = inEmbedded(data, files -> {
      assertEquals(FILES, files.countDocuments());
      assertEquals(0, files.countDocuments(Filters.or(Filters.lt("path", ""), Filters.gt("last_updated", LOADED_UNTIL),
          Filters.lt("server_id", 0), Filters.gt("server_id", 32))));
      for (Document f : files.find().limit(200)) {
        assertTrue(f.get("_id") instanceof Long && f.get("user_id") instanceof Long, f.toJson());
        assertTrue(!f.getDate("created").after(f.getDate("last_updated")), f.toJson());
        int len = f.getString("path").length();
        assertTrue(len >= 32 && len <= 128, f.toJson());
      }
      return files.countDocuments(Filters.eq("deleted", 1));
    });
    assertTrue(deleted > 10 && deleted < 50, "about 1% of 3000: " + deleted);

    assertEquals(100, ops(ycsb(data, "run", "filemeta-latest", "-p", "operationcount=100"), "LATEST_BY_USER"));
    assertEquals(100, ops(ycsb(data, "run", "filemeta-count", "-p", "operationcount=100"), "COUNT_DELETED"));
    Result rw = ycsb(data, "run", "filemeta-readwrite", "-p", "maxexecutiontime=2", "-threads", "2");
    long inserted = ops(rw, "INSERT_FILE");
    long marked = ops(rw, "DELETE_FILE");
    assertTrue(inserted > 0 && ops(rw, "UPDATE_FILE") > 0 && ops(rw, "LATEST_BY_USER") > 0, rw.stdout());
    inEmbedded(data, files -> {
      assertEquals(FILES + inserted, files.countDocuments(), "every acknowledged insert is there");
      long nowDeleted = files.countDocuments(Filters.eq("deleted", 1));
      assertTrue(nowDeleted > deleted && nowDeleted <= deleted + marked, nowDeleted + " after " + marked);
      assertTrue(files.countDocuments(Filters.and(Filters.lt("_id", (long) FILES),
          Filters.gt("last_updated", LOADED_UNTIL))) > 0, "updates touched loaded files");
      return null;
    });
  }
}
