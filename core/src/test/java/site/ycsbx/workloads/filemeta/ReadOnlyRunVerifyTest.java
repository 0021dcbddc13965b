package site.ycsbx.workloads.filemeta;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsb.measurements.Measurements;
import site.ycsbx.store.PreflightOnce;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.store.filemeta.FileMetaPlan;
import site.ycsbx.store.filemeta.FileMetaStore;
import site.ycsbx.testing.MemoryFileMetaDb;
import site.ycsbx.util.UserError;

/**
 * {@code filemeta.verify=true} on a run: accepted when the run only reads (filemeta-latest,
 * filemeta-count), which changes no count, and then checks the files at the end; refused when the
 * run writes.
 */
@Tag("fast")
class ReadOnlyRunVerifyTest {
  @AfterEach
  void clear() {
    MemoryFileMetaDb.clear();
    StoreRegistry.clear();
    PreflightOnce.forget();
  }

  private static Properties run(double latest, double insert) {
    Properties p = new Properties();
    p.setProperty("dotransactions", "true");
    p.setProperty("recordcount", "400");
    p.setProperty(FileMetaSettings.USERS, "20");
    p.setProperty(FileMetaSettings.LATEST_PROPORTION, String.valueOf(latest));
    p.setProperty(FileMetaSettings.COUNT_PROPORTION, "0");
    p.setProperty(FileMetaSettings.INSERT_PROPORTION, String.valueOf(insert));
    p.setProperty(FileMetaSettings.UPDATE_PROPORTION, "0");
    p.setProperty(FileMetaSettings.DELETE_PROPORTION, "0");
    p.setProperty(FileMetaSettings.VERIFY, "true");
    p.setProperty("db", MemoryFileMetaDb.class.getName());
    return p;
  }

  @Test
  void aRunThatWritesRefusesIt() {
    Properties p = run(0.5, 0.5);
    p.setProperty("threadcount", "2");
    UserError e = assertThrows(UserError.class, () -> new FileMetaSettings(p));
    assertTrue(e.getMessage().contains("this run's writes (INSERT_FILE) change the counts"), e.getMessage());
  }

  @Test
  void aReadOnlyRunChecksTheFilesAtItsEnd() throws Exception {
    Properties p = run(1, 0);
    MemoryFileMetaDb db = new MemoryFileMetaDb();
    db.setProperties(p);
    db.init();
    FileMetaStore store = StoreRegistry.take(FileMetaStore.class);
    store.prepare(FileMetaPlan.defaults(true));
    store.insertFiles(GeneratedFiles.of(p));
    db.cleanup();
    StoreRegistry.clear();

    Measurements.setProperties(p);
    FileMetaWorkload w = new FileMetaWorkload();
    w.init(p);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream old = System.out;
    System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    try {
      w.cleanup();
    } finally {
      System.setOut(old);
    }
    String out = bytes.toString(StandardCharsets.UTF_8);
    assertTrue(out.contains("[FILEMETA-VERIFY] files per user of all 20 users") && out.contains(": OK"), out);
  }
}
