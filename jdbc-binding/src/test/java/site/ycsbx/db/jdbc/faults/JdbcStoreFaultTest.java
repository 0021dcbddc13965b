package site.ycsbx.db.jdbc.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.testing.Background;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;

/**
 * The linkbench and filemeta stores on a MariaDB of the test's own ({@link PrivateMariaDb},
 * synchronous durability) killed and restarted in the middle of a phase: the run re-opens its
 * connections and goes on, names the outage, keeps every acknowledged write, and the
 * verification says what the tables hold, a mismatch when rows were lost and OK only when
 * nothing was.
 */
@Tag("slow")
class JdbcStoreFaultTest {
  private static final String OUTAGE = "\\[OUTAGE\\] from \\S+Z to \\S+Z \\((\\d+\\.\\d) s\\): [1-9]\\d* operations lost;"
      + " cause: jdbc:mysql://.*";
  private static final int LINKBENCH_NODES = 4_000;
  private static final int FILES = 20_000;
  private static PrivateMariaDb server;

  @BeforeAll
  static void startServer() throws Exception {
    server = PrivateMariaDb.start();
  }

  @AfterAll
  static void stopServer() throws Exception {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void aLinkBenchLoadGoesOnAfterAKillAndItsVerifyTellsWhatWasLost(@TempDir Path dir) throws Exception {
    // a short-tailed out-degree distribution in LinkBench's file format: LinkBench's own puts
    // 961963 links on the most linked node of any graph, half a minute of load here
    Path distribution = dir.resolve("Distribution.dat");
    Files.writeString(distribution, "nlinks\n0 40\n1 70\n3 90\n10 99\n60 100\n");
    // the same graph loaded without a fault: what the killed load should have left
    String reference = database();
    Result clean = JavaProcess.run(null, 120, "site.ycsbx.tools.Main",
        linkbenchLoad(reference, distribution).toArray(new String[0]));
    assertEquals(0, clean.exitCode(), clean.all());
    assertTrue(clean.stdout().contains("[LINKBENCH-VERIFY] load: 100 of 100 chunks"), clean.all());
    assertTrue(clean.stdout().contains("compared with the generated graph: OK"), clean.all());

    String db = database();
    List<String> args = linkbenchLoad(db, distribution);
    // 100 chunks at 15 chunks/s: about 7 s of load around the outage
    args.addAll(List.of("-target", "15", "-p", "ycsbx.maxerrorpercent=100", "-p", "ycsbx.reconnect.backoffms=100",
        "-p", "ycsbx.reconnect.maxbackoffms=500"));
    Background run = Background.main(args.toArray(new String[0]));
    long nodesAtRestart = killAndRestartAt(db, "nodetable", LINKBENCH_NODES / 4, run);
    Result r = run.await(120);

    String out = r.all();
    assertOneOutageNamed(r);
    Matcher loaded = Pattern.compile("LOAD PHASE COMPLETED\\. Loaded (\\d+) nodes \\(Expected " + LINKBENCH_NODES
        + "\\)\\. Loaded (\\d+) links").matcher(r.stdout());
    assertTrue(loaded.find(), out);
    long nodes = server.count(db, "SELECT COUNT(*) FROM nodetable");
    long links = server.count(db, "SELECT COUNT(*) FROM linktable WHERE visibility = 1");
    assertTrue(nodes > nodesAtRestart, "nothing loaded after the restart\n" + out);
    // synchronous durability: every acknowledged batch survived the kill
    assertTrue(nodes >= Long.parseLong(loaded.group(1)) && links >= Long.parseLong(loaded.group(2)),
        nodes + " nodes and " + links + " links stored\n" + out);

    // the count table against the visible links, pair by pair, both ways
    long pairsOff = server.count(db, "SELECT COUNT(*) FROM counttable c LEFT JOIN (SELECT id1, link_type, COUNT(*) n"
        + " FROM linktable WHERE visibility = 1 GROUP BY id1, link_type) l ON l.id1 = c.id AND l.link_type = c.link_type"
        + " WHERE c.count <> COALESCE(l.n, 0)")
        + server.count(db, "SELECT COUNT(*) FROM (SELECT DISTINCT id1, link_type FROM linktable WHERE visibility = 1) l"
        + " LEFT JOIN counttable c ON c.id = l.id1 AND c.link_type = l.link_type WHERE c.id IS NULL");
    boolean asGenerated = fingerprint(db).equals(fingerprint(reference)) && pairsOff == 0;
    // linkbench.verify (every chunk) on a fresh connection: OK only when the tables hold the whole graph
    assertTrue(r.stdout().contains("[LINKBENCH-VERIFY] load: 100 of 100 chunks"), out);
    assertEquals(asGenerated, r.stdout().contains("compared with the generated graph: OK"),
        "tables as generated: " + asGenerated + " (" + fingerprint(db) + " against " + fingerprint(reference) + ", "
            + pairsOff + " counts off)\n" + out);
    assertEquals(!asGenerated, r.stdout().contains(" MISMATCHES") && r.stdout().contains("[LINKBENCH-VERIFY] MISMATCH "),
        out);
    // a mismatch fails the run whatever ycsbx.maxerrorpercent allows
    assertEquals(asGenerated ? 0 : 1, r.exitCode(), out);
  }

  @Test
  void aFileMetaLoadGoesOnAfterAKillAndItsVerifyTellsWhatWasLost() throws Exception {
    String db = database();
    List<String> args = fileMetaLoad(db);
    // 100 batches of 200 files at 20 batches/s: about 5 s of load around the outage
    args.addAll(List.of("-target", "20", "-p", "filemeta.verify=true", "-p", "ycsbx.reconnect.backoffms=100",
        "-p", "ycsbx.reconnect.maxbackoffms=500"));
    Background run = Background.main(args.toArray(new String[0]));
    long atRestart = killAndRestartAt(db, "files", 4_000, run);
    Result r = run.await(120);

    String out = r.all();
    assertOneOutageNamed(r);
    Matcher loaded = Pattern.compile("\\[FILEMETA\\] loaded (\\d+) of " + FILES + " files into files in .*; (\\d+) batches"
        + " failed").matcher(r.stdout());
    assertTrue(loaded.find(), "the batches that failed in the outage are said\n" + out);
    long stored = server.count(db, "SELECT COUNT(*) FROM files");
    assertTrue(stored > atRestart, "nothing loaded after the restart\n" + out);
    long acked = Long.parseLong(loaded.group(1));
    assertTrue(stored >= acked, stored + " files stored, " + acked + " acknowledged\n" + out);
    assertEquals(0, server.count(db, "SELECT COUNT(*) FROM files WHERE id >= " + FILES), "only the generated ids\n" + out);
    // filemeta.verify checks every user here (200 of filemeta.verifyusers=1000): OK only when no file is missing
    String verify = r.stdout().lines().filter(l -> l.startsWith("[FILEMETA-VERIFY] files per user")).findFirst()
        .orElseThrow(() -> new AssertionError("no verification\n" + out));
    assertTrue(verify.contains("of all 200 users"), verify);
    assertEquals(stored == FILES, verify.endsWith(": OK"), stored + " of " + FILES + " files stored: " + verify + "\n" + out);
    if (stored < FILES) {
      assertTrue(verify.matches(".*: \\d+ MISMATCHES"), verify);
      assertTrue(r.stdout().contains("[FILEMETA-VERIFY] MISMATCH user "), out);
      assertTrue(r.stderr().contains("[ERRORS] VERIFY"), out);
    }
    // a load must not lose a row: failed batches fail it (ycsbx.maxerrorpercent=0 in a load)
    assertEquals(1, r.exitCode(), out);
  }

  @Test
  void aFileMetaReadWriteRunGoesOnAfterAKillAndKeepsEveryAcknowledgedInsert() throws Exception {
    String db = database();
    Result load = JavaProcess.run(null, 120, "site.ycsbx.tools.Main", fileMetaLoad(db).toArray(new String[0]));
    assertEquals(0, load.exitCode(), load.all());
    assertEquals(FILES, server.count(db, "SELECT COUNT(*) FROM files"), load.all());

    // one writer and two readers for 9 s, paced so that the writer inserts a few dozen files a second
    Background run = Background.main("run", "jdbc", "-P", JavaProcess.workload("filemeta-readwrite"),
        "-p", "db.url=" + server.url(db), "-p", "db.user=root", "-p", "recordcount=" + FILES, "-p", "filemeta.users=200",
        "-p", "maxexecutiontime=9", "-p", "ycsbx.maxerrorpercent=100", "-p", "ycsbx.reconnect.backoffms=100",
        "-p", "ycsbx.reconnect.maxbackoffms=500", "-threads", "3", "-target", "300");
    long atRestart = killAndRestartAt(db, "files", FILES + 20, run);
    Result r = run.await(90);

    String out = r.all();
    assertEquals(0, r.exitCode(), out);
    assertOneOutageNamed(r);
    long inserted = server.count(db, "SELECT COUNT(*) FROM files") - FILES;
    assertTrue(inserted + FILES > atRestart, "the writer inserted nothing after the restart\n" + out);
    long ok = operations(r, "INSERT_FILE");
    long failed = operations(r, "INSERT_FILE-FAILED");
    // every acknowledged insert is stored; beyond them only inserts that failed (committed, unanswered)
    assertTrue(inserted >= ok && inserted <= ok + failed, inserted + " files inserted, " + ok + " acknowledged, " + failed
        + " failed\n" + out);
    assertTrue(operations(r, "LATEST_BY_USER-FAILED") + operations(r, "UPDATE_FILE-FAILED") + failed
        + operations(r, "DELETE_FILE-FAILED") > 0, "operations during the outage fail\n" + out);
    assertTrue(operations(r, "LATEST_BY_USER") > 0, out);
  }

  private static List<String> linkbenchLoad(String db, Path distribution) {
    return new ArrayList<>(List.of("load", "jdbc", "-P", JavaProcess.workload("linkbench-small"),
        "-p", "db.url=" + server.url(db), "-p", "db.user=root", "-p", "linkbench.maxid1=" + (LINKBENCH_NODES + 1),
        "-p", "linkbench.distributionfile=" + distribution,
        "-p", "linkbench.loader_chunk_size=" + LINKBENCH_NODES / 100, "-p", "linkbench.verify=true", "-p", "linkbench.verify_chunks=0",
        "-p", "linkbench.progressfreq=0", "-threads", "2"));
  }

  private static List<String> fileMetaLoad(String db) {
    return new ArrayList<>(List.of("load", "jdbc", "-P", JavaProcess.workload("filemeta"),
        "-p", "db.url=" + server.url(db), "-p", "db.user=root", "-p", "recordcount=" + FILES, "-p", "filemeta.users=200",
        "-p", "filemeta.batchsize=200", "-threads", "2"));
  }

  /** What the three linkbench tables hold, times aside (they come from the load's clock). */
  private static String fingerprint(String db) throws SQLException {
    return "nodes " + row(db, "SELECT COUNT(*), COALESCE(SUM(id), 0), COALESCE(SUM(version), 0),"
        + " COALESCE(SUM(LENGTH(data)), 0), COALESCE(SUM(CRC32(data)), 0) FROM nodetable")
        + "; links " + row(db, "SELECT COUNT(*), COALESCE(SUM(id1), 0), COALESCE(SUM(id2 % 1000003), 0),"
        + " COALESCE(SUM(link_type), 0), COALESCE(SUM(visibility), 0), COALESCE(SUM(CRC32(data)), 0) FROM linktable")
        + "; counts " + row(db, "SELECT COUNT(*), COALESCE(SUM(id), 0), COALESCE(SUM(count), 0) FROM counttable");
  }

  private static String row(String db, String sql) throws SQLException {
    try (Connection c = server.connect(db); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      List<String> values = new ArrayList<>();
      for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
        values.add(rs.getString(i));
      }
      return String.join("/", values);
    }
  }

  private static long operations(Result r, String op) {
    Matcher m = Pattern.compile("\\[" + Pattern.quote(op) + "\\], Operations, (\\d+)").matcher(r.stdout());
    return m.find() ? Long.parseLong(m.group(1)) : 0;
  }

  /**
   * Kills the server once the run stored {@code atLeast} rows in {@code table}, so the outage
   * lands mid-phase, and restarts it 2 s later; the rows the table held then.
   */
  private static long killAndRestartAt(String db, String table, long atLeast, Background run) throws Exception {
    server.awaitRows(db, table, atLeast, run);
    server.kill();
    Thread.sleep(2_000);
    server.restart();
    return server.count(db, "SELECT COUNT(*) FROM " + table);
  }

  private static void assertOneOutageNamed(Result r) {
    List<String> outages = r.stderr().lines().filter(l -> l.startsWith("[OUTAGE]")).toList();
    assertEquals(1, outages.size(), r.all());
    assertTrue(outages.get(0).matches(OUTAGE), outages.get(0));
  }

  private static String database() throws SQLException {
    return server.newDatabase("storefaults_");
  }
}
