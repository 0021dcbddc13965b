package site.ycsbx.db.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.results.PointResult;
import site.ycsbx.results.SweepFile;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.SweepChecks;
import site.ycsbx.tools.sweep.Sweep;
import site.ycsbx.tools.sweep.SweepReport;

/**
 * A real thread sweep (1, 2, 4 threads, workloada) on mongodb-embedded: loaded once into an
 * H2-backed data folder, then every point a fresh JVM opening that folder; the three files are
 * written, each point is labelled with the embedded server, and the HTML renders in headless
 * Chromium.
 */
@Tag("process")
class SweepOnEmbeddedMongoTest {
  @Test
  void runSweepWritesTheThreeFiles(@TempDir Path tmp) throws Exception {
    List<String> common = List.of("-P", JavaProcess.workload("workloada"), "-p", "recordcount=300",
        "-p", "operationcount=600", "-p", "mongodb.embedded.dir=" + tmp.resolve("data"));
    List<String> load = new ArrayList<>(List.of("load", "mongodb-embedded"));
    load.addAll(common);
    Result loaded = JavaProcess.run("site.ycsbx.tools.Main", load.toArray(new String[0]));
    assertEquals(0, loaded.exitCode(), loaded.all());

    Path out = tmp.resolve("sweep");
    List<String> sweep = new ArrayList<>(List.of("run", "mongodb-embedded"));
    sweep.addAll(common);
    sweep.addAll(List.of("--threads", "1,2,4", "--out", out.toString()));
    ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    int exit = Sweep.run(sweep, new PrintStream(stdout, true, StandardCharsets.UTF_8),
        new PrintStream(stderr, true, StandardCharsets.UTF_8));
    String all = stdout.toString(StandardCharsets.UTF_8) + stderr.toString(StandardCharsets.UTF_8);
    assertEquals(0, exit, all);
    assertTrue(all.contains("verdict: "), all);

    SweepFile f = SweepChecks.assertFiles(out, List.of(1, 2, 4), List.of("READ", "UPDATE"), "mongodb-embedded");
    for (PointResult p : f.points()) {
      assertTrue(p.fingerprint().get("server.product").contains("mongo-java-server"), p.fingerprint().toString());
      assertEquals(600, p.ops().get("READ").count() + p.ops().get("UPDATE").count());
      assertEquals(0, p.errors(), "every read finds its document: the points share the loaded data");
    }
    assertEquals(300, EmbeddedEndToEndTest.documentsIn(tmp.resolve("data"), "usertable"));
    SweepChecks.assertRenders(out.resolve(SweepReport.HTML_FILE));
  }
}
