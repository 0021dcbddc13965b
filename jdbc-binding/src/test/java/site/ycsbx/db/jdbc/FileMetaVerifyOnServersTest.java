package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.tools.Main;

/**
 * {@code bin/ycsb verify jdbc -P workloads/filemeta} on files a real load stored (a subprocess),
 * the verifies in this JVM, each damage undone before the next: intact files agree with the
 * coverage line (in full, or sampled when told, and saying so); a file deleted at random outside
 * the sampled id ranges (the case a user found: a file of a user outside the old user sample,
 * not marked deleted) fails the sampled check too and is named; a changed indexed column of a
 * file chosen at random is named with the column; a file the generator does not make is named.
 */
@Tag("process")
class FileMetaVerifyOnServersTest {
  private static final int FILES = 25_000;
  private static final String SIZE = "recordcount=" + FILES;
  private static final String SAMPLED = "filemeta.verifyfiles=10000";

  private static Result verify(TestDatabase db, String... more) {
    List<String> args = new ArrayList<>(List.of("verify", "jdbc", "-P", JavaProcess.workload("filemeta")));
    args.addAll(db.options());
    for (String p : more) {
      if (p.startsWith("--")) {
        args.add(p);
      } else {
        args.add("-p");
        args.add(p);
      }
    }
    return InProcessMain.run(args.toArray(new String[0]));
  }

  private static long query(TestDatabase db, String sql) throws Exception {
    try (Connection c = db.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static String last(Result r) {
    String out = r.stdout().strip();
    return out.substring(out.lastIndexOf('\n') + 1);
  }

  private static void assertFails(Result r, String named) {
    assertEquals(Main.EXIT_RUN_FAILED, r.exitCode(), r.all());
    assertTrue(r.stdout().contains("[FILEMETA-VERIFY] MISMATCH " + named), named + ": " + r.stdout());
    assertTrue(last(r).startsWith("[VERIFY] FAILED: ") && last(r).endsWith("; nothing was written"), r.stdout());
  }

  @ParameterizedTest
  @EnumSource(value = TestDatabase.Target.class, names = {"MARIADB_INNODB", "POSTGRESQL"})
  void missingChangedAndExtraFilesAreNamedAndIntactFilesAgree(TestDatabase.Target target) throws Exception {
    try (TestDatabase db = TestDatabase.create(target)) {
      List<String> load = new ArrayList<>(List.of("load", "jdbc", "-P", JavaProcess.workload("filemeta"), "-p", SIZE,
          "-p", "filemeta.users=1000"));
      load.addAll(db.options());
      Result loaded = JavaProcess.run(Main.class.getName(), load.toArray(new String[0]));
      assertEquals(0, loaded.exitCode(), loaded.all());
      String users = "filemeta.users=1000";

      Result ok = verify(db, SIZE, users);
      assertEquals(0, ok.exitCode(), ok.all());
      assertTrue(ok.stdout().contains("[FILEMETA-VERIFY] checking files against the generator (25000 files, 1000"
          + " users, seed 0): ids 0..24999 each once and no other"), ok.stdout());
      assertEquals("[VERIFY] OK: 25000 files: ids, 1000 users and 33 servers counted in full, 25000 files compared column"
          + " by column; nothing was written", last(ok), "below filemeta.verifyfiles: all, no sample");
      Result sampled = verify(db, SIZE, users, SAMPLED);
      assertEquals(0, sampled.exitCode(), sampled.all());
      assertEquals("[VERIFY] OK: 25000 files: ids, 1000 users and 33 servers counted in full, 10000 files compared"
          + " column by column; sampled 1 of 3 id ranges (33.3% of files) column by column; --full (or"
          + " filemeta.verifyfiles=25000) checks all; nothing was written", last(sampled));
      Result full = verify(db, SIZE, users, SAMPLED, "--full");
      assertEquals(0, full.exitCode(), full.all());
      assertTrue(last(full).contains("25000 files compared column by column") && !last(full).contains("sampled"),
          full.stdout());

      Random random = new Random();
      // outside the sampled range (ids 0..9999), not deleted: only the totals can find it
      long gone = query(db, "SELECT MIN(id) FROM files WHERE deleted = 0 AND id >= " + (10_000 + random.nextInt(14_000)));
      db.execute("CREATE TABLE saved AS SELECT * FROM files WHERE id = " + gone, "DELETE FROM files WHERE id = " + gone);
      Result missing = verify(db, SIZE, users, SAMPLED);
      assertFails(missing, "file " + gone + ": missing (generated: user ");
      assertTrue(missing.stdout().contains("sampled 1 of 3 id ranges"), missing.stdout());
      assertFails(verify(db, SIZE, users), "file " + gone + ": missing");
      db.execute("INSERT INTO files SELECT * FROM saved", "DROP TABLE saved");
      assertEquals(0, verify(db, SIZE, users).exitCode(), "restored");

      long changed = random.nextInt(FILES);
      for (String[] change : new String[][] {
          {"user_id = user_id + 1", "user_id "}, {"server_id = 32 - server_id", "server_id "},
          {"deleted = 1 - deleted", "deleted "}, {"path = 'changed'", "path \"changed\""},
          {"last_updated = created", "last_updated "}}) {
        db.execute("CREATE TABLE saved AS SELECT * FROM files WHERE id = " + changed,
            "UPDATE files SET " + change[0] + " WHERE id = " + changed);
        if (change[0].startsWith("server_id") && query(db, "SELECT server_id FROM saved") == 16) {
          db.execute("UPDATE files SET server_id = 15 WHERE id = " + changed);
        }
        if (change[0].startsWith("last_updated")
            && query(db, "SELECT COUNT(*) FROM saved WHERE last_updated = created") == 1) {
          db.execute("UPDATE files SET last_updated = last_updated - INTERVAL '1' DAY WHERE id = " + changed);
        }
        assertFails(verify(db, SIZE, users), "file " + changed + ": " + change[1]);
        db.execute("DELETE FROM files WHERE id = " + changed, "INSERT INTO files SELECT * FROM saved", "DROP TABLE saved");
      }
      // a changed owner out of the sample is still caught, by the per-user counts (not named: say so in the docs)
      long owner = 10_000 + random.nextInt(FILES - 10_000);
      db.execute("UPDATE files SET user_id = user_id + 1 WHERE id = " + owner);
      Result counted = verify(db, SIZE, users, SAMPLED);
      assertFails(counted, "user ");
      assertFalse(counted.stdout().contains("MISMATCH file " + owner), counted.stdout());
      db.execute("UPDATE files SET user_id = user_id - 1 WHERE id = " + owner);

      db.execute("INSERT INTO files SELECT " + FILES + ", path, size, server_id, deleted, last_updated, created, user_id"
          + " FROM files WHERE id = 0");
      Result extra = verify(db, SIZE, users, SAMPLED);
      assertFails(extra, "file " + FILES + ": stored, but the generator makes ids 0..24999 only");
      assertEquals(FILES + 1, query(db, "SELECT COUNT(*) FROM files"), "verify wrote nothing");
    }
  }
}
