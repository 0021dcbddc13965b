package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.testing.JavaProcess;

/**
 * With autocommit off, the connection of a run is killed on the server: every later operation
 * fails, and so does the cleanup's final commit. The summary's first error is the operation's
 * (the lost connection), not CLEANUP's, although CLEANUP sorts first by name.
 */
@Tag("process")
class FirstErrorTest {
  private static final Pattern FIRST = Pattern.compile("(?m)^\\[ERRORS\\] FAILED: .*; first error: ([A-Z_-]+): (.*)$");

  @Test
  void theFirstErrorIsTheLostConnectionNotTheCleanup() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      assertEquals(0, JavaProcess.run("site.ycsbx.tools.Main", args(db, "load", "recordcount=100")).exitCode());
      List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-Xmx512m", "-cp", System.getProperty("java.class.path"), "site.ycsbx.tools.Main"));
      cmd.addAll(List.of(args(db, "run", "operationcount=1000000000")));
      cmd.addAll(List.of("-p", "jdbc.autocommit=false", "-p", "maxexecutiontime=4", "-p", "ycsbx.maxerrorpercent=0"));
      Path out = Files.createTempFile("ycsbx-out", ".txt");
      Path err = Files.createTempFile("ycsbx-err", ".txt");
      Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
      try {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.readString(err).contains("Starting test.") && System.nanoTime() < deadline && p.isAlive()) {
          Thread.sleep(50);
        }
        Thread.sleep(500);
        int killed = 0;
        for (int round = 0; round < 3; round++) {
          killed += killConnectionsTo(db);
          Thread.sleep(100);
        }
        assertTrue(killed > 0, "no connection of the run to kill: " + Files.readString(err));
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the run did not end: " + Files.readString(err));
        String stderr = Files.readString(err);
        assertEquals(1, p.exitValue(), stderr);
        Matcher first = FIRST.matcher(stderr);
        assertTrue(first.find(), stderr);
        assertTrue(first.group(1).equals("READ") || first.group(1).equals("UPDATE"),
            "the first error is the operation's that met the killed connection: " + stderr);
        if (stderr.contains("[ERROR] CLEANUP: ")) {
          assertTrue(stderr.indexOf("[ERROR] CLEANUP: ") > stderr.indexOf("[ERROR] " + first.group(1) + ": "), stderr);
        }
      } finally {
        p.destroyForcibly();
        Files.deleteIfExists(out);
        Files.deleteIfExists(err);
      }
    }
  }

  private static String[] args(TestDatabase db, String command, String count) {
    List<String> a = new ArrayList<>(List.of(command, "jdbc", "-P", JavaProcess.workload("workloada"),
        "-p", "recordcount=100", "-p", count, "-threads", "1"));
    a.addAll(db.options());
    return a.toArray(new String[0]);
  }

  /** Kills the run's connections once it has some (a user may kill its own). */
  private static int killConnectionsTo(TestDatabase db) throws Exception {
    List<Long> ids = new ArrayList<>();
    try (Connection c = db.connect(); Statement s = c.createStatement()) {
      try (ResultSet rs = s.executeQuery("SELECT ID FROM information_schema.PROCESSLIST WHERE DB = '" + db.name
          + "' AND ID <> CONNECTION_ID()")) {
        while (rs.next()) {
          ids.add(rs.getLong(1));
        }
      }
      for (long id : ids) {
        s.execute("KILL CONNECTION " + id);
      }
    }
    return ids.size();
  }
}
