package site.ycsbx.db.jdbc.faults;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import site.ycsbx.testing.Background;
import site.ycsbx.testing.JavaProcess;

/**
 * The paced iibench load the server fault tests kill, freeze and restart a server under, on
 * MariaDB and PostgreSQL alike: slow enough (2 threads, 40 transactions/s) that a fault lands
 * mid-load, with every failure tolerated so the run itself decides its exit code.
 */
final class IIBenchUnderFaults {
  private IIBenchUnderFaults() {
  }

  static Background load(PrivateServer server, String db, int rows, int batch, String... more) throws Exception {
    List<String> args = new ArrayList<>(List.of("load", "jdbc", "-P", JavaProcess.workload("iibench"),
        "-p", "db.url=" + server.url(db), "-p", "db.user=" + server.user(), "-p", "iibench.rows=" + rows,
        "-p", "iibench.batchsize=" + batch, "-p", "iibench.reportseconds=1", "-p", "ycsbx.maxerrorpercent=100",
        "-threads", "2", "-target", "40"));
    args.addAll(List.of(more));
    return Background.main(args.toArray(new String[0]));
  }

  /** A new database with a unique name. */
  static String database(PrivateServer server) throws SQLException {
    String name = "faults_" + Long.toString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE, 36);
    server.createDatabase(name);
    return name;
  }

  /** Waits until the load stored {@code atLeast} rows; fails if it ends or takes a minute first. */
  static void awaitRows(PrivateServer server, String db, long atLeast, Background run) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (true) {
      long n;
      try {
        n = rows(server, db);
      } catch (SQLException e) {
        n = 0; // the table is not there yet
      }
      if (n >= atLeast) {
        return;
      }
      if (!run.isAlive() || System.nanoTime() > deadline) {
        run.close();
        throw new AssertionError("the load never reached " + atLeast + " rows (" + n + ")\n" + run.stderrSoFar());
      }
      Thread.sleep(50);
    }
  }

  static long rows(PrivateServer server, String db) throws SQLException {
    try (Connection c = server.connect(db); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM purchases_index")) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
