package site.ycsbx.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.store.PreflightOnce;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.store.filemeta.FileMetaPlan;
import site.ycsbx.store.filemeta.FileMetaStore;
import site.ycsbx.store.filemeta.FileRow;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.MemoryFileMetaDb;
import site.ycsbx.testing.OneLineError;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.util.UserError;
import site.ycsbx.workloads.filemeta.GeneratedFiles;

/**
 * {@code bin/ycsb verify} through Main.run in this JVM, on the in-memory filemeta binding: OK on
 * the generator's files (exit 0), a changed file listed (exit 1), and what compares nothing
 * (exit 2, one line). The same comparison on every real binding is in the store contracts.
 */
@Tag("fast")
class VerifyCommandTest {
  private static final List<String> SMALL = List.of("-p", "recordcount=400", "-p", "filemeta.users=20");

  @AfterEach
  void forgetTheMemoryServer() {
    MemoryFileMetaDb.clear();
    StoreRegistry.clear();
  }

  private static Result verify(String binding, String workload, String... more) {
    List<String> args = new ArrayList<>(List.of("verify", binding, "-P", JavaProcess.workload(workload)));
    args.addAll(SMALL);
    args.addAll(List.of(more));
    return InProcessMain.run(args.toArray(new String[0]));
  }

  /** The files a load of SMALL leaves, put in the memory binding's table; returns the files. */
  private static List<FileRow> loaded() throws Exception {
    Properties p = new Properties();
    for (int i = 1; i < SMALL.size(); i += 2) {
      String kv = SMALL.get(i);
      p.setProperty(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
    }
    PreflightOnce.forget();
    MemoryFileMetaDb db = new MemoryFileMetaDb();
    db.setProperties(p);
    db.init();
    FileMetaStore store = StoreRegistry.take(FileMetaStore.class);
    store.prepare(FileMetaPlan.defaults(true));
    List<FileRow> files = GeneratedFiles.of(p);
    store.insertFiles(files);
    db.cleanup();
    StoreRegistry.clear();
    return files;
  }

  @Test
  void untouchedFilesAgreeAndAChangedOneIsListedWithExit1() throws Exception {
    List<FileRow> files = loaded();
    Result ok = verify("memory-filemeta", "filemeta");
    assertEquals(0, ok.exitCode(), ok.all());
    assertTrue(ok.stdout().contains("[FINGERPRINT]"), "the fingerprint as a run prints it: " + ok.stdout());
    assertTrue(ok.stdout().contains("verify (reads only)"), ok.stdout());
    assertTrue(ok.stdout().contains("[FILEMETA-VERIFY] checking files against the generator"), ok.stdout());
    assertTrue(ok.stdout().contains("[VERIFY] OK: " + files.size() + " files: ids, 20 users and 33 servers counted in full, "
        + files.size() + " files compared column by column; nothing"), "all, no sample: " + ok.stdout());
    assertTrue(ok.stdout().contains("[VERIFY] OK: ") && ok.stdout().strip().endsWith("; nothing was written"), ok.stdout());

    FileRow changed = files.stream().filter(f -> !f.deleted()).findFirst().orElseThrow();
    MemoryFileMetaDb.files(FileMetaPlan.DEFAULT_TABLE); // the table is there
    PreflightOnce.forget();
    MemoryFileMetaDb db = new MemoryFileMetaDb();
    db.setProperties(new Properties());
    db.init();
    assertTrue(StoreRegistry.take(FileMetaStore.class).deleteFile(changed.id()));
    db.cleanup();
    StoreRegistry.clear();

    Result bad = verify("memory-filemeta", "filemeta");
    assertEquals(Main.EXIT_RUN_FAILED, bad.exitCode(), bad.all());
    assertTrue(bad.stdout().contains("[FILEMETA-VERIFY] MISMATCH file " + changed.id() + ": deleted 1 (generated 0)"),
        bad.stdout());
    assertTrue(bad.stdout().contains("[FILEMETA-VERIFY] MISMATCH server " + changed.serverId() + ": "), bad.stdout());
    assertTrue(bad.stdout().contains("[VERIFY] FAILED: 2 mismatches (listed above)"), bad.stdout());
    assertEquals(files.size(), MemoryFileMetaDb.files(FileMetaPlan.DEFAULT_TABLE).size(), "nothing written");
  }

  @Test
  void whatComparesNothingIsOneLineAndExit2() {
    OneLineError.assertOneLineError(verify("null", "workloada"), UserError.BAD_INPUT,
        "the null binding stores nothing between commands");
    OneLineError.assertOneLineError(verify("memory-filemeta", "filemeta", "-p", "filemeta.drop=true"),
        UserError.BAD_INPUT, "verify reads only: filemeta.drop=true would drop the data it checks");
    OneLineError.assertOneLineError(verify("memory", "probe"), UserError.BAD_INPUT,
        "has no check of stored data");
    // a server the preflight refuses: nothing compared, so not the exit of data that differs
    Result unreachable = verify("memory-filemeta", "filemeta", "-p", "memory.unreachable=mem://x");
    OneLineError.assertOneLineError(unreachable, UserError.BAD_INPUT, "verify: nothing compared: cannot reach memory");
    assertFalse(unreachable.stdout().contains("FILEMETA-VERIFY"), unreachable.stdout());
  }
}
