package site.ycsbx.db.jdbc.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.jdbc.TestDatabase;
import site.ycsbx.db.jdbc.clients.ClientProcesses.Run;

/**
 * A client of many given a place outside the clients, no place, a start in the past or a conflicting
 * insertstart: one line, exit code 2, nothing created.
 * Started as the Docker image starts them ({@link ClientProcesses}).
 */
@Tag("slow")
class ManyClientsBadInputTest extends ManyClientsFixture {
  @Test
  void badPlacesAndPastStartsAreOneLineExit2AndCreateNothing() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      Run outside = clients.runOne(Map.of("YCSBX_CLIENTS", "3", "YCSBX_CLIENT", "3"), ClientProcesses.args("load", db));
      assertEquals(2, outside.exit(), outside.all());
      assertEquals("ycsb: ycsbx.client=3 is outside 0 to 2 (0-based, below ycsbx.clients=3)", outside.stderr().strip());
      Run noIndex = clients.runOne(Map.of("YCSBX_CLIENTS", "3"), ClientProcesses.args("load", db));
      assertEquals(2, noIndex.exit(), noIndex.all());
      assertEquals("ycsb-client: neither YCSBX_CLIENT nor JOB_COMPLETION_INDEX is set: give this client's index, 0 to 2",
          noIndex.stderr().strip());
      Run past = clients.runOne(Map.of("YCSBX_CLIENTS", "3", "JOB_COMPLETION_INDEX", "0", "YCSBX_STARTAT",
          "2020-01-01T00:00:00Z"), ClientProcesses.args("load", db));
      assertEquals(2, past.exit(), past.all());
      assertTrue(past.stderr().strip().matches("ycsb: ycsbx\\.startat=2020-01-01T00:00:00Z is \\d+ ms in the past .*"),
          past.stderr());
      assertEquals(1, past.stderr().strip().lines().count());
      Run conflict = clients.runOne(Map.of("YCSBX_CLIENTS", "3", "JOB_COMPLETION_INDEX", "0"),
          ClientProcesses.args("load", db, "-p", "insertstart=10"));
      assertEquals(2, conflict.exit(), conflict.all());
      assertEquals("ycsb: insertstart=10 conflicts with ycsbx.clients, which sets insertstart for each client; leave"
          + " insertstart out", conflict.stderr().strip());
      for (Run r : List.of(outside, noIndex, past, conflict)) {
        assertEquals("", r.stdout(), r.all());
      }
      assertEquals(List.of(), db.tables(), "nothing created");
    }
  }
}
