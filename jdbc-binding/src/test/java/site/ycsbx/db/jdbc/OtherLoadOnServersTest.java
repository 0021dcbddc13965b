package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
 * catalog rows on PostgreSQL).
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
      JavaProcess.Result r;
      try {
        r = JavaProcess.run("site.ycsbx.tools.Main", args.toArray(new String[0]));
      } finally {
        stop.set(true);
        neighbour.join(30_000);
      }
      assertEquals(0, r.exitCode(), r.all());
      JsonNode others = new ObjectMapper().readTree(out.resolve("run/result.json").toFile()).path("others");
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
}
