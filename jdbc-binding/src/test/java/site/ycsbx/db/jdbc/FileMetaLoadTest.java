package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.tools.Main;

/**
 * {@code bin/ycsb load jdbc -P workloads/filemeta} and a run of each run file end to end (Main in
 * a fresh JVM; one run through YCSB's stock Client) on each server, checked on the database: the
 * files as the spec shapes them, verified against the generator, reads that change nothing, and
 * the read/write run's writes all there.
 */
@Tag("process")
class FileMetaLoadTest {
  private static final int FILES = 20_000;
  private static final String LOADED_UNTIL = "'2011-01-01 00:00:00'";

  private static long query(TestDatabase db, String sql) throws Exception {
    try (Connection c = db.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static Result ycsb(String mainClass, TestDatabase db, String phase, String workload, String... more) {
    List<String> args = new ArrayList<>();
    if (mainClass.equals(Main.class.getName())) {
      args.addAll(List.of(phase, "jdbc"));
    } else {
      // YCSB's Client: -load or -t, and the binding's class
      args.addAll(List.of(phase.equals("load") ? "-load" : "-t", "-db", JdbcClient.class.getName()));
    }
    args.addAll(List.of("-P", JavaProcess.workload(workload), "-p", "recordcount=" + FILES, "-p", "filemeta.users=200"));
    args.addAll(List.of(more));
    args.addAll(db.options());
    Result r = JavaProcess.run(mainClass, args.toArray(new String[0]));
    assertEquals(0, r.exitCode(), workload + ": " + r.all());
    return r;
  }

  /** Operations of a status in YCSB's summary: "[OP], Return=OK, 123". */
  private static long ops(Result r, String op, String status) {
    Matcher m = Pattern.compile("\\[" + op + "\\], Return=" + status + ", (\\d+)").matcher(r.stdout());
    return m.find() ? Long.parseLong(m.group(1)) : 0;
  }

  @ParameterizedTest
  @EnumSource(TestDatabase.Target.class)
  void loadThenEachRunFile(TestDatabase.Target target) throws Exception {
    try (TestDatabase db = TestDatabase.create(target)) {
      Result load = ycsb(Main.class.getName(), db, "load", "filemeta", "-p", "filemeta.verify=true", "-threads", "3");
      assertTrue(load.stdout().contains("[FILEMETA] loaded 20000 of 20000 files into files"), load.stdout());
      assertTrue(load.stdout().contains("[FILEMETA-VERIFY] files per user of all 200 users and deleted files on all 33"
          + " servers against the generator (seed 0): OK"), load.stdout());
      assertEquals(1, ops(load, "VERIFY", "OK"), load.stdout());
      assertEquals(FILES, query(db, "SELECT COUNT(*) FROM files"));
      long deleted = query(db, "SELECT COUNT(*) FROM files WHERE deleted = 1");
      assertTrue(deleted > FILES * 0.007 && deleted < FILES * 0.013, "1% deleted: " + deleted);
      assertEquals(0, query(db, "SELECT COUNT(*) FROM files WHERE deleted NOT IN (0, 1) OR server_id < 0"
          + " OR server_id > 32 OR created > last_updated OR last_updated > " + LOADED_UNTIL
          + " OR LENGTH(path) < 32 OR LENGTH(path) > 128 OR user_id < 0 OR user_id >= 200"), "the spec's shape");
      assertEquals(33, query(db, "SELECT COUNT(DISTINCT server_id) FROM files"));
      // zipfian files per user: user 0 owns the most, about 1/zeta(200, 0.99) of them
      assertEquals(0, query(db, "SELECT user_id FROM files GROUP BY user_id ORDER BY COUNT(*) DESC, user_id LIMIT 1"));
      long first = query(db, "SELECT COUNT(*) FROM files WHERE user_id = 0");
      assertTrue(first > FILES * 0.15 && first < FILES * 0.19, "user 0's files: " + first);
      assertEquals(target.expectedEngine(), db.engine("files").orElse("absent"));

      Result latest = ycsb(Main.class.getName(), db, "run", "filemeta-latest", "-p", "operationcount=300",
          "-threads", "2");
      assertEquals(300, ops(latest, "LATEST_BY_USER", "OK"), latest.stdout());
      // YCSB's stock Client, as from an existing YCSB 0.17 install
      Result count = ycsb("site.ycsb.Client", db, "run", "filemeta-count", "-p", "operationcount=300");
      assertEquals(300, ops(count, "COUNT_DELETED", "OK"), count.stdout());
      assertEquals(FILES, query(db, "SELECT COUNT(*) FROM files"), "reads change nothing");
      assertEquals(0, query(db, "SELECT COUNT(*) FROM files WHERE last_updated > " + LOADED_UNTIL));

      Result rw = ycsb(Main.class.getName(), db, "run", "filemeta-readwrite", "-p", "maxexecutiontime=3",
          "-threads", "3");
      long inserted = ops(rw, "INSERT_FILE", "OK");
      long updated = ops(rw, "UPDATE_FILE", "OK");
      long marked = ops(rw, "DELETE_FILE", "OK");
      assertTrue(inserted > 0 && updated > 0 && marked > 0 && ops(rw, "LATEST_BY_USER", "OK") > 0, rw.stdout());
      assertEquals(0, ops(rw, "COUNT_DELETED", "OK"), "not in the mix");
      assertEquals(FILES + inserted, query(db, "SELECT COUNT(*) FROM files"), "every acknowledged insert is there");
      assertEquals(inserted, query(db, "SELECT COUNT(*) FROM files WHERE id >= " + FILES + " AND created = last_updated"
          + " AND deleted = 0"));
      long touched = query(db, "SELECT COUNT(*) FROM files WHERE id < " + FILES + " AND last_updated > " + LOADED_UNTIL);
      assertTrue(touched > 0 && touched <= updated, touched + " loaded files touched by " + updated + " updates");
      long nowDeleted = query(db, "SELECT COUNT(*) FROM files WHERE deleted = 1");
      assertTrue(nowDeleted > deleted && nowDeleted <= deleted + marked, nowDeleted + " deleted after " + marked
          + " DELETE_FILE on " + deleted);
    }
  }
}
