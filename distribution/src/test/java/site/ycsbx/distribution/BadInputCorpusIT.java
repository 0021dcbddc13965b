package site.ycsbx.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.distribution.Shell.Result;

/**
 * The bad-input corpus (issue 9): command lines users got wrong, each run through the real
 * {@code bin/ycsb} of this checkout in a subprocess. Every one must give exit code 2 and exactly
 * one line (on stderr, nothing on stdout) naming what is wrong, no stack trace, and create
 * nothing: no file or folder in the working directory (no sweep folder, no embedded data folder)
 * and no table in the MariaDB database the command names (a database of this test's own).
 */
@Tag("process")
class BadInputCorpusIT {
  private static final String USER = env("YCSBX_TEST_USER", "ycsbx");
  private static final String PASSWORD = env("YCSBX_TEST_PASSWORD", "ycsbx");
  private static final String MARIADB = "jdbc:mysql://" + env("YCSBX_MARIADB_HOST", "127.0.0.1") + ":"
      + env("YCSBX_MARIADB_PORT", "3306") + "/";

  @TempDir
  static Path tmp;
  static Path repo;
  static Shell shell;
  /** An empty MariaDB database of this test's own: bad input must leave it without tables. */
  static String database;

  @BeforeAll
  static void setUp() throws IOException, SQLException {
    repo = Path.of(Shell.property("ycsbx.repo")).toRealPath();
    shell = Shell.create(tmp);
    database = "ycsbx_bad_" + Long.toString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE, 36);
    try (Connection c = DriverManager.getConnection(MARIADB, USER, PASSWORD); Statement s = c.createStatement()) {
      s.execute("CREATE DATABASE " + database);
    }
  }

  @AfterAll
  static void dropDatabase() throws SQLException {
    if (database != null) {
      try (Connection c = DriverManager.getConnection(MARIADB, USER, PASSWORD); Statement s = c.createStatement()) {
        s.execute("DROP DATABASE IF EXISTS " + database);
      }
    }
  }

  /** One command line and the words its one line must hold. */
  private record Case(String name, List<String> args, String... expected) {
  }

  private static Case bad(String name, List<String> args, String... expected) {
    return new Case(name, args, expected);
  }

  private static String workload(String name) {
    return repo.resolve("workloads").resolve(name).toString();
  }

  private static List<String> args(String... a) {
    return List.of(a);
  }

  /** {@code load jdbc} into this test's database, as root of nothing: the test account. */
  private static List<String> jdbc(String workload, String... more) {
    List<String> a = new ArrayList<>(List.of("load", "jdbc", "-P", workload(workload), "-p",
        "db.url=" + MARIADB + database, "-p", "db.user=" + USER, "-p", "db.passwd=" + PASSWORD, "-p", "recordcount=10"));
    a.addAll(List.of(more));
    return a;
  }

  /** {@code load mongodb-embedded} into a folder that must not come to exist (data, in the working directory). */
  private static List<String> embedded(String workload, String... more) {
    List<String> a = new ArrayList<>(List.of("load", "mongodb-embedded", "-P", workload(workload), "-p",
        "mongodb.embedded.dir=data", "-p", "recordcount=10"));
    a.addAll(List.of(more));
    return a;
  }

  private static List<String> nullLoad(String workload, String... more) {
    List<String> a = new ArrayList<>(List.of("load", "null", "-P", workload(workload), "-p", "recordcount=10"));
    a.addAll(List.of(more));
    return a;
  }

  private static List<Case> corpus() throws IOException {
    Path files = Files.createDirectories(tmp.resolve("inputs"));
    Path binary = files.resolve("result.bin");
    byte[] bytes = new byte[256];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = (byte) (i * 37 + 128);
    }
    Files.write(binary, bytes);
    Path fifo = files.resolve("result.fifo");
    if (!Files.exists(fifo)) {
      Result r = shell.run(files, Shell.env(shell.pathWithJava()), "/usr/bin/mkfifo", fifo.toString());
      assertEquals(0, r.exitCode(), r.all());
    }
    List<Case> c = new ArrayList<>();
    // seen with a stack trace, exit 1 or a late failure
    c.add(bad("empty recordcount", nullLoad("workloada", "-p", "recordcount="), "recordcount is empty",
        "2147483647"));
    c.add(bad("unknown requestdistribution", args("run", "null", "-P", workload("workloada"), "-p",
        "requestdistribution=gaussian"), "requestdistribution=gaussian", "zipfian"));
    c.add(bad("negative fieldlength on MariaDB", jdbc("workloada", "-p", "fieldlength=-1"), "fieldlength=-1"));
    c.add(bad("negative fieldlength on mongodb-embedded", embedded("workloada", "-p", "fieldlength=-1"),
        "fieldlength=-1"));
    c.add(bad("exporter not on the class path", nullLoad("workloada", "-p", "exporter=no.such.Exporter"),
        "exporter=no.such.Exporter"));
    c.add(bad("exportfile in a missing folder", nullLoad("workloada", "-p",
        "exportfile=" + tmp.resolve("missing/out.json")), "exportfile=", "does not exist"));
    c.add(bad("unknown measurementtype", nullLoad("workloada", "-p", "measurementtype=bogus"),
        "measurementtype=bogus", "hdrhistogram"));
    c.add(bad("bin/ycsb's own exporter as exporter", nullLoad("workloada", "-p",
        "exporter=site.ycsbx.measurements.ResultExporter"), "exporter=site.ycsbx.measurements.ResultExporter"));
    // silently accepted
    c.add(bad("empty mongodb.embedded.dir", args("load", "mongodb-embedded", "-P", workload("workloada"), "-p",
        "recordcount=10", "-p", "mongodb.embedded.dir="), "mongodb.embedded.dir is empty"));
    c.add(bad("unknown null.* property", nullLoad("workloada", "-p", "null.foo=1"), "null.foo"));
    c.add(bad("roundfile in a missing folder", nullLoad("iibench", "-p", "iibench.roundfile=/nonexistent/x.csv"),
        "iibench.roundfile=/nonexistent/x.csv", "does not exist"));
    // created before failing
    c.add(bad("sweep without -P", args("sweep", "run", "null", "--threads", "1,2"), "no workload"));
    c.add(bad("sweep with an unknown binding", args("sweep", "run", "nosuch", "-P", workload("workloada"),
        "--threads", "1,2"), "unknown binding 'nosuch'"));
    c.add(bad("iibench.rows=0 on MariaDB", jdbc("iibench", "-p", "iibench.rows=0"), "iibench.rows=0"));
    c.add(bad("iibench.rows=0 on mongodb-embedded", embedded("iibench", "-p", "iibench.rows=0"), "iibench.rows=0"));
    // unclear
    c.add(bad("unreadable -P file", args("load", "null", "-P", unreadableFile(files).toString()),
        "permission denied"));
    c.add(bad("binary file to compare", args("compare", binary.toString(), binary.toString()),
        "not a YCSB result file"));
    c.add(bad("recordcount beyond an int", nullLoad("workloada", "-p", "recordcount=3000000000"),
        "recordcount=3000000000", "2147483647", "iibench.rows", "filemeta.files"));
    c.add(bad("compare on a FIFO", args("compare", fifo.toString(), fifo.toString()), "not a regular file"));
    // already answered right
    c.add(bad("unknown binding", args("load", "nosuch", "-P", workload("workloada")), "unknown binding 'nosuch'"));
    c.add(bad("unknown command", args("frobnicate", "null"), "unknown command 'frobnicate'"));
    c.add(bad("misspelt recordcount", nullLoad("workloada", "-p", "recordcont=5"), "did you mean recordcount?"));
    c.add(bad("missing -P file", args("load", "null", "-P", "/nonexistent/workload"), "does not exist"));
    c.add(bad("-threads not a number", nullLoad("workloada", "-threads", "many"), "threadcount=many"));
    c.add(bad("proportion above 1", args("run", "null", "-P", workload("workloada"), "-p", "readproportion=2"),
        "readproportion=2"));
    c.add(bad("unknown write concern on mongodb-embedded", embedded("workloada", "-p",
        "mongodb.writeConcern=always"), "mongodb.writeConcern=always"));
    c.add(bad("misspelt jdbc property", jdbc("workloada", "-p", "jdbc.batchsiz=10"), "unknown property jdbc.batchsiz"));
    c.add(bad("sweep with no thread count", args("sweep", "run", "null", "-P", workload("workloada"), "--threads",
        "0"), "--threads"));
    c.add(bad("unknown option", nullLoad("workloada", "-x"), "unknown option -x"));
    return c;
  }

  /**
   * A file this process cannot read: mode 000, or, for root (who reads it anyway), a write-only
   * sysfs attribute, which the kernel refuses to open for reading even to root.
   */
  private static Path unreadableFile(Path dir) throws IOException {
    Path f = dir.resolve("unreadable.properties");
    if (!Files.exists(f)) {
      Files.writeString(f, "workload=site.ycsb.workloads.CoreWorkload\n");
      Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("---------"));
    }
    if (!Files.isReadable(f)) {
      return f;
    }
    Path sysfs = Path.of("/sys/bus/pci/rescan");
    assertTrue(Files.exists(sysfs), "running as root and " + sysfs + " is absent: no file to test an unreadable -P with");
    return sysfs;
  }

  @TestFactory
  Stream<DynamicTest> eachBadInputIsOneLineExitTwoAndCreatesNothing() throws IOException {
    return corpus().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> check(c)));
  }

  private static void check(Case c) throws IOException, SQLException {
    Path work = Files.createDirectories(tmp.resolve("work-" + c.name().replaceAll("[^A-Za-z0-9]+", "-")));
    List<String> command = new ArrayList<>(List.of(repo.resolve("bin/ycsb").toString()));
    command.addAll(c.args());
    Result r = shell.run(work, Shell.env(shell.pathWithJava()), command.toArray(new String[0]));
    String what = String.join(" ", c.args()) + "\n" + r.all();
    assertEquals(2, r.exitCode(), what);
    assertEquals("", r.stdout().strip(), "nothing on stdout: " + what);
    List<String> lines = r.stderrLines();
    assertEquals(1, lines.size(), "exactly one line: " + what);
    String line = lines.get(0);
    assertTrue(line.startsWith("ycsb: "), what);
    for (String e : c.expected()) {
      assertTrue(line.contains(e), "'" + e + "' missing: " + what);
    }
    assertFalse(r.all().contains("Exception"), what);
    assertFalse(r.all().contains("\tat "), what);
    try (Stream<Path> created = Files.list(work)) {
      assertEquals(List.of(), created.toList(), "created in the working directory: " + what);
    }
    assertEquals(List.of(), tables(), "tables created in " + database + ": " + what);
  }

  private static List<String> tables() throws SQLException {
    List<String> out = new ArrayList<>();
    try (Connection c = DriverManager.getConnection(MARIADB, USER, PASSWORD);
        PreparedStatement ps = c.prepareStatement(
            "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?")) {
      ps.setString(1, database);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(rs.getString(1));
        }
      }
    }
    return out;
  }

  private static String env(String name, String def) {
    String v = System.getenv(name);
    return v == null || v.isBlank() ? def : v;
  }
}
