package site.ycsbx.workloads.filemeta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsb.DB;
import site.ycsb.measurements.Measurements;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.store.filemeta.FileMetaStore;
import site.ycsbx.store.filemeta.FileRow;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.MemoryFileMetaDb;
import site.ycsbx.testing.PrintedFingerprint;
import site.ycsbx.testing.StdOut;
import site.ycsbx.tools.Main;
import static site.ycsbx.workloads.filemeta.FileMetaWorkload.COUNT_DELETED;
import static site.ycsbx.workloads.filemeta.FileMetaWorkload.DELETE_FILE;
import static site.ycsbx.workloads.filemeta.FileMetaWorkload.INSERT_FILE;
import static site.ycsbx.workloads.filemeta.FileMetaWorkload.LATEST_BY_USER;
import static site.ycsbx.workloads.filemeta.FileMetaWorkload.UPDATE_FILE;

/** The filemeta workload on core's memory store: load, verification, thread roles, bad input. */
@Tag("process")
class FileMetaWorkloadTest {
  private static final int FILES = 5000;

  @AfterEach
  void clear() {
    MemoryFileMetaDb.clear();
  }

  private static Properties props(boolean load, int threads) {
    Properties p = new Properties();
    p.setProperty("db", MemoryFileMetaDb.class.getName());
    p.setProperty("dotransactions", String.valueOf(!load));
    p.setProperty("recordcount", String.valueOf(FILES));
    p.setProperty("threadcount", String.valueOf(threads));
    p.setProperty(FileMetaSettings.USERS, "300");
    p.setProperty(FileMetaSettings.BATCH_SIZE, "128");
    p.setProperty(FileMetaSettings.SEED, "5");
    return p;
  }

  private interface Body {
    void run(FileMetaWorkload w, DB db, Object state, int thread) throws Exception;
  }

  /** Runs the workload as YCSB's Client would: a DB and a workload state per thread. */
  private static FileMetaWorkload drive(Properties p, int threads, Body body) throws Exception {
    Measurements.setProperties(p);
    FileMetaWorkload w = new FileMetaWorkload();
    w.init(p);
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<Void>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int id = t;
        done.add(pool.submit(() -> {
          DB db = new MemoryFileMetaDb();
          db.setProperties(p);
          StoreRegistry.clear();
          db.init();
          body.run(w, db, w.initThread(p, id, threads), id);
          db.cleanup(); // as YCSB's client thread ends
          return null;
        }));
      }
      for (Future<Void> f : done) {
        f.get();
      }
    } finally {
      pool.shutdown();
    }
    w.cleanup();
    return w;
  }

  private static void load(Properties p, int threads) throws Exception {
    drive(p, threads, (w, db, state, t) -> {
      while (w.doInsert(db, state)) {
        // the next batch
      }
    });
  }

  @Test
  void theLoadStoresTheGeneratedFilesTheSameAtAnyThreadCount() throws Exception {
    load(props(true, 1), 1);
    List<FileRow> one = MemoryFileMetaDb.files("files");
    MemoryFileMetaDb.clear();
    load(props(true, 4), 4);
    List<FileRow> four = MemoryFileMetaDb.files("files");
    assertEquals(FILES, one.size());
    assertEquals(one, four);
    FileGenerator g = new FileMetaSettings(props(true, 1)).generator();
    assertEquals(g.file(0), one.get(0));
    assertEquals(g.file(FILES - 1), one.get(FILES - 1));
  }

  @Test
  void verificationPassesAfterALoadAndListsWhatDiffers() throws Exception {
    Properties p = props(true, 2);
    p.setProperty(FileMetaSettings.VERIFY, "true");
    p.setProperty(FileMetaSettings.VERIFY_USERS, "50");
    String out = StdOut.captured(() -> load(p, 2));
    assertTrue(out.contains("[FILEMETA] loaded 5000 of 5000 files into files"), out);
    assertTrue(out.contains("[FILEMETA-VERIFY] files per user of 50 of 300 users (a sample: the 10 largest"), out);
    assertTrue(out.contains("deleted files on all 33 servers against the generator (seed 5): OK"), out);
    // after the client threads cleaned up their DBs (whose stores now refuse calls), on cleanup's thread
    assertEquals(Thread.currentThread(), MemoryFileMetaDb.lastCountingThread(), "verified on a store of its own");

    FileMetaSettings s = new FileMetaSettings(p);
    FileGenerator g = s.generator();
    // a file of user 0 (always checked) marked deleted by hand: its server's count is off by one
    long id = 0;
    while (g.userOf(id) != 0 || g.deletedOf(id)) {
      id++;
    }
    FileMetaStore store = reader();
    // after a load whose batches failed, a sample that finds nothing does not claim a plain OK
    String sampled = StdOut.captured(() -> new FileMetaVerification(s, g).run(store, 3));
    assertTrue(sampled.contains("against the generator (seed 5): OK in the sample, but 3 load batches failed: files of"
        + " users outside it may be missing (filemeta.verifyusers=300 counts every user)"), sampled);
    Properties every = (Properties) p.clone();
    every.setProperty(FileMetaSettings.VERIFY_USERS, "300");
    // counting every user it is OK: the failed batches were committed, their answers lost
    String all = StdOut.captured(() -> new FileMetaVerification(new FileMetaSettings(every), g).run(store, 3));
    assertTrue(all.contains("files per user of all 300 users and deleted files on all 33 servers against the generator"
        + " (seed 5): OK\n"), all);
    assertTrue(store.deleteFile(id));
    String[] again1 = new String[1];
    // the mismatch is also an [ERROR] line on stderr: expected here, so kept out of the build log
    String err = site.ycsbx.testing.StdErr.captured(
        () -> again1[0] = StdOut.captured(() -> new FileMetaVerification(s, g).run(store)));
    String again = again1[0];
    assertTrue(err.contains("VERIFY"), err);
    assertTrue(again.contains(": 1 MISMATCHES"), again);
    long want = new FileMetaVerification(s, g).expected(new long[] {0}).deletedPerServer()[g.serverOf(id)];
    assertTrue(again.contains("[FILEMETA-VERIFY] MISMATCH server " + g.serverOf(id) + ": " + (want + 1)
        + " deleted files, " + want + " expected"), again);
  }

  @Test
  void aShardedLoadPrintsDocumentsPerShardAlsoWhenItStopsEarly() throws Exception {
    Properties p = props(true, 2);
    p.setProperty(FileMetaSettings.USERS, "90");
    p.setProperty(FileMetaSettings.FILES_PER_USER, "uniform");
    p.setProperty(FileMetaSettings.SHARD, "true");
    p.setProperty(FileMetaSettings.PRESPLIT, "3");
    String out = StdOut.captured(() -> load(p, 2));
    long[] parts = new long[3];
    for (FileRow f : MemoryFileMetaDb.files("files")) {
      parts[f.userId() < 30 ? 0 : f.userId() < 60 ? 1 : 2]++;
    }
    assertTrue(out.contains("[FILEMETA] documents per shard of files (3 shards, 5000 documents):"), out);
    for (int i = 0; i < 3; i++) {
      assertTrue(out.contains(String.format(java.util.Locale.ROOT, "[FILEMETA]   part%d %12d", i, parts[i])), out);
    }

    MemoryFileMetaDb.clear();
    // each thread loads 3 batches of 128, then stops (as maxexecutiontime would stop it)
    String stopped = StdOut.captured(() -> drive(p, 2, (w, db, state, t) -> {
      for (int i = 0; i < 3; i++) {
        w.doInsert(db, state);
      }
    }));
    assertTrue(stopped.contains("[FILEMETA] load STOPPED: 768 of 5000 files into files"), stopped);
    assertTrue(stopped.contains("[FILEMETA] documents per shard of files (3 shards, 768 documents):"), stopped);
  }

  @Test
  void aSampleOfUsersHoldsTheLargestOwnersAndIsTheSameEachTime() {
    Properties p = props(true, 1);
    p.setProperty(FileMetaSettings.VERIFY_USERS, "40");
    FileMetaSettings s = new FileMetaSettings(p);
    long[] users = new FileMetaVerification(s, s.generator()).users();
    assertEquals(40, users.length);
    for (int u = 0; u < 10; u++) {
      assertEquals(u, users[u]);
    }
    assertEquals(java.util.Arrays.toString(users),
        java.util.Arrays.toString(new FileMetaVerification(s, s.generator()).users()));
  }

  private static FileMetaStore reader() throws Exception {
    DB db = new MemoryFileMetaDb();
    db.setProperties(new Properties());
    StoreRegistry.clear();
    db.init();
    return StoreRegistry.take(FileMetaStore.class);
  }

  /** With reads and writes in the mix, thread 0 only writes and the others only read. */
  @Test
  void writerThreadsOnlyWriteAndReaderThreadsOnlyRead() throws Exception {
    load(props(true, 1), 1);
    List<FileRow> loaded = MemoryFileMetaDb.files("files");
    Properties p = props(false, 3);
    p.setProperty(FileMetaSettings.LATEST_PROPORTION, "0.5");
    p.setProperty(FileMetaSettings.COUNT_PROPORTION, "0.2");
    p.setProperty(FileMetaSettings.INSERT_PROPORTION, "0.1");
    p.setProperty(FileMetaSettings.UPDATE_PROPORTION, "0.1");
    p.setProperty(FileMetaSettings.DELETE_PROPORTION, "0.1");
    drive(p, 3, (w, db, state, t) -> {
      if (t > 0) {
        for (int i = 0; i < 300; i++) {
          w.doTransaction(db, state);
        }
      }
    });
    assertEquals(loaded, MemoryFileMetaDb.files("files"), "readers changed nothing");
    drive(p, 3, (w, db, state, t) -> {
      if (t == 0) {
        for (int i = 0; i < 300; i++) {
          w.doTransaction(db, state);
        }
      }
    });
    List<FileRow> after = MemoryFileMetaDb.files("files");
    long inserted = after.stream().filter(f -> f.id() >= FILES).count();
    assertEquals(100, inserted, 40, "a third of the writer's 300 operations insert: " + inserted);
    assertNotEquals(loaded, after.subList(0, FILES), "the writer updated and deleted loaded files");
    long now = System.currentTimeMillis() / 1000;
    assertTrue(after.stream().filter(f -> f.id() >= FILES).allMatch(f -> Math.abs(f.created() - now) < 60
        && f.created() == f.lastUpdated() && !f.deleted() && f.userId() < 300));
  }

  @Test
  void binYcsbLoadsAndVerifies() {
    Result r = JavaProcess.run(Main.class.getName(), "load", "memory-filemeta", "-P", JavaProcess.workload("filemeta"),
        "-p", "recordcount=3000", "-p", "filemeta.verify=true", "-threads", "2");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.stdout().contains("[FILEMETA] loaded 3000 of 3000 files into files"), r.stdout());
    assertTrue(r.stdout().contains("[FILEMETA-VERIFY] files per user of 1000 of 10000 users"), r.stdout());
    assertTrue(r.stdout().contains("[VERIFY], Return=OK, 1"), r.stdout());
    assertTrue(r.stdout().contains("[VERIFY], Operations, 1\n"), "the verify is timed as an operation: " + r.stdout());
    assertTrue(r.stdout().contains("[LOAD_FILES], Return=OK, 3"), r.stdout());
    assertEquals("zipfian", PrintedFingerprint.of(r.stdout()).get("workload.filemeta.filesperuser"),
        "the data's shape is in the fingerprint: " + r.stdout());
  }

  @Test
  void eachRunFileRunsItsOperationsOnly() {
    String[][] files = {{"filemeta-latest", "[LATEST_BY_USER], Return=OK, 200", "[COUNT_DELETED]"},
        {"filemeta-count", "[COUNT_DELETED], Return=OK, 200", "[LATEST_BY_USER]"}};
    for (String[] f : files) {
      // a fresh JVM: the memory table is empty, so the queries find nothing, and succeed
      Result r = JavaProcess.run(Main.class.getName(), "run", "memory-filemeta", "-P", JavaProcess.workload(f[0]),
          "-p", "operationcount=200");
      assertEquals(0, r.exitCode(), r.all());
      assertTrue(r.stdout().contains(f[1]), f[0] + ": " + r.stdout());
      assertFalse(r.stdout().contains(f[2]), f[0] + ": " + r.stdout());
    }
    // no file was loaded in this JVM: updates and deletes would find none
    Result rw = JavaProcess.run(Main.class.getName(), "run", "memory-filemeta", "-P",
        JavaProcess.workload("filemeta-readwrite"), "-p", "maxexecutiontime=2", "-threads", "2",
        "-p", "filemeta.updateproportion=0", "-p", "filemeta.deleteproportion=0");
    assertEquals(0, rw.exitCode(), rw.all());
    assertTrue(rw.stdout().contains("[INSERT_FILE], Return=OK"), rw.stdout());
    assertTrue(rw.stdout().contains("[LATEST_BY_USER], Return=OK"), rw.stdout());
  }

  /** The null binding keeps nothing and fails nothing: a run on it measures the client alone. */
  @Test
  void theNullBindingLoadsAndRunsEveryOperationWithoutFailures() {
    Result load = JavaProcess.run(Main.class.getName(), "load", "null", "-P", JavaProcess.workload("filemeta"),
        "-p", "recordcount=20000", "-threads", "2");
    assertEquals(0, load.exitCode(), load.all());
    assertTrue(load.stdout().contains("[FILEMETA] loaded 20000 of 20000 files into files"), load.stdout());
    Result run = JavaProcess.run(Main.class.getName(), "run", "null", "-P", JavaProcess.workload("filemeta-readwrite"),
        "-p", "operationcount=4000", "-threads", "2", "-p", "filemeta.countproportion=0.1", "-p", "filemeta.latestproportion=0.82");
    assertEquals(0, run.exitCode(), run.all());
    for (String op : List.of(LATEST_BY_USER, COUNT_DELETED, INSERT_FILE, UPDATE_FILE, DELETE_FILE)) {
      assertTrue(run.stdout().contains("[" + op + "], Return=OK, "), op + ": " + run.stdout());
    }
    assertFalse(run.stdout().contains("-FAILED]"), run.stdout());
  }

  @Test
  void badInputIsOneLineBeforeAnythingIsCreated() {
    String[][] cases = {
        {"load", "filemeta.users=0", "filemeta.users=0 is out of range; filemeta.users accepts a whole number >= 1"},
        {"run-latest", "filemeta.latestproportion=0", "the filemeta proportions (filemeta.latestproportion,"
            + " filemeta.countproportion, filemeta.insertproportion, filemeta.updateproportion,"
            + " filemeta.deleteproportion) sum to 0.0; they accept a sum above 0 and at most 1"},
        {"run-latest", "filemeta.countproportion=0.5", "sum to 1.5; they accept"},
        {"run", "filemeta.writethreads=2", "filemeta.writethreads=2 leaves no reader of threadcount=2;"
            + " filemeta.writethreads accepts 0 (every thread runs the whole mix) to threadcount-1 (1)"},
        {"run", "filemeta.userz=5", "unknown property filemeta.userz (did you mean filemeta.users?)"},
        {"run", "filemeta.filesperuser=pareto", "filemeta.filesperuser=pareto is not accepted;"
            + " filemeta.filesperuser accepts uniform or zipfian"},
        {"run", "filemeta.verify=true", "filemeta.verify=true checks the files against the generator; this run's writes"},
        {"load", "filemeta.files=5000000", "recordcount=1000000 lets YCSB's Client call the load 1000000 times"},
        {"load", "filemeta.presplit=4", "filemeta.presplit=4 needs filemeta.shard=true"},
        {"load", "filemeta.shard=true -p filemeta.shardkey=md5", "filemeta.shardkey=md5 is not accepted;"
            + " filemeta.shardkey accepts range or hashed"},
    };
    for (String[] c : cases) {
      String file = c[0].equals("run") ? "filemeta-readwrite" : c[0].equals("run-latest") ? "filemeta-latest" : "filemeta";
      List<String> args = new ArrayList<>(List.of(c[0].replace("-latest", ""), "memory-filemeta", "-P", JavaProcess.workload(file), "-p"));
      args.addAll(List.of(c[1].split(" ")));
      args.addAll(List.of("-threads", "2"));
      if (c[1].startsWith("filemeta.files")) {
        args.addAll(List.of("-p", "filemeta.batchsize=1"));
      }
      Result r = JavaProcess.run(Main.class.getName(), args.toArray(new String[0]));
      assertEquals(2, r.exitCode(), c[1] + ": " + r.all());
      assertEquals(1, r.stderrLines().size(), c[1] + ": " + r.stderr());
      assertTrue(r.stderr().contains(c[2]), c[1] + ": " + r.stderr());
      assertFalse(r.stdout().contains("[FILEMETA]"), "nothing prepared: " + r.stdout());
    }
  }
}
