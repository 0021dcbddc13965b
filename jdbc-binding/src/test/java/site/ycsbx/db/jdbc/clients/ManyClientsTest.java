package site.ycsbx.db.jdbc.clients;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.Utils;
import site.ycsbx.db.jdbc.TestDatabase;
import site.ycsbx.testing.JavaProcess;

/**
 * Three client processes against one MariaDB database, each started through the script the
 * Docker image runs as its entrypoint, with the environment a Kubernetes Indexed Job gives its
 * pods (JOB_COMPLETION_INDEX) or a host's command line (YCSBX_CLIENT): disjoint keys, one start.
 */
class ManyClientsTest {
  private static final Pattern STARTED = Pattern.compile("\\[YCSB-X\\] startat: timed phase started at epoch ms (\\d+)");
  private static final int CLIENTS = 3;
  private static final int RECORDS = 3000;

  @TempDir
  static Path tmp;
  /** A home as the tarball unpacks it (bin/ with the repository's scripts, an empty lib/); classes come by -cp. */
  static Path home;
  static String entry;

  @BeforeAll
  static void home() throws IOException {
    entry = KubernetesRecipe.entrypointInTarball();
    assertEquals("bin/ycsb-client", entry);
    home = tmp.resolve("ycsb-x");
    Files.createDirectories(home.resolve("bin"));
    Files.createDirectories(home.resolve("lib"));
    for (String script : List.of("bin/ycsb", entry)) {
      Path from = JavaProcess.repoRoot().resolve(script);
      Files.copy(from, home.resolve(script));
      assertArrayEquals(Files.readAllBytes(from), Files.readAllBytes(home.resolve(script)));
      assertTrue(home.resolve(script).toFile().setExecutable(true));
    }
  }

  private record Run(int exit, String stdout, String stderr) {
    String all() {
      return stdout + "\n" + stderr;
    }
  }

  /** Starts the entrypoint with this environment and bin/ycsb arguments. */
  private static Process start(Map<String, String> env, List<String> args, Path out, Path err) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(home.resolve(entry).toString());
    cmd.addAll(args);
    // bin/ycsb's -cp: the classes this test was built with, before the (empty) lib/
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(home.toFile()).redirectOutput(out.toFile())
        .redirectError(err.toFile());
    pb.environment().remove("JOB_COMPLETION_INDEX");
    pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
    pb.environment().put("JAVA_OPTS", "-Xmx256m -XX:TieredStopAtLevel=1");
    pb.environment().putAll(env);
    return pb.start();
  }

  private static Run runOne(Map<String, String> env, List<String> args) throws Exception {
    return runAll(List.of(env), args).get(0);
  }

  /** One process per environment, all at once; waits for all. */
  private static List<Run> runAll(List<Map<String, String>> envs, List<String> args) throws Exception {
    List<Process> ps = new ArrayList<>();
    List<Path[]> files = new ArrayList<>();
    for (Map<String, String> env : envs) {
      Path out = Files.createTempFile(tmp, "out", ".txt");
      Path err = Files.createTempFile(tmp, "err", ".txt");
      files.add(new Path[] {out, err});
      ps.add(start(env, args, out, err));
    }
    List<Run> runs = new ArrayList<>();
    for (int i = 0; i < ps.size(); i++) {
      if (!ps.get(i).waitFor(240, TimeUnit.SECONDS)) {
        ps.forEach(Process::destroyForcibly);
        throw new AssertionError("client " + i + " did not finish: " + Files.readString(files.get(i)[0]));
      }
      runs.add(new Run(ps.get(i).exitValue(), Files.readString(files.get(i)[0], StandardCharsets.UTF_8),
          Files.readString(files.get(i)[1], StandardCharsets.UTF_8)));
    }
    return runs;
  }

  private static List<String> args(String command, TestDatabase db, String... more) {
    List<String> a = new ArrayList<>(List.of(command, "jdbc", "-P", JavaProcess.workload("workloada"),
        "-p", "recordcount=" + RECORDS, "-p", "operationcount=600", "-threads", "2"));
    a.addAll(db.options());
    a.addAll(List.of(more));
    return a;
  }

  /** Client i's environment: the Job's index for 0 and 1, a host's YCSBX_CLIENT for 2. */
  private static Map<String, String> env(int i, long startAt) {
    Map<String, String> env = new TreeMap<>(Map.of("YCSBX_CLIENTS", String.valueOf(CLIENTS),
        "YCSBX_STARTAT", String.valueOf(startAt)));
    env.put(i < 2 ? "JOB_COMPLETION_INDEX" : "YCSBX_CLIENT", String.valueOf(i));
    return env;
  }

  private static long okCount(String stdout, String op) {
    Matcher m = Pattern.compile("(?m)^\\[" + op + "\\], Return=OK, (\\d+)$").matcher(stdout);
    assertTrue(m.find(), "no [" + op + "], Return=OK in:\n" + stdout);
    return Long.parseLong(m.group(1));
  }

  /** Runs the three clients together; asserts each exits 0 and all started their timed phase within 100 ms. */
  private static List<Run> together(List<String> args) throws Exception {
    // far enough ahead for three JVMs to start and check the server on a busy 2-core machine
    long startAt = System.currentTimeMillis() + 20_000;
    List<Map<String, String>> envs = new ArrayList<>();
    for (int i = 0; i < CLIENTS; i++) {
      envs.add(env(i, startAt));
    }
    List<Run> runs = runAll(envs, args);
    List<Long> starts = new ArrayList<>();
    for (int i = 0; i < CLIENTS; i++) {
      Run r = runs.get(i);
      assertEquals(0, r.exit(), "client " + i + ":\n" + r.all());
      assertTrue(r.stdout().contains("[YCSB-X] client " + i + " of 3 (0-based)"), r.stdout());
      assertTrue(r.stdout().matches("(?s).*client\\.index +: " + i + "\n.*"), r.stdout());
      assertFalse(r.all().contains("Duplicate") || r.all().contains("Exception"), r.all());
      Matcher m = STARTED.matcher(r.stdout());
      assertTrue(m.find(), r.stdout());
      starts.add(Long.parseLong(m.group(1)));
    }
    long spread = starts.stream().mapToLong(Long::longValue).max().getAsLong()
        - starts.stream().mapToLong(Long::longValue).min().getAsLong();
    System.out.println("[ManyClientsTest] timed phase starts " + starts + ", spread " + spread + " ms");
    assertTrue(spread < 100, "the clients started " + spread + " ms apart: " + starts);
    assertTrue(starts.get(0) >= startAt, "started before ycsbx.startat");
    return runs;
  }

  @Test
  void threeClientsLoadDisjointKeysAndReadTheWholeKeySpaceStartingTogether() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      List<Run> load = together(args("load", db));
      long inserted = 0;
      for (int i = 0; i < CLIENTS; i++) {
        long ok = okCount(load.get(i).stdout(), "INSERT");
        assertEquals(RECORDS / CLIENTS, ok, "client " + i + " inserts its slice");
        assertFalse(load.get(i).stdout().matches("(?s).*\\[INSERT\\], Return=(?!OK).*"), load.get(i).stdout());
        inserted += ok;
      }
      assertEquals(RECORDS, inserted);
      assertEquals(RECORDS, db.rows("usertable"), "exact row count: no key loaded twice, none missing");
      // the keys are exactly YCSB's keys 0..recordcount-1 (CoreWorkload hashes key numbers)
      Set<String> expected = new HashSet<>();
      for (long k = 0; k < RECORDS; k++) {
        expected.add("user" + Utils.fnvhash64(k));
      }
      Set<String> stored = new HashSet<>();
      try (Connection c = db.connect(); Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT YCSB_KEY FROM usertable")) {
        while (rs.next()) {
          stored.add(rs.getString(1));
        }
      }
      assertEquals(expected, stored);

      // the run: every client reads and updates over the whole key space; every key is found
      List<Run> run = together(args("run", db));
      for (Run r : run) {
        assertEquals(600, okCount(r.stdout(), "READ") + okCount(r.stdout(), "UPDATE"), r.stdout());
        assertFalse(r.stdout().matches("(?s).*\\[(READ|UPDATE)\\], Return=(?!OK).*"), r.stdout());
      }
      assertEquals(RECORDS, db.rows("usertable"));
    }
  }

  private static long query(TestDatabase db, String sql) throws Exception {
    try (Connection c = db.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /**
   * LinkBench's graph loaded by three clients, each its share of the loader chunks, equals the
   * graph one loader makes (every node, the generated links, counts that match them); then the
   * three run requests over it together.
   */
  @Test
  void threeClientsLoadOneLinkBenchGraphAndRequestOverIt() throws Exception {
    long maxId1 = 20001;
    Path file = tmp.resolve("Distribution.dat");
    Files.writeString(file, "nlinks\n0 40\n1 70\n3 90\n10 99\n60 100\n");
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      List<String> common = new ArrayList<>(List.of("-P", JavaProcess.workload("linkbench-small"), "-p",
          "linkbench.maxid1=" + maxId1, "-p", "linkbench.distributionfile=" + file, "-threads", "2", "-p",
          "linkbench.verify=true", "-p", "linkbench.verify_chunks=0"));
      common.addAll(db.options());
      List<String> load = new ArrayList<>(List.of("load", "jdbc"));
      load.addAll(common);
      List<Run> loaded = together(load);
      long nodes = 0;
      Pattern completed = Pattern.compile("LOAD PHASE COMPLETED\\. Loaded (\\d+) nodes \\(Expected (\\d+)\\)");
      for (Run r : loaded) {
        Matcher m = completed.matcher(r.stdout());
        assertTrue(m.find(), r.stdout());
        assertEquals(m.group(1), m.group(2), r.stdout());
        assertTrue(Long.parseLong(m.group(1)) > 0, "every client loads a share: " + r.stdout());
        nodes += Long.parseLong(m.group(1));
        assertTrue(r.stdout().matches("(?s).*\\[LINKBENCH-VERIFY\\] load: .*: OK.*"), r.stdout());
      }
      assertEquals(maxId1 - 1, nodes);
      assertEquals(maxId1 - 1, query(db, "SELECT COUNT(*) FROM nodetable"));
      assertEquals(maxId1 - 1, query(db, "SELECT COUNT(DISTINCT id) FROM nodetable"));
      site.ycsbx.workloads.linkbench.OutDegrees d = new site.ycsbx.workloads.linkbench.OutDegrees(
          site.ycsbx.workloads.linkbench.EmpiricalCdf.readSections("f", file).get("nlinks"), 1, maxId1, 2, 0);
      long links = 0;
      for (long id = 1; id < maxId1; id++) {
        links += d.loaded(id);
      }
      assertEquals(links, query(db, "SELECT COUNT(*) FROM linktable WHERE visibility = 1"), "the single loader's graph");
      assertEquals(links, query(db, "SELECT SUM(count) FROM counttable"));

      List<String> run = new ArrayList<>(List.of("run", "jdbc"));
      run.addAll(common);
      run.addAll(List.of("-p", "operationcount=2000"));
      for (Run r : together(run)) {
        assertTrue(r.stdout().contains("REQUEST PHASE COMPLETED. 2000 requests done in "), r.stdout());
        assertTrue(r.stdout().matches("(?s).*\\[LINKBENCH-VERIFY\\] run: .*: OK.*"), r.stdout());
      }
      long visible = query(db, "SELECT COUNT(*) FROM linktable WHERE visibility = 1");
      assertEquals(visible, query(db, "SELECT SUM(count) FROM counttable"), "counts match links after three requesters");
    }
  }

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
      List<Run> loaded = together(load);
      for (Run r : loaded) {
        assertTrue(r.stdout().contains("[FILEMETA] loaded 2000 of 2000 files into files"), r.stdout());
        assertEquals(4, okCount(r.stdout(), "LOAD_FILES"), r.stdout());
      }
      assertEquals(6000, query(db, "SELECT COUNT(*) FROM files"));
      assertEquals(6000, query(db, "SELECT COUNT(DISTINCT id) FROM files"));
      assertEquals(5999, query(db, "SELECT MAX(id) FROM files"));

      List<String> run = new ArrayList<>(List.of("run", "jdbc", "-P", JavaProcess.workload("filemeta-readwrite"), "-p",
          "recordcount=6000", "-p", "filemeta.users=200", "-p", "operationcount=1500", "-p", "maxexecutiontime=0",
          "-p", "filemeta.insertproportion=0.5", "-p", "filemeta.latestproportion=0.46", "-threads", "2"));
      run.addAll(db.options());
      long inserted = 0;
      for (Run r : together(run)) {
        inserted += okCount(r.stdout(), "INSERT_FILE");
        assertFalse(r.stdout().matches("(?s).*\\[INSERT_FILE\\], Return=(?!OK).*"), r.stdout());
      }
      assertTrue(inserted > 100, "the clients inserted files: " + inserted);
      assertEquals(query(db, "SELECT COUNT(*) FROM files"), query(db, "SELECT COUNT(DISTINCT id) FROM files"));
      assertEquals(inserted, query(db, "SELECT COUNT(*) FROM files WHERE id >= 6000"), "every insert a new id");
    }
  }

  @Test
  void badPlacesAndPastStartsAreOneLineExit2AndCreateNothing() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      Run outside = runOne(Map.of("YCSBX_CLIENTS", "3", "YCSBX_CLIENT", "3"), args("load", db));
      assertEquals(2, outside.exit(), outside.all());
      assertEquals("ycsb: ycsbx.client=3 is outside 0 to 2 (0-based, below ycsbx.clients=3)", outside.stderr().strip());
      Run noIndex = runOne(Map.of("YCSBX_CLIENTS", "3"), args("load", db));
      assertEquals(2, noIndex.exit(), noIndex.all());
      assertEquals("ycsb-client: neither YCSBX_CLIENT nor JOB_COMPLETION_INDEX is set: give this client's index, 0 to 2",
          noIndex.stderr().strip());
      Run past = runOne(Map.of("YCSBX_CLIENTS", "3", "JOB_COMPLETION_INDEX", "0", "YCSBX_STARTAT",
          "2020-01-01T00:00:00Z"), args("load", db));
      assertEquals(2, past.exit(), past.all());
      assertTrue(past.stderr().strip().matches("ycsb: ycsbx\\.startat=2020-01-01T00:00:00Z is \\d+ ms in the past .*"),
          past.stderr());
      assertEquals(1, past.stderr().strip().lines().count());
      Run conflict = runOne(Map.of("YCSBX_CLIENTS", "3", "JOB_COMPLETION_INDEX", "0"),
          args("load", db, "-p", "insertstart=10"));
      assertEquals(2, conflict.exit(), conflict.all());
      assertEquals("ycsb: insertstart=10 conflicts with ycsbx.clients, which sets insertstart for each client; leave"
          + " insertstart out", conflict.stderr().strip());
      for (Run r : List.of(outside, noIndex, past, conflict)) {
        assertEquals("", r.stdout(), r.all());
      }
      assertEquals(List.of(), db.tables(), "nothing created");
    }
  }
}
