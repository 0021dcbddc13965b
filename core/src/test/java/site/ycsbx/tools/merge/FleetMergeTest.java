package site.ycsbx.tools.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.results.RunFolder;
import site.ycsbx.testing.RunFolderFixture;
import site.ycsbx.util.UserError;

/**
 * A real fleet, as the MongoDB 3.0 post ran it: one client per mongos, on hosts of other core
 * counts and JVMs. Merged, the fingerprint lists each client's URL and host; a difference of
 * anything else is still refused.
 */
@Tag("fast")
class FleetMergeTest {
  private static final long T0 = 1_790_000_000_000L;

  @TempDir
  Path tmp;

  private RunFolderFixture client(int c) {
    return new RunFolderFixture(c, 3, "host-" + c, T0 + 5L * c, 10_000)
        .fingerprint("binding", "mongodb")
        .fingerprint("mongodb.url", "mongodb://mongos-" + c + ":27017/ycsb")
        .fingerprint("client.cores", c == 2 ? "16" : "8")
        .fingerprint("client.java", c == 1 ? "OpenJDK 64-Bit Server VM 21.0.2" : "OpenJDK 64-Bit Server VM 17.0.9")
        .interval("READ", 100 + c, 200, 300).interval("READ", 150);
  }

  // Merge.run without its report.html (drawing it costs seconds a fast test need not spend)
  private static int merge(List<Path> dirs, Path out) throws IOException {
    List<RunFolder> runs = dirs.stream().map(RunFolder::read).toList();
    Merge.check(runs);
    Merge.merge(runs).write(out);
    return 0;
  }

  @Test
  void threeClientsWithThreeUrlsOnUnlikeHostsMergeAndAreListed() throws IOException {
    List<Path> dirs = new ArrayList<>();
    for (int c = 2; c >= 0; c--) { // given in any order: listed by client index
      dirs.add(client(c).write(tmp.resolve("client-" + c)));
    }
    Path out = tmp.resolve("merged");
    assertEquals(0, merge(dirs, out));
    JsonNode fp = new ObjectMapper().readTree(out.resolve("result.json").toFile()).path("fingerprint");
    assertEquals("mongodb://mongos-0:27017/ycsb (client 0); mongodb://mongos-1:27017/ycsb (client 1);"
        + " mongodb://mongos-2:27017/ycsb (client 2)", fp.path("mongodb.url").asText());
    assertEquals("host-0 (client 0); host-1 (client 1); host-2 (client 2)", fp.path("client.host").asText());
    assertEquals("8 (clients 0, 1); 16 (client 2)", fp.path("client.cores").asText());
    assertEquals("OpenJDK 64-Bit Server VM 17.0.9 (clients 0, 2); OpenJDK 64-Bit Server VM 21.0.2 (client 1)",
        fp.path("client.java").asText());
    assertEquals("MariaDB 11.4", fp.path("server.product").asText(), "what all share stays one value");
    assertEquals("3", fp.path("client.count").asText());
    assertEquals(null, site.ycsbx.results.RunFolder.read(out).besideOtherLoad(), "no client ran beside other load");
  }

  @Test
  void aClientThatRanBesideOtherLoadMarksTheMergedRun() throws IOException {
    List<Path> dirs = new ArrayList<>();
    for (int c = 0; c < 3; c++) {
      RunFolderFixture f = client(c);
      if (c == 1) {
        f.besideOtherLoad("the server's rows written grew by 250000, this run's connections' by 5000");
      }
      dirs.add(f.write(tmp.resolve("client-" + c)));
    }
    Path out = tmp.resolve("merged");
    merge(dirs, out);
    // a mark by the host's CPU is the client's own (the fleet's server counters are judged together)
    assertEquals("client 1: 41.0% of the host's CPU was neither this client nor the server (over 10%)",
        RunFolder.read(out).besideOtherLoad());
  }

  @Test
  void anyOtherDifferenceIsStillRefused() throws IOException {
    Path a = client(0).write(tmp.resolve("a"));
    Path b = client(1).write(tmp.resolve("b"));
    Path c = client(2).fingerprint("write.concern", "w:1, j:false").write(tmp.resolve("c"));
    Path out = tmp.resolve("out");
    UserError e = assertThrows(UserError.class, () -> merge(List.of(a, b, c), out));
    assertEquals("the fingerprints differ in write.concern: '(absent)' in " + a + ", 'w:1, j:false' in " + c
        + "; merge accepts clients of one run, which differ only in client index, host (its cores and JVM) and server"
        + " URL", e.getMessage());
    Path d = client(2).fingerprint("mongodb.database", "other").write(tmp.resolve("d"));
    assertEquals("the fingerprints differ in mongodb.database",
        assertThrows(UserError.class, () -> merge(List.of(a, b, d), out)).getMessage().replaceFirst(":.*", ""));
    assertFalse(Files.exists(out), "nothing is created");
  }
}
