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
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.OneLineError;
import site.ycsbx.tools.Main;
import site.ycsbx.util.UserError;

/**
 * {@code bin/ycsb verify jdbc -P workloads/linkbench-small} on data a real load stored (a
 * subprocess), the verifies in this JVM: the counts agree and the graph is as loaded (exit 0); a
 * count changed behind LinkBench's back is listed (exit 1), and so is a node deleted, by the check
 * as loaded only (a run deletes nodes: the count check does not look at them); bad input compares
 * nothing (exit 2, one line), and nothing is written.
 */
@Tag("process")
class LinkBenchVerifyOnServersTest {
  private static final long MAXID1 = 2001;

  private static List<String> common(Path file) {
    return List.of("-p", "linkbench.maxid1=" + MAXID1, "-p", "linkbench.distributionfile=" + file, "-p",
        "linkbench.loader_chunk_size=250");
  }

  private static Result verify(TestDatabase db, Path file, String... props) {
    List<String> args = new ArrayList<>(List.of("verify", "jdbc", "-P", JavaProcess.workload("linkbench-small")));
    args.addAll(common(file));
    args.addAll(db.options());
    for (String p : props) {
      args.add("-p");
      args.add(p);
    }
    return InProcessMain.run(args.toArray(new String[0]));
  }

  private static long query(TestDatabase db, String sql) throws Exception {
    try (Connection c = db.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @ParameterizedTest
  @EnumSource(value = TestDatabase.Target.class, names = {"MARIADB_INNODB", "POSTGRESQL"})
  void aLoadedGraphAgreesAndChangesBehindItsBackAreListed(TestDatabase.Target target, @TempDir Path dir)
      throws Exception {
    try (TestDatabase db = TestDatabase.create(target)) {
      Path file = dir.resolve("Distribution.dat");
      Files.writeString(file, "nlinks\n0 40\n1 70\n3 90\n10 99\n60 100\n");
      List<String> load = new ArrayList<>(List.of("load", "jdbc", "-P", JavaProcess.workload("linkbench-small")));
      load.addAll(common(file));
      load.addAll(db.options());
      Result loaded = JavaProcess.run(Main.class.getName(), load.toArray(new String[0]));
      assertEquals(0, loaded.exitCode(), loaded.all());

      Result ok = verify(db, file, "linkbench.verify_chunks=0");
      assertEquals(0, ok.exitCode(), ok.all());
      assertTrue(ok.stdout().contains("[LINKBENCH-VERIFY] checking the count table against the visible links"),
          ok.stdout());
      assertTrue(ok.stdout().strip().endsWith("[VERIFY] OK: 2000 ids: 4000 (id1, link_type) pairs; nothing was written"),
          "every chunk, no sample: " + ok.stdout());
      Result asLoaded = verify(db, file, "linkbench.verify_as_loaded=true", "linkbench.verify_chunks=4");
      assertEquals(0, asLoaded.exitCode(), asLoaded.all());
      assertTrue(asLoaded.stdout().strip().endsWith("[VERIFY] OK: 1000 ids: 1000 nodes, 2000 (id1, link_type) lists;"
          + " sampled 4 of 8 chunks; linkbench.verify_chunks=0 checks all; nothing was written"), asLoaded.stdout());

      long id = query(db, "SELECT MIN(id) FROM counttable WHERE count > 0");
      long type = query(db, "SELECT MIN(link_type) FROM counttable WHERE count > 0 AND id = " + id);
      long count = query(db, "SELECT count FROM counttable WHERE id = " + id + " AND link_type = " + type);
      db.execute("UPDATE counttable SET count = count + 1 WHERE id = " + id + " AND link_type = " + type);
      Result badCount = verify(db, file, "linkbench.verify_chunks=0");
      assertEquals(1, badCount.exitCode(), badCount.all());
      assertTrue(badCount.stdout().contains("[LINKBENCH-VERIFY] MISMATCH (" + id + ", " + type + "): count table "
          + (count + 1) + ", visible links " + count), badCount.stdout());
      String last = badCount.stdout().strip().substring(badCount.stdout().strip().lastIndexOf('\n') + 1);
      assertTrue(last.startsWith("[VERIFY] FAILED: 1 mismatch (listed above)") && last.endsWith("; nothing was written"),
          badCount.stdout());
      db.execute("UPDATE counttable SET count = count - 1 WHERE id = " + id + " AND link_type = " + type);

      db.execute("DELETE FROM nodetable WHERE id = 5");
      Result countsOnly = verify(db, file, "linkbench.verify_chunks=0");
      assertEquals(0, countsOnly.exitCode(), "nodes are not the count check's: " + countsOnly.all());
      Result missingNode = verify(db, file, "linkbench.verify_as_loaded=true", "linkbench.verify_chunks=0");
      assertEquals(1, missingNode.exitCode(), missingNode.all());
      assertTrue(missingNode.stdout().contains("[LINKBENCH-VERIFY] MISMATCH node 5: missing"), missingNode.stdout());

      long rows = query(db, "SELECT COUNT(*) FROM linktable");
      OneLineError.assertOneLineError(verify(db, file, "linkbench.verify_chunks=-1"), UserError.BAD_INPUT,
          "linkbench.verify_chunks");
      OneLineError.assertOneLineError(verify(db, file, "linkbench.verify_as_loaded=perhaps"), UserError.BAD_INPUT,
          "linkbench.verify_as_loaded");
      assertEquals(rows, query(db, "SELECT COUNT(*) FROM linktable"), "verify wrote nothing");
      assertEquals(MAXID1 - 2, query(db, "SELECT COUNT(*) FROM nodetable"));
    }
  }
}
