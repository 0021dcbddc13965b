package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import site.ycsbx.results.PointResult;
import site.ycsbx.results.SweepFile;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.SweepChecks;
import site.ycsbx.tools.sweep.Sweep;
import site.ycsbx.tools.sweep.SweepReport;

/**
 * A real thread sweep (1, 2, 4 threads, workloada) against MariaDB with InnoDB and with
 * RocksDB: every point a fresh JVM talking to the server, the three files written, each point
 * labelled with the engine, the HTML rendered in headless Chromium.
 */
@Tag("process")
class SweepOnMariaDbTest {
  @ParameterizedTest
  @EnumSource(value = TestDatabase.Target.class, names = {"MARIADB_INNODB", "MARIADB_ROCKSDB"})
  void runSweepWritesTheThreeFiles(TestDatabase.Target target, @TempDir Path tmp) throws Exception {
    try (TestDatabase db = TestDatabase.create(target)) {
      List<String> common = new ArrayList<>(List.of("-P", JavaProcess.workload("workloada"),
          "-p", "recordcount=300", "-p", "operationcount=600"));
      common.addAll(db.options());

      List<String> load = new ArrayList<>(List.of("load", "jdbc"));
      load.addAll(common);
      Result loaded = JavaProcess.run("site.ycsbx.tools.Main", load.toArray(new String[0]));
      assertEquals(0, loaded.exitCode(), loaded.all());

      Path out = tmp.resolve("sweep");
      List<String> sweep = new ArrayList<>(List.of("run", "jdbc"));
      sweep.addAll(common);
      sweep.addAll(List.of("--threads", "1,2,4", "--out", out.toString(), "--label", target.name().toLowerCase()));
      ByteArrayOutputStream stdout = new ByteArrayOutputStream();
      ByteArrayOutputStream stderr = new ByteArrayOutputStream();
      int exit = Sweep.run(sweep, new PrintStream(stdout, true, StandardCharsets.UTF_8),
          new PrintStream(stderr, true, StandardCharsets.UTF_8));
      String all = stdout.toString(StandardCharsets.UTF_8) + stderr.toString(StandardCharsets.UTF_8);
      assertEquals(0, exit, all);
      assertTrue(all.contains("verdict: "), all);

      SweepFile f = SweepChecks.assertFiles(out, List.of(1, 2, 4), List.of("READ", "UPDATE"), "jdbc");
      for (PointResult p : f.points()) {
        assertTrue(target.engine.equalsIgnoreCase(p.fingerprint().get("storage.engine")), p.fingerprint().toString());
        assertEquals(600, p.ops().get("READ").count() + p.ops().get("UPDATE").count());
        assertEquals(0, p.errors());
      }
      assertTrue(f.ycsbArgs().contains("db.passwd=*****"), f.ycsbArgs().toString());
      assertEquals(300, db.rows("usertable"));
      SweepChecks.assertRenders(out.resolve(SweepReport.HTML_FILE));
    }
  }
}
