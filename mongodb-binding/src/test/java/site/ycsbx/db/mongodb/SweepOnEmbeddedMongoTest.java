package site.ycsbx.db.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
import site.ycsbx.util.UserError;

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

  /**
   * Seen: {@code sweep load ... -p ycsbx.drop=true} was refused as if every point inserted into
   * the table the previous one filled; the drop starts each point afresh.
   */
  @Test
  void loadSweepWithDropStartsEachPointAfreshAndWithoutItIsRefused(@TempDir Path tmp) throws Exception {
    List<String> common = List.of("-P", JavaProcess.workload("workloada"), "-p", "recordcount=300",
        "-p", "mongodb.embedded.dir=" + tmp.resolve("data"));
    Path out = tmp.resolve("sweep");
    List<String> sweep = new ArrayList<>(List.of("load", "mongodb-embedded"));
    sweep.addAll(common);
    sweep.addAll(List.of("-p", "ycsbx.drop=true", "--threads", "1,2", "--out", out.toString()));
    ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    int exit = Sweep.run(sweep, new PrintStream(stdout, true, StandardCharsets.UTF_8),
        new PrintStream(stderr, true, StandardCharsets.UTF_8));
    String all = stdout.toString(StandardCharsets.UTF_8) + stderr.toString(StandardCharsets.UTF_8);
    assertEquals(0, exit, all);
    SweepFile f = SweepChecks.assertFiles(out, List.of(1, 2), List.of("INSERT"), "mongodb-embedded");
    for (PointResult p : f.points()) {
      assertTrue(p.ok(), p.toString());
      assertEquals(300, p.ops().get("INSERT").count(), "each point loads the whole table: " + p.threads());
      assertEquals(0, p.errors(), "no duplicate key: the point started on an empty collection");
    }
    assertEquals(300, EmbeddedEndToEndTest.documentsIn(tmp.resolve("data"), "usertable"), "the last point's load only");

    // without the drop, given as false or left out: refused before anything is made
    for (String drop : List.of("", "ycsbx.drop=false")) {
      List<String> refused = new ArrayList<>(List.of("load", "mongodb-embedded"));
      refused.addAll(common);
      if (!drop.isEmpty()) {
        refused.addAll(List.of("-p", drop));
      }
      refused.addAll(List.of("--threads", "1,2", "--out", tmp.resolve("never").toString()));
      UserError e = assertThrows(UserError.class, () -> Sweep.run(refused, new PrintStream(new ByteArrayOutputStream()),
          new PrintStream(new ByteArrayOutputStream())));
      assertTrue(e.getMessage().contains("every point after the first fails on duplicate keys"), e.getMessage());
      assertTrue(e.getMessage().contains("-p ycsbx.drop=true"), "the way out is named: " + e.getMessage());
      assertFalse(Files.exists(tmp.resolve("never")));
    }
  }
}
