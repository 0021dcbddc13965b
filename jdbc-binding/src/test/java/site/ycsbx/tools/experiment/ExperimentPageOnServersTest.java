package site.ycsbx.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.db.jdbc.TestDatabase;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.PageLayoutChecks;

/**
 * A page people publish, from an experiment run on this machine's MariaDB (InnoDB and RocksDB, an
 * iibench load in rounds and a run): laid out by headless Chromium at 1400 px with no row taller than
 * two lines, every mark's note on screen, nothing scrolling sideways, and its header naming the server's
 * version as the server gives it, YCSB-X's, the date, the host and the command; results.md beside it
 * with a table per size, once each.
 */
@Tag("slow")
class ExperimentPageOnServersTest {
  @TempDir
  Path tmp;

  @Test
  void theRealPageStandsAloneAndReadsAtAGlance() throws Exception {
    try (TestDatabase innodb = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB);
        TestDatabase rocksdb = TestDatabase.create(TestDatabase.Target.MARIADB_ROCKSDB)) {
      Map<String, String> k = new LinkedHashMap<>();
      k.put("targets", "innodb,rocksdb");
      k.putAll(ExperimentOnServersTest.target("innodb", innodb));
      k.putAll(ExperimentOnServersTest.target("rocksdb", rocksdb));
      k.put("target.innodb.expect.storage.engine", "InnoDB");
      k.put("target.rocksdb.expect.storage.engine", "ROCKSDB");
      k.put("steps", "load,run");
      k.put("step.load.command", "load");
      k.put("step.load.P", JavaProcess.workload("iibench"));
      k.put("step.load.recordcount", "4000");
      k.put("step.load.iibench.batchsize", "500");
      k.put("step.load.iibench.roundrows", "2000");
      k.put("step.load.iibench.drop", "true");
      k.put("step.run.command", "run");
      k.put("step.run.P", JavaProcess.workload("iibench"));
      k.put("step.run.operationcount", "2000");
      k.put("step.run.iibench.batchsize", "500");
      k.put("step.run.iibench.roundrows", "2000");
      Path file = tmp.resolve("exp");
      Files.writeString(file, "# Two engines of one server, an iibench load in rounds. Each in a database of its own.\n"
          + k.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining("\n")) + "\n");
      Path out = tmp.resolve("out");
      Result r = InProcessMain.run("experiment", file.toString(), "--out", out.toString());
      assertEquals(0, r.exitCode(), r.all());
      String version;
      try (java.sql.Connection c = innodb.connect(); java.sql.Statement s = c.createStatement();
          java.sql.ResultSet rs = s.executeQuery("SELECT VERSION()")) {
        rs.next();
        version = rs.getString(1);
      }

      var page = PageLayoutChecks.layout(out.resolve(ExperimentPage.FILE));
      assertEquals(List.of(), PageLayoutChecks.problems(page, "MariaDB " + version, Fingerprint.version(),
          "bin/ycsb experiment " + file, " UTC", "GB memory"), page.toString());
      assertEquals("Two engines of one server, an iibench load in rounds.", Files.readString(out.resolve(
          ExperimentPage.FILE)).replaceFirst("(?s).*<p class=\"purpose\">([^<]*)</p>.*", "$1"));

      String md = Files.readString(out.resolve(BlogTables.MD));
      List<BlogTablesTest.Table> tables = BlogTablesTest.tables(md);
      List<String> sizes = tables.stream().map(BlogTablesTest.Table::title).filter(t -> t.contains("table per size"))
          .toList();
      assertEquals(2, sizes.size(), md);
      assertEquals(2, sizes.stream().distinct().count(), md);
      assertFalse(md.contains("not reached"), "both targets reached both sizes: " + md);
      assertTrue(md.contains("- **Server**: MariaDB " + version), md);
      assertTrue(Files.readString(out.resolve(BlogTables.TXT)).contains("Server:"), "results.txt has the header");
    }
  }
}
