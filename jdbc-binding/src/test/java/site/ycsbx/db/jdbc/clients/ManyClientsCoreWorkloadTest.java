package site.ycsbx.db.jdbc.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static site.ycsbx.db.jdbc.clients.ClientProcesses.CLIENTS;
import static site.ycsbx.db.jdbc.clients.ClientProcesses.RECORDS;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsb.Utils;
import site.ycsbx.db.jdbc.TestDatabase;
import site.ycsbx.db.jdbc.clients.ClientProcesses.Run;

/**
 * Three client processes load YCSB's core workload into one MariaDB database, each its slice of the keys,
 * then read and update over the whole key space, starting their timed phases together; their run
 * folders merge exactly.
 * Started as the Docker image starts them ({@link ClientProcesses}).
 */
@Tag("slow")
class ManyClientsCoreWorkloadTest extends ManyClientsFixture {
  @Test
  void threeClientsLoadDisjointKeysAndReadTheWholeKeySpaceStartingTogether() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      Path loadResults = tmp.resolve("load-results");
      List<Run> load = clients.together(ClientProcesses.args("load", db), loadResults);
      long inserted = 0;
      for (int i = 0; i < CLIENTS; i++) {
        long ok = ClientProcesses.okCount(load.get(i).stdout(), "INSERT");
        assertEquals(RECORDS / CLIENTS, ok, "client " + i + " inserts its slice");
        assertFalse(load.get(i).stdout().matches("(?s).*\\[INSERT\\], Return=(?!OK).*"), load.get(i).stdout());
        inserted += ok;
      }
      assertEquals(RECORDS, inserted);
      assertEquals(RECORDS, db.rows("usertable"), "exact row count: no key loaded twice, none missing");
      // the keys are exactly YCSB's keys 0..recordcount-1 (CoreWorkload hashes key numbers)
      Set<String> expected = new HashSet<>();
      for (long k = 0; k < RECORDS; k++) {
        expected.add("user" + Utils.fnvhash64(k));
      }
      Set<String> stored = new HashSet<>();
      try (Connection c = db.connect(); Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT YCSB_KEY FROM usertable")) {
        while (rs.next()) {
          stored.add(rs.getString(1));
        }
      }
      assertEquals(expected, stored);
      JsonNode loaded = MergedFolders.mergedExactly(clients, loadResults, load);
      assertEquals(RECORDS, loaded.path("operations").path("INSERT").path("count").asLong(), "merged: the rows in MariaDB");
      assertEquals(RECORDS, loaded.path("overall").path("operations").asLong());

      // the run: every client reads and updates over the whole key space; every key is found
      Path runResults = tmp.resolve("run-results");
      List<Run> run = clients.together(ClientProcesses.args("run", db), runResults);
      for (Run r : run) {
        assertEquals(600, ClientProcesses.okCount(r.stdout(), "READ") + ClientProcesses.okCount(r.stdout(), "UPDATE"), r.stdout());
        assertFalse(r.stdout().matches("(?s).*\\[(READ|UPDATE)\\], Return=(?!OK).*"), r.stdout());
      }
      assertEquals(RECORDS, db.rows("usertable"));
      JsonNode ran = MergedFolders.mergedExactly(clients, runResults, run);
      for (String op : List.of("READ", "UPDATE")) {
        assertEquals(List.of("OK"), MergedFolders.iterable(ran.path("operations").path(op).path("returns").fieldNames()), op);
      }
      assertEquals(3 * 600, ran.path("overall").path("operations").asLong());
      assertEquals(3 * 600, ran.path("operations").path("READ").path("count").asLong()
          + ran.path("operations").path("UPDATE").path("count").asLong());
      MergedFolders.compareAcceptsRealFolders(clients, runResults.resolve("client-0"), runResults.resolve("merged"), ran);
    }
  }
}
