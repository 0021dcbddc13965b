package site.ycsbx.db.jdbc.filemeta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.jdbc.JdbcClient;
import site.ycsbx.db.jdbc.JdbcPreflight;
import site.ycsbx.db.jdbc.TestDatabase;
import site.ycsbx.db.jdbc.conn.ClientConnection;
import site.ycsbx.db.jdbc.conn.Connector;
import site.ycsbx.db.jdbc.conn.JdbcOptions;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.Preflight.Phase;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.filemeta.FileMetaPlan;
import site.ycsbx.store.filemeta.FileRow;
import site.ycsbx.util.UserError;
import site.ycsbx.workloads.filemeta.FileMetaWorkload;

/**
 * A run whose filemeta.files names more files than the table holds is refused by the preflight, in
 * one line saying what is stored and how to fix it (it ran with most updates NOT_FOUND, and a
 * read-only run was labelled with the larger count); one that fits passes.
 */
@Tag("server")
class FileMetaStoredFilesTest {
  private static Properties run(TestDatabase db, long files) {
    Properties p = db.properties();
    p.setProperty("db", JdbcClient.class.getName());
    p.setProperty("workload", FileMetaWorkload.class.getName());
    p.setProperty("dotransactions", "true");
    p.setProperty("recordcount", "1000");
    p.setProperty("filemeta.files", String.valueOf(files));
    return p;
  }

  private static void check(Properties p) {
    new JdbcPreflight().check(p, Phase.RUN, StoreDemand.of(p), Fingerprint.current());
  }

  @Test
  void aRunOverMoreFilesThanStoredIsRefused() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      UserError absent = assertThrows(UserError.class, () -> check(run(db, 50)));
      assertEquals("the run assumes filemeta.files=50 files (ids 0 to 49) but table files, which does not exist, holds"
          + " no file; set filemeta.files=1 (what the load stored), or load 50 files first (database " + db.name
          + " at " + db.url() + ")", absent.getMessage());
      JdbcOptions o = JdbcOptions.parse(db.properties());
      try (Connection c = Connector.open(o)) {
        JdbcFileMetaStore store = new JdbcFileMetaStore(new ClientConnection(c, o));
        store.prepare(FileMetaPlan.defaults(false));
        List<FileRow> rows = new ArrayList<>();
        for (long id = 0; id < 20; id++) {
          rows.add(new FileRow(id, "/f/" + id, 1, 0, false, 1_000_000, 1_000_000, 0));
        }
        store.insertFiles(rows);
      }
      UserError e = assertThrows(UserError.class, () -> check(run(db, 50)));
      assertEquals(UserError.TARGET_UNUSABLE, e.exitCode());
      assertEquals("the run assumes filemeta.files=50 files (ids 0 to 49) but table files holds none with id 49"
          + " (largest id 19); set filemeta.files=20 (what the load stored), or load 50 files first (database "
          + db.name + " at " + db.url() + ")", e.getMessage());
      check(run(db, 20));
    }
  }
}
