package site.ycsbx.tools.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.results.RunFolder;
import site.ycsbx.testing.RunFolderFixture;

/**
 * A fleet on one server: each client saw the others' rows on the server as others' and was
 * marked, but the merged run is judged as the fleet: the largest growth a client saw against the
 * clients' own rows added up. A fleet beside a real other writer stays marked, and so does a
 * client whose host was busy.
 */
@Tag("fast")
class FleetOthersMergeTest {
  private static final long T0 = 1_790_000_000_000L;

  @TempDir
  Path tmp;

  /** Customizes client c's folder. */
  interface Client {
    RunFolderFixture apply(int c, RunFolderFixture f);
  }

  private JsonNode merged(Client each) throws IOException {
    List<RunFolder> runs = new ArrayList<>();
    for (int c = 0; c < 3; c++) {
      RunFolderFixture f = new RunFolderFixture(c, 3, "host-" + c, T0 + 5L * c, 10_000).interval("READ", 100, 200);
      runs.add(RunFolder.read(each.apply(c, f).write(tmp.resolve("c" + c))));
    }
    Path out = tmp.resolve("merged");
    Merge.check(runs);
    Merge.merge(runs).write(out);
    return new ObjectMapper().readTree(out.resolve(RunFolder.RESULT_FILE).toFile());
  }

  @Test
  void aFleetAloneOnItsServerIsNotMarkedThoughEachClientWas() throws IOException {
    // each client wrote 5000 rows and saw the server gain about 15000: the fleet's own
    JsonNode r = merged((c, f) -> f.otherCounters("rows_written", 15_000 - 40L * c, 5_000, false));
    assertEquals(true, r.path("others").isNull(), r.toString());
    assertEquals(15_000, r.path("others_fleet").path("server_rows_written").asLong(), r.toString());
    assertEquals(15_000, r.path("others_fleet").path("run_rows_written").asLong(), r.toString());
  }

  @Test
  void aFleetBesideAnotherWriterIsMarkedWithTheFleetsFigures() throws IOException {
    JsonNode r = merged((c, f) -> f.otherCounters("rows_written", 40_000, 5_000, false));
    assertEquals(true, r.path("others").path("marked").asBoolean(), r.toString());
    assertEquals("the server's rows written grew by 40000, the 3 clients' connections' by 15000 (others 25000, over 50%"
        + " of the run's)", r.path("others").path("why").asText());
    assertEquals(0, r.path("others").path("clients").size(), "no client's host was busy");
  }

  @Test
  void anotherWriterInTheRunsOwnTablesMarksTheFleet() throws IOException {
    JsonNode r = merged((c, f) -> f.otherCounters("rows_written", c == 0 ? 30_000 : 29_000, 6_000, true));
    assertEquals("server: rows written to the run's tables 30000, the 3 clients sent 18000 (12000 more, over 50%):"
        + " another client?", r.path("others").path("why").asText());
    JsonNode alone = merged((c, f) -> f.otherCounters("rows_written", 18_000, 6_000, true));
    assertNull(alone.path("others").isNull() ? null : alone.path("others").toString());
  }

  @Test
  void aClientOnABusyHostStillMarksTheFleet() throws IOException {
    JsonNode r = merged((c, f) -> {
      f.otherCounters("rows_written", 15_000, 5_000, false);
      return c == 2 ? f.besideOtherLoad("41.0% of the host's CPU was neither this client nor the server") : f;
    });
    assertEquals("client 2: 41.0% of the host's CPU was neither this client nor the server (over 10%)",
        r.path("others").path("why").asText());
    assertEquals(2, r.path("others").path("clients").get(0).path("client").asInt());
    assertEquals("client 2: 41.0% of the host's CPU was neither this client nor the server (over 10%)",
        RunFolder.read(tmp.resolve("merged")).besideOtherLoad());
  }
}
