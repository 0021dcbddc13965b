package site.ycsbx.db.jdbc.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.jdbc.TestDatabase;
import site.ycsbx.db.jdbc.clients.ClientProcesses.Run;
import site.ycsbx.testing.JavaProcess;

/**
 * Three client processes load filemeta's files and insert new ones together.
 * Started as the Docker image starts them ({@link ClientProcesses}).
 */
@Tag("slow")
class ManyClientsFileMetaTest extends ManyClientsFixture {
  /**
   * filemeta: three clients load the files one loader makes (ids 0..files-1, each once), then
   * insert new files together without colliding ids.
   */
  @Test
  void threeClientsLoadFileMetaAndInsertWithoutCollidingIds() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      List<String> load = new ArrayList<>(List.of("load", "jdbc", "-P", JavaProcess.workload("filemeta"), "-p",
          "recordcount=6000", "-p", "filemeta.users=200", "-p", "filemeta.batchsize=500", "-threads", "2"));
      load.addAll(db.options());
      List<Run> loaded = clients.together(load);
      for (Run r : loaded) {
        assertTrue(r.stdout().contains("[FILEMETA] loaded 2000 of 2000 files into files"), r.stdout());
        assertEquals(4, ClientProcesses.okCount(r.stdout(), "LOAD_FILES"), r.stdout());
      }
      assertEquals(6000, ClientProcesses.query(db, "SELECT COUNT(*) FROM files"));
      assertEquals(6000, ClientProcesses.query(db, "SELECT COUNT(DISTINCT id) FROM files"));
      assertEquals(5999, ClientProcesses.query(db, "SELECT MAX(id) FROM files"));

      List<String> run = new ArrayList<>(List.of("run", "jdbc", "-P", JavaProcess.workload("filemeta-readwrite"), "-p",
          "recordcount=6000", "-p", "filemeta.users=200", "-p", "operationcount=1500", "-p", "maxexecutiontime=0",
          "-p", "filemeta.insertproportion=0.5", "-p", "filemeta.latestproportion=0.46", "-threads", "2"));
      run.addAll(db.options());
      long inserted = 0;
      Path results = tmp.resolve("filemeta-results");
      List<Run> ran = clients.together(run, results);
      for (Run r : ran) {
        inserted += ClientProcesses.okCount(r.stdout(), "INSERT_FILE");
        assertFalse(r.stdout().matches("(?s).*\\[INSERT_FILE\\], Return=(?!OK).*"), r.stdout());
      }
      // a store workload's operations (timed by YCSB-X, not YCSB's DBWrapper) merge as exactly
      // filemeta's workload reads the largest stored id from the server in YCSB's workload init, after
      // the instant (by design: the clients' new ids start above it) and before YCSB starts its clock
      JsonNode merged = MergedFolders.mergedExactly(clients, results, ran, 1000);
      assertEquals(inserted, merged.path("operations").path("INSERT_FILE").path("returns").path("OK").asLong());
      assertTrue(inserted > 100, "the clients inserted files: " + inserted);
      assertEquals(ClientProcesses.query(db, "SELECT COUNT(*) FROM files"), ClientProcesses.query(db, "SELECT COUNT(DISTINCT id) FROM files"));
      assertEquals(inserted, ClientProcesses.query(db, "SELECT COUNT(*) FROM files WHERE id >= 6000"), "every insert a new id");
    }
  }
}
