package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.tools.Main;

/** {@code bin/ycsb shell jdbc} (Main in a subprocess) against MariaDB: commands on stdin, the row on the server. */
@Tag("process")
class ShellTest {
  private static Result shell(TestDatabase db, String input) {
    List<String> args = new ArrayList<>(List.of("shell", "jdbc"));
    args.addAll(db.options());
    return JavaProcess.runWithInput(input, 120, Main.class.getName(), args.toArray(new String[0]));
  }

  @Test
  void insertsReadsAndQuitsOnAFreshDatabase() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      Result r = shell(db, "insert k1 field0=hello field1=world\nread k1\nupdate k1 field0=again\nscan k 5\nquit\n");
      assertEquals(0, r.exitCode(), r.all());
      assertTrue(r.stdout().contains("Connected."), r.stdout());
      assertTrue(r.stdout().contains("Result: OK\n"), r.stdout());
      assertTrue(r.stdout().contains("Return code: OK\nfield0=hello\nfield1=world\n"), r.stdout());
      assertTrue(r.stdout().contains("Record 0\nfield0=again\n"), r.stdout());
      assertFalse(r.all().contains("Exception"), r.all());
      try (Connection c = db.connect();
          PreparedStatement ps = c.prepareStatement("SELECT FIELD0, FIELD1 FROM usertable WHERE YCSB_KEY = ?")) {
        ps.setString(1, "k1");
        try (ResultSet rs = ps.executeQuery()) {
          assertTrue(rs.next(), "k1 not stored");
          assertEquals("again", rs.getString(1));
          assertEquals("world", rs.getString(2));
        }
      }
    }
  }

  @Test
  void endsAtTheEndOfInputOverALoadedTable() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      List<String> load = new ArrayList<>(List.of("load", "jdbc", "-P", JavaProcess.workload("workloada"),
          "-p", "recordcount=50"));
      load.addAll(db.options());
      Result loaded = JavaProcess.run(Main.class.getName(), load.toArray(new String[0]));
      assertEquals(0, loaded.exitCode(), loaded.all());
      // no quit: the end of input ends the shell; a loaded table is no refusal (the shell loads nothing)
      Result r = shell(db, "insert k2 field0=x\ndelete k2\nread k2\n");
      assertEquals(0, r.exitCode(), r.all());
      assertTrue(r.stdout().contains("Return result: OK"), r.stdout());
      assertTrue(r.stdout().contains("Return code: NOT_FOUND"), r.stdout());
      assertEquals(50, db.rows("usertable"));
    }
  }
}
