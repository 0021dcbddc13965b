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
import java.util.Random;
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
 * subprocess), the verifies in this JVM, each damage undone before the next: the counts agree with
 * the links in full and the graph is as loaded (exit 0, the coverage line saying what was sampled);
 * a count changed, a link deleted or hidden at random, a node's type changed, a link or a node the
 * generator does not make and missing nodes are named (exit 1), by the count check where a run
 * could not have made them and by the check as loaded otherwise; bad input compares nothing
 * (exit 2, one line), and nothing is written.
 */
@Tag("process")
class LinkBenchVerifyOnServersTest {
  private static final long MAXID1 = 2001;
  private static final String AS_LOADED = "linkbench.verify_as_loaded=true";

  private static String last(Result r) {
    String out = r.stdout().strip();
    return out.substring(out.lastIndexOf('\n') + 1);
  }

  private static void assertFails(Result r, String named) {
    assertEquals(Main.EXIT_RUN_FAILED, r.exitCode(), r.all());
    assertTrue(r.stdout().contains("[LINKBENCH-VERIFY] MISMATCH " + named), named + ": " + r.stdout());
    assertTrue(last(r).startsWith("[VERIFY] FAILED: ") && last(r).endsWith("; nothing was written"), r.stdout());
  }

  private static List<String> common(Path file) {
    return List.of("-p", "linkbench.maxid1=" + MAXID1, "-p", "linkbench.distributionfile=" + file, "-p",
        "linkbench.loader_chunk_size=250");
  }

  private static Result verify(TestDatabase db, Path file, String... props) {
    List<String> args = new ArrayList<>(List.of("verify", "jdbc", "-P", JavaProcess.workload("linkbench-small")));
    args.addAll(common(file));
    args.addAll(db.options());
    for (String p : props) {
      if (!p.startsWith("--")) {
        args.add("-p");
      }
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

      long links = query(db, "SELECT COUNT(*) FROM linktable");
      Result ok = verify(db, file);
      assertEquals(0, ok.exitCode(), ok.all());
      assertTrue(ok.stdout().contains("[LINKBENCH-VERIFY] checking the count table against the visible links"),
          ok.stdout());
      assertEquals("[VERIFY] OK: the count table and the visible links of every (id1, link_type); nothing was written",
          last(ok), "in full, no sample");
      Result asLoaded = verify(db, file, AS_LOADED, "linkbench.verify_chunks=4");
      assertEquals(0, asLoaded.exitCode(), asLoaded.all());
      assertEquals("[VERIFY] OK: 2000 nodes and " + links + " links counted in full, 1000 ids: 1000 nodes, 2000 (id1,"
          + " link_type) lists compared one by one; sampled 4 of 8 chunks (50.0% of ids) one by one; --full (or"
          + " linkbench.verify_chunks=0) checks all; nothing was written", last(asLoaded));
      Result full = verify(db, file, AS_LOADED, "linkbench.verify_chunks=4", "--full");
      assertEquals(0, full.exitCode(), full.all());
      assertTrue(last(full).contains("2000 ids: 2000 nodes, 4000 (id1, link_type) lists") && !last(full).contains(
          "sampled"), full.stdout());

      long id = query(db, "SELECT MIN(id) FROM counttable WHERE count > 0");
      long type = query(db, "SELECT MIN(link_type) FROM counttable WHERE count > 0 AND id = " + id);
      long count = query(db, "SELECT count FROM counttable WHERE id = " + id + " AND link_type = " + type);
      db.execute("UPDATE counttable SET count = count + 1 WHERE id = " + id + " AND link_type = " + type);
      Result badCount = verify(db, file);
      assertFails(badCount, "(" + id + ", " + type + "): count table " + (count + 1) + ", visible links " + count);
      assertTrue(last(badCount).startsWith("[VERIFY] FAILED: 1 mismatch (listed above)"), badCount.stdout());
      db.execute("UPDATE counttable SET count = count - 1 WHERE id = " + id + " AND link_type = " + type);

      Random random = new Random();
      // a link chosen at random, deleted: its pair is named by either check, outside the sampled chunks too
      // (of a pair of two links or more: one left still makes a group)
      long id1 = query(db, "SELECT MIN(id) FROM counttable WHERE count >= 2 AND id >= " + (1000 + random.nextInt(900)));
      long type1 = query(db, "SELECT MIN(link_type) FROM counttable WHERE count >= 2 AND id = " + id1);
      long id2 = query(db, "SELECT MIN(id2) FROM linktable WHERE id1 = " + id1 + " AND link_type = " + type1)
          + random.nextInt(2);
      String key = " WHERE id1 = " + id1 + " AND link_type = " + type1 + " AND id2 = " + id2;
      long n = query(db, "SELECT COUNT(*) FROM linktable WHERE id1 = " + id1 + " AND link_type = " + type1);
      db.execute("CREATE TABLE saved AS SELECT * FROM linktable" + key, "DELETE FROM linktable" + key);
      assertFails(verify(db, file), "(" + id1 + ", " + type1 + "): count table " + n + ", visible links " + (n - 1));
      assertFails(verify(db, file, AS_LOADED, "linkbench.verify_chunks=1"), "(" + id1 + ", " + type1 + "): " + (n - 1)
          + " links (" + (n - 1) + " visible)");
      db.execute("INSERT INTO linktable SELECT * FROM saved", "DROP TABLE saved");

      // indexed values changed: a link's visibility, a node's type
      db.execute("UPDATE linktable SET visibility = 0" + key);
      assertFails(verify(db, file), "(" + id1 + ", " + type1 + "): count table " + n + ", visible links " + (n - 1));
      assertFails(verify(db, file, AS_LOADED, "linkbench.verify_chunks=1"), "(" + id1 + ", " + type1 + "): " + n
          + " links (" + (n - 1) + " visible)");
      db.execute("UPDATE linktable SET visibility = 1" + key);
      long node = 1000 + random.nextInt(1000);
      db.execute("UPDATE nodetable SET type = 7 WHERE id = " + node);
      assertFails(verify(db, file, AS_LOADED, "linkbench.verify_chunks=1"), "node " + node
          + ": type 7, version 1; generated type 2048, version 1");
      db.execute("UPDATE nodetable SET type = 2048 WHERE id = " + node);

      // rows the generator does not make: a link with its count raised (the count check cannot tell), a node
      db.execute("INSERT INTO linktable SELECT id1, id1 + 500, link_type, visibility, data, time, version FROM linktable"
          + key, "UPDATE counttable SET count = count + 1 WHERE id = " + id1 + " AND link_type = " + type1);
      assertEquals(0, verify(db, file).exitCode(), "a run may add links: the count check agrees");
      assertFails(verify(db, file, AS_LOADED, "linkbench.verify_chunks=1"), "(" + id1 + ", " + type1 + "): " + (n + 1)
          + " links (" + (n + 1) + " visible), id2 " + id1 + ".." + (id1 + 500));
      db.execute("DELETE FROM linktable WHERE id1 = " + id1 + " AND link_type = " + type1 + " AND id2 = " + (id1 + 500),
          "UPDATE counttable SET count = count - 1 WHERE id = " + id1 + " AND link_type = " + type1);
      db.execute("INSERT INTO nodetable (id, type, version, time, data) SELECT 5000, type, version, time, data FROM"
          + " nodetable WHERE id = 1");
      assertFails(verify(db, file, AS_LOADED, "linkbench.verify_chunks=1"), "node 5000: stored, but the generated graph"
          + " has ids 1..2000 only");
      db.execute("DELETE FROM nodetable WHERE id = 5000");
      assertEquals(0, verify(db, file, AS_LOADED, "linkbench.verify_chunks=1").exitCode(), "all restored");

      db.execute("DELETE FROM nodetable WHERE id = 5");
      Result countsOnly = verify(db, file);
      assertEquals(0, countsOnly.exitCode(), "nodes are not the count check's: " + countsOnly.all());
      Result missingNode = verify(db, file, AS_LOADED, "linkbench.verify_chunks=1");
      assertFails(missingNode, "node 5: missing");
      assertTrue(last(missingNode).startsWith("[VERIFY] FAILED: 1 mismatch (listed above)"), missingNode.stdout());
      db.execute("DELETE FROM nodetable WHERE id = 1500");
      assertFails(verify(db, file, AS_LOADED, "linkbench.verify_chunks=1"), "node 1500: missing");

      long rows = query(db, "SELECT COUNT(*) FROM linktable");
      OneLineError.assertOneLineError(verify(db, file, "linkbench.verify_chunks=-1"), UserError.BAD_INPUT,
          "linkbench.verify_chunks");
      OneLineError.assertOneLineError(verify(db, file, "linkbench.verify_as_loaded=perhaps"), UserError.BAD_INPUT,
          "linkbench.verify_as_loaded");
      assertEquals(rows, query(db, "SELECT COUNT(*) FROM linktable"), "verify wrote nothing");
      assertEquals(MAXID1 - 3, query(db, "SELECT COUNT(*) FROM nodetable"));
    }
  }
}
