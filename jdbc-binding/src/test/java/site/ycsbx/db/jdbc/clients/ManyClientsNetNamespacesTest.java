package site.ycsbx.db.jdbc.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static site.ycsbx.db.jdbc.clients.ClientProcesses.RECORDS;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.jdbc.clients.ClientProcesses.Run;
import site.ycsbx.db.jdbc.faults.PrivateMariaDb;
import site.ycsbx.testing.JavaProcess;

/**
 * Client processes on addresses of their own (network namespaces of this host), as from other machines.
 * Started as the Docker image starts them ({@link ClientProcesses}).
 */
@Tag("slow")
class ManyClientsNetNamespacesTest extends ManyClientsFixture {
  /**
   * Two of the three clients run from network namespaces of their own, each with its own address on
   * a bridge of this host, as from other machines; the server, a private MariaDB, listens on the
   * bridge's address only. Keys disjoint (exact rows), the server saw the three addresses (its
   * general log), the merged folder exact. Needs root and iproute2; the namespaces and links are
   * gone afterwards.
   */
  @Test
  void twoOfTheClientsRunFromNetworkNamespacesWithAddressesOfTheirOwn() throws Exception {
    // like every server test, it fails where what it needs is missing: it is never skipped
    org.junit.jupiter.api.Assertions.assertTrue(NetNamespaces.available(),
        "this test needs root and iproute2 (ip netns); scripts/setup-servers.sh installs iproute2");
    NetNamespaces net = NetNamespaces.create(2);
    try (net; PrivateMariaDb db = PrivateMariaDb.start(net.hostAddress(), "--skip-name-resolve", "--general-log",
        "--general-log-file=general.log")) {
      db.createDatabase("ycsbx_netns");
      List<String> load = new ArrayList<>(List.of("load", "jdbc", "-P", JavaProcess.workload("workloada"), "-p",
          "recordcount=" + RECORDS, "-threads", "2", "-p", "db.url=" + db.url("ycsbx_netns"), "-p", "db.user=root",
          "-p", "db.passwd="));
      Path results = tmp.resolve("netns-results");
      // client 0 on this host, clients 1 and 2 in the namespaces
      List<Run> runs = clients.together(load, results, i -> i == 0 ? null : net.name(i - 1));
      try (Connection c = db.connect("ycsbx_netns"); Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT COUNT(*), COUNT(DISTINCT YCSB_KEY) FROM usertable")) {
        assertTrue(rs.next());
        assertEquals(RECORDS, rs.getLong(1), "exact row count");
        assertEquals(RECORDS, rs.getLong(2));
      }
      String general = Files.readString(db.dataDir().resolve("general.log"));
      for (String address : List.of(net.hostAddress(), net.address(0), net.address(1))) {
        assertTrue(general.matches("(?s).*Connect\\s+root@" + Pattern.quote(address) + "\\b.*"),
            "the server saw a client at " + address + ":\n" + general);
      }
      JsonNode merged = MergedFolders.mergedExactly(clients, results, runs);
      assertEquals(RECORDS, merged.path("operations").path("INSERT").path("count").asLong());
    }
    assertEquals(List.of(), net.leftOver(), "namespaces and links removed");
  }
}
