package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import site.ycsbx.testing.JavaProcess;

/**
 * A load beside a second process writing to the same server (this test's JVM, inserting rows into
 * a table of another database or schema as fast as it can) is marked: the server's rows written
 * grew by far more than the load's own part did (MariaDB: the load's connections' session counters;
 * PostgreSQL: what the load's schema's relations gained). The CPU check is switched off
 * ({@code ycsbx.others.cpu=100}), so the mark is the server counters' alone (this shared 2-core
 * host's CPU would mark it anyway). Other tests may write to the same server meanwhile; they only
 * add to the others' rows (the slack on the load's own rows: a few statements' worth on MariaDB,
 * catalog rows on PostgreSQL). A run beside a writer into the run's own usertable is marked too
 * (MariaDB: by the sessions' counters; PostgreSQL: by the rows its tables gained beyond what the run
 * sent them), and the load before it, alone, is not marked by its tables.
 */
@Tag("slow")
class OtherLoadOnServersTest {
  private static final int ROWS = 1000;

  /** A server, the neighbour's table there, the slack on the load's own rows, the counters' source. */
  record Server(TestDatabase.Target target, String neighbourTable, int slack, String source) {
    @Override
    public String toString() {
      return target.name();
    }
  }

  static Stream<Server> servers() {
    return Stream.of(
        new Server(TestDatabase.Target.MARIADB_INNODB,
            "CREATE TABLE neighbour (id BIGINT AUTO_INCREMENT PRIMARY KEY, v VARCHAR(16)) ENGINE=InnoDB", 500,
            "MariaDB SHOW GLOBAL/SESSION STATUS"),
        new Server(TestDatabase.Target.POSTGRESQL, "CREATE TABLE neighbour (id BIGSERIAL PRIMARY KEY, v VARCHAR(16))",
            1000, "PostgreSQL pg_stat_database"));
  }

  /** bin/ycsb with {@code args} while the started {@code neighbour} writes; the neighbour stopped after; exit 0. */
  private static JavaProcess.Result runBeside(Thread neighbour, AtomicBoolean stop, List<String> args) throws Exception {
    JavaProcess.Result r;
    try {
      r = JavaProcess.run("site.ycsbx.tools.Main", args.toArray(new String[0]));
    } finally {
      stop.set(true);
      neighbour.join(30_000);
    }
    assertEquals(0, r.exitCode(), r.all());
    return r;
  }

  /** result.json's others of the run folder {@code dir}. */
  private static JsonNode others(Path dir) throws Exception {
    return new ObjectMapper().readTree(dir.resolve("result.json").toFile()).path("others");
  }

  @ParameterizedTest
  @MethodSource("servers")
  void aLoadBesideAnotherWriterOnTheSameServerIsMarked(Server on, @TempDir Path out) throws Exception {
    try (TestDatabase db = TestDatabase.create(on.target());
        TestDatabase next = TestDatabase.create(on.target())) {
      try (Connection c = next.connect(); Statement s = c.createStatement()) {
        s.execute(on.neighbourTable());
      }
      AtomicBoolean stop = new AtomicBoolean();
      AtomicLong written = new AtomicLong();
      StringBuilder batch = new StringBuilder("INSERT INTO neighbour (v) VALUES ('x')");
      for (int i = 1; i < 500; i++) {
        batch.append(",('x')");
      }
      Thread neighbour = new Thread(() -> {
        try (Connection c = next.connect(); Statement s = c.createStatement()) {
          while (!stop.get()) {
            written.addAndGet(s.executeUpdate(batch.toString()));
          }
        } catch (Exception e) {
          throw new RuntimeException(e);
        }
      }, "neighbour");
      neighbour.start();
      while (written.get() < 5000 && neighbour.isAlive()) {
        Thread.sleep(20);
      }
      List<String> args = new ArrayList<>(List.of("load", "jdbc", "-P", JavaProcess.workload("workloada"), "-p",
          "recordcount=" + ROWS, "-p", "ycsbx.out=" + out.resolve("run"), "-p", "ycsbx.others.cpu=100", "-p",
          "ycsbx.report=false"));
      args.addAll(db.options());
      JavaProcess.Result r = runBeside(neighbour, stop, args);
      JsonNode others = others(out.resolve("run"));
      assertTrue(others.path("marked").asBoolean(), others.toString());
      long mine = others.path("run_rows_written").asLong();
      long server = others.path("server_rows_written").asLong();
      assertTrue(mine >= ROWS && mine < ROWS + on.slack(), others.toString());
      assertTrue(server - mine > 5 * ROWS, "the neighbour wrote " + written.get() + ": " + others);
      assertTrue(others.path("why").asText().startsWith("the server's rows written grew by " + server
          + ", this run's connections' by " + mine), others.toString());
      assertTrue(r.stderr().contains("[SUMMARY] ran beside other load: the server's rows written grew by"), r.stderr());
      assertTrue(others.path("server_source").asText().startsWith(on.source()), others.toString());
    }
  }

  @ParameterizedTest
  @MethodSource("servers")
  void aRunBesideAnotherWriterIntoItsOwnTableIsMarked(Server on, @TempDir Path out) throws Exception {
    try (TestDatabase db = TestDatabase.create(on.target())) {
      // alone: a load in batches (PostgreSQL's driver gives no count per row of a rewritten batch)
      List<String> load = new ArrayList<>(List.of("load", "jdbc", "-P", JavaProcess.workload("workloada"), "-p",
          "recordcount=" + ROWS, "-p", "db.batchsize=100", "-p", "ycsbx.out=" + out.resolve("load"), "-p",
          "ycsbx.others.cpu=100", "-p", "ycsbx.report=false"));
      load.addAll(db.options());
      JavaProcess.Result loaded = JavaProcess.run("site.ycsbx.tools.Main", load.toArray(new String[0]));
      assertEquals(0, loaded.exitCode(), loaded.all());
      JsonNode alone = others(out.resolve("load"));
      assertFalse(alone.path("why").asText().contains("run's tables"), alone.toString());
      if (!on.target().mariadb()) {
        assertEquals(ROWS, alone.path("tables_rows_written").asLong(), alone.toString());
        assertEquals(ROWS, alone.path("sent_rows_written").asLong(), alone.toString());
      }
      AtomicBoolean stop = new AtomicBoolean();
      AtomicLong written = new AtomicLong();
      Thread neighbour = new Thread(() -> {
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
          for (int i = 0; !stop.get(); i++) {
            StringBuilder rows = new StringBuilder("INSERT INTO usertable (YCSB_KEY) VALUES ('nb" + i + "_0')");
            for (int j = 1; j < 200; j++) {
              rows.append(",('nb").append(i).append('_').append(j).append("')");
            }
            written.addAndGet(s.executeUpdate(rows.toString()));
            Thread.sleep(100);
          }
        } catch (Exception e) {
          throw new RuntimeException(e);
        }
      }, "neighbour");
      neighbour.start();
      List<String> run = new ArrayList<>(List.of("run", "jdbc", "-P", JavaProcess.workload("workloada"), "-p",
          "recordcount=" + ROWS, "-p", "operationcount=100000000", "-p", "maxexecutiontime=3", "-target", "200", "-p",
          "ycsbx.out=" + out.resolve("run"), "-p", "ycsbx.others.cpu=100", "-p", "ycsbx.report=false"));
      run.addAll(db.options());
      JavaProcess.Result r = runBeside(neighbour, stop, run);
      JsonNode others = others(out.resolve("run"));
      assertTrue(others.path("marked").asBoolean(), "the neighbour wrote " + written.get() + ": " + others);
      if (on.target().mariadb()) {
        assertTrue(others.path("why").asText().contains("the server's rows written grew by"), others.toString());
      } else {
        long tables = others.path("tables_rows_written").asLong();
        long sent = others.path("sent_rows_written").asLong();
        assertTrue(sent > 0 && tables - sent > 1000, others.toString());
        assertTrue(others.path("why").asText().matches(".*server: \\d+% more rows written to the run's tables than"
            + " this run sent \\(" + tables + " against " + sent + ", over 50%\\): another client\\?.*"),
            others.toString());
      }
      assertTrue(r.stderr().contains("[SUMMARY] ran beside other load: "), r.stderr());
    }
  }
}
