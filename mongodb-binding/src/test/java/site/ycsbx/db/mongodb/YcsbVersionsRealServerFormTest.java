package site.ycsbx.db.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static site.ycsbx.testing.OneLineError.assertOneLineError;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.ShippedExperiments;

/**
 * experiments/ycsb-versions' real-server form, as its header gives it: each stand-in moved to the
 * mongodb binding with {@code -p}. It was refused before any cell with "unknown property
 * mongodb.embedded.dir" (the stand-in's folder key stayed); now that key is dropped and said, and
 * the form goes as far as the servers: a closed port fails on the connection (exit 1), two servers
 * posing as MongoDB 2.6 and 3.0 pass every check and are named, and a server that contradicts
 * its target's expectation is refused.
 */
@Tag("process")
class YcsbVersionsRealServerFormTest {
  @TempDir
  Path tmp;

  private Result experiment(String url26, String url30, String... more) throws IOException {
    List<String> args = new ArrayList<>(List.of("experiment", ShippedExperiments.copy(tmp, "ycsb-versions").toString(),
        "--out", tmp.resolve("out").toString(),
        "-p", "target.mongo26.binding=mongodb", "-p", "target.mongo26.mongodb.url=" + url26,
        "-p", "target.mongo30.binding=mongodb", "-p", "target.mongo30.mongodb.url=" + url30));
    args.addAll(List.of(more));
    return InProcessMain.run(args.toArray(new String[0]));
  }

  @Test
  void aClosedPortFailsOnTheConnectionNotOnAStandInsKey() throws IOException {
    Result r = experiment("mongodb://127.0.0.1:1/ycsb", "mongodb://127.0.0.1:1/ycsb");
    assertOneLineError(r, 1, "target mongo26 (load mongodb): cannot reach MongoDB at mongodb://127.0.0.1:1/ycsb"
        + " (mongodb.url)", "Connection refused");
    assertFalse(r.all().contains("unknown property"), r.all());
    assertTrue(r.stdout().contains("[EXPERIMENT] note: target mongo26 runs on mongodb (-p), not the file's"
        + " mongodb-embedded: dropped target.mongo26.mongodb.embedded.dir=runs/ycsb-versions-data/mongo26 (only"
        + " mongodb-embedded reads it)"), r.stdout());
    assertFalse(Files.exists(tmp.resolve("out")));
  }

  @Test
  void twoServersPassEveryCheckAndAContradictedExpectationIsRefused() throws IOException {
    try (TestServer v26 = TestServer.posingAsVersion("2.6.12", null);
        TestServer v30 = TestServer.posingAsVersion("3.0.7", "wiredTiger")) {
      String db = TestServer.freshDatabase();
      Result ok = experiment(v26.url(db), v30.url(db), "--check", "-p", "target.mongo26.expect.server.version=2.6.12",
          "-p", "target.mongo30.expect.server.version=3.0.7");
      assertEquals(0, ok.exitCode(), ok.all());
      assertTrue(ok.stdout().contains("[EXPERIMENT] target mongo26: MongoDB 2.6.12, mmapv1 (implied by version 2.6.12); as"
          + " expected (1 entry)"), ok.stdout());
      assertTrue(ok.stdout().contains("[EXPERIMENT] target mongo30: MongoDB 3.0.7, wiredTiger; as expected (1 entry)"),
          ok.stdout());
      assertTrue(ok.stdout().contains("[EXPERIMENT] check: every check passed"), ok.stdout());
      assertFalse(Files.exists(tmp.resolve("out")));

      Result swapped = experiment(v26.url(db), v30.url(db), "--check", "-p",
          "target.mongo30.expect.server.version=2.6.12");
      assertOneLineError(swapped, 2, "target mongo30 expects server.version=2.6.12, but its server says"
          + " server.version=3.0.7");
    }
  }
}
