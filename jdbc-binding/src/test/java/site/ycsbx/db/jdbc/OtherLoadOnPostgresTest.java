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
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.testing.JavaProcess;

/**
 * A load beside a second process writing to the same PostgreSQL (this test's JVM, inserting rows
 * into a table of another schema as fast as it can) is marked: the cluster's rows written grew by
 * far more than the load's own schema's relations gained. The CPU check is switched off ({@code ycsbx.others.cpu=100}),
 * so the mark is the server counters' alone (this shared 2-core host's CPU would mark it anyway).
 * Other tests may write to the same server meanwhile; they only add to the others' rows (their
 * catalog writes, counted as this run's, are the slack on its own rows).
 */
@Tag("slow")
class OtherLoadOnPostgresTest {
  private static final int ROWS = 1000;

  @Test
  void aLoadBesideAnotherWriterInAnotherSchemaIsMarked(@TempDir Path out) throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.POSTGRESQL);
        TestDatabase next = TestDatabase.create(TestDatabase.Target.POSTGRESQL)) {
      try (Connection c = next.connect(); Statement s = c.createStatement()) {
        s.execute("CREATE TABLE neighbour (id BIGSERIAL PRIMARY KEY, v VARCHAR(16))");
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
      // the load's own schema: its rows (and catalog rows of its own and of tests beside it)
      assertTrue(mine >= ROWS && mine < ROWS + 1000, others.toString());
      assertTrue(server - mine > 5 * ROWS, "the neighbour wrote " + written.get() + ": " + others);
      assertTrue(others.path("why").asText().startsWith("the server's rows written grew by " + server
          + ", this run's connections' by " + mine), others.toString());
      assertTrue(r.stderr().contains("[SUMMARY] ran beside other load: the server's rows written grew by"), r.stderr());
      assertTrue(others.path("server_source").asText().startsWith("PostgreSQL pg_stat_database"),
          others.toString());
    }
  }
}
