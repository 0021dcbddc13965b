package site.ycsbx.tools.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.testing.ReportProbe;
import site.ycsbx.testing.RunFolderFixture;
import site.ycsbx.tools.Main;

/**
 * What compare claims from what it was given: single runs say they are single runs, and entries
 * that only name a place (an embedded server's folder and port) are not a dimension.
 */
@Tag("process")
class CompareCautionsTest {
  private static final long T0 = 1_790_000_000_000L;
  private static final long INTERVAL = 10_000;
  private static final String SINGLE = "single runs: each B/A compares one run of A with one run of B, so no"
      + " significance can be claimed; a claim that A and B differ needs 3 or more runs a side (sweep --repeat 3)";

  @TempDir
  Path tmp;

  private record Run(int exit, String out, String err) {
  }

  private static Run main(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit = Main.run(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** A run folder at {@code threads} with {@code perInterval} reads in each of 3 intervals. */
  private RunFolderFixture run(int threads, int perInterval) {
    RunFolderFixture f = new RunFolderFixture(0, 1, "host-0", T0, INTERVAL).fingerprint("threads", String.valueOf(threads));
    for (int i = 0; i < 3; i++) {
      long[] reads = new long[perInterval];
      Arrays.fill(reads, 150L * threads);
      f.interval("READ", reads);
    }
    return f;
  }

  /** A sweep of run folders: {@code repeats} runs at each of 1 and 2 threads, B's {@code factor} times A's rate. */
  private Path sweepOf(String name, int repeats, double factor) throws IOException {
    List<String> args = new ArrayList<>(List.of("sweep", "--from"));
    for (int t : new int[] {1, 2}) {
      for (int r = 0; r < repeats; r++) {
        args.add(run(t, (int) (factor * (1000 * t + 37 * r))).write(tmp.resolve(name + "-t" + t + "-r" + r)).toString());
      }
    }
    Path out = tmp.resolve(name);
    args.addAll(List.of("--out", out.toString(), "--label", name));
    Run r = main(args.toArray(new String[0]));
    assertEquals(0, r.exit(), r.err());
    return out;
  }

  private static long count(String text, String line) {
    return Arrays.stream(text.split("\n")).filter(l -> l.contains(line)).count();
  }

  @Test
  void oneRunASideSaysTheRatiosAreSingleRunsOnTheConsoleAndThePage() throws Exception {
    Path a = run(4, 2000).write(tmp.resolve("a"));
    Path b = run(4, 3400).write(tmp.resolve("b"));
    Path html = tmp.resolve("c.html");
    Run r = main("compare", a.toString(), b.toString(), "--labels", "A,B", "--html", html.toString());
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.out().contains(" 1.70 "), "a ratio is printed: " + r.out());
    assertEquals(1, count(r.out(), SINGLE), "one line, once: " + r.out());
    assertFalse(r.out().contains("no significance test"), r.out());
    JsonNode p = ReportProbe.wide(html);
    String box = p.path("verdict").path("text").asText();
    assertTrue(box.contains(SINGLE), "the caution sits in the box above the charts: " + box);
  }

  @Test
  void sweepsOfOneRunPerThreadCountAreSingleRunsToo() throws Exception {
    Path a = sweepOf("A", 1, 1.0);
    Path b = sweepOf("B", 1, 1.3);
    Run r = main("compare", a.toString(), b.toString(), "--html", tmp.resolve("c.html").toString());
    assertEquals(0, r.exit(), r.err());
    assertEquals(1, count(r.out(), SINGLE), r.out());
  }

  @Test
  void repeatsDoNotCallThemselvesSingleRuns() throws Exception {
    // two runs a side: the existing "no significance test" line, not the single-run one
    Run two = main("compare", sweepOf("A2", 2, 1.0).toString(), sweepOf("B2", 2, 1.3).toString(),
        "--html", tmp.resolve("c2.html").toString());
    assertEquals(0, two.exit(), two.err());
    assertFalse(two.out().contains("single runs"), two.out());
    assertTrue(two.out().contains("no significance test: A2 has 2 and B2 2 runs at a thread count"), two.out());
    // three runs a side: Welch's test is shown and no caution at all
    Path html = tmp.resolve("c3.html");
    Run three = main("compare", sweepOf("A3", 3, 1.0).toString(), sweepOf("B3", 3, 1.3).toString(),
        "--html", html.toString());
    assertEquals(0, three.exit(), three.err());
    assertTrue(three.out().contains("Welch t-test (ops/s), 95% CI of B/A"), three.out());
    assertFalse(three.out().contains("single runs") || three.out().contains("no significance test"), three.out());
    JsonNode p = ReportProbe.wide(html);
    assertFalse(p.path("verdict").path("text").asText().contains("single runs"), p.path("verdict").toString());
  }

  /** A mongodb-embedded run in its own folder, with the free port its server picked. */
  private RunFolderFixture embedded(String dir, int port, String journal, int threads) {
    String j = journal.equals("j=true") ? "writes are acknowledged after the journal commit (j:true)"
        : "writes are acknowledged before the journal commit (j:false)";
    return run(threads, 2000).fingerprint("binding", "mongodb-embedded").fingerprint("server.product",
        "mongo-java-server 1.47.0 (H2 backend at " + dir + ")").fingerprint("write.concern", "w=1, " + journal
        + ", wtimeout=none").fingerprint("journal", j).fingerprint("mongodb.url", "mongodb://127.0.0.1:" + port + "/ycsb")
        .fingerprint("mongodb.embedded.dir", dir);
  }

  /**
   * Seen: two mongodb-embedded folders that differed only in the write concern counted "4
   * dimensions": the folder in server.product, the random port in mongodb.url, and the journal
   * line that spells out the write concern's j.
   */
  @Test
  void anEmbeddedServersFolderAndPortAreNoDimensionButAreShown() throws Exception {
    Path a = embedded("/data/v26", 36767, "j=false", 4).write(tmp.resolve("v26"));
    Path b = embedded("/data/v30", 41203, "j=true", 4).write(tmp.resolve("v30"));
    Path html = tmp.resolve("c.html");
    Run r = main("compare", a.toString(), b.toString(), "--html", html.toString());
    assertEquals(0, r.exit(), r.err());
    String first = r.out().split("\n")[0];
    assertTrue(first.startsWith("fingerprints differ in one dimension: write.concern: w=1, j=false, wtimeout=none vs"
        + " w=1, j=true, wtimeout=none, journal: "), first);
    assertFalse(first.contains("mongodb.url") || first.contains("server.product") || first.contains("embedded"), first);
    JsonNode p = ReportProbe.wide(html);
    java.util.Map<String, String> marks = new java.util.HashMap<>();
    for (JsonNode kv : p.path("setup").path("kv")) {
      marks.merge(kv.path("key").asText(), kv.path("mark").asText(), (x, y) -> x.isEmpty() ? y : x);
    }
    assertEquals("differ", marks.get("write.concern"), marks.toString());
    // still shown, each side's value, in grey: not a dimension
    for (String place : List.of("mongodb.url", "mongodb.embedded.dir", "server.product")) {
      assertEquals("minor", marks.get(place), place + ": " + marks);
    }
    assertTrue(p.path("setup").path("text").asText().contains("41203"), "the port is still shown");
  }

  @Test
  void aRealDifferenceBesideTheFolderStillCounts() throws Exception {
    Path a = embedded("/data/v26", 36767, "j=false", 4).write(tmp.resolve("v26"));
    Path b = embedded("/data/v30", 41203, "j=true", 4).fingerprint("mongodb.batchsize", "100").write(tmp.resolve("v30"));
    Run r = main("compare", a.toString(), b.toString(), "--html", tmp.resolve("c.html").toString());
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.out().startsWith("WARNING: the fingerprints differ in 2 dimensions"), r.out());
    // two servers someone else started, at two ports: which server was measured is a dimension
    Path c = run(4, 2000).fingerprint("mongodb.url", "mongodb://db1:27017/ycsb").write(tmp.resolve("db1a"));
    Path d = run(4, 2000).fingerprint("mongodb.url", "mongodb://db1:27018/ycsb").write(tmp.resolve("db1b"));
    Run r2 = main("compare", c.toString(), d.toString(), "--html", tmp.resolve("c2.html").toString());
    assertEquals(0, r2.exit(), r2.err());
    assertTrue(r2.out().startsWith("fingerprints differ in one dimension: mongodb.url: mongodb://db1:27017/ycsb vs"),
        r2.out());
  }

  @Test
  void sweepFromTakesEmbeddedFoldersOfOneSetupAndRefusesAnotherSetup() throws Exception {
    List<String> dirs = new ArrayList<>();
    int[] threads = {1, 2, 4};
    for (int i = 0; i < threads.length; i++) {
      dirs.add(embedded("/data/t" + threads[i], 36000 + i, "j=false", threads[i]).write(tmp.resolve("t" + threads[i]))
          .toString());
    }
    Path pg = run(8, 2000).fingerprint("postgres.embedded.dir", "/data/pg-a").write(tmp.resolve("pg-a"));
    Path pg2 = run(16, 2000).fingerprint("postgres.embedded.dir", "/data/pg-b").write(tmp.resolve("pg-b"));
    List<String> args = new ArrayList<>(List.of("sweep", "--from"));
    args.addAll(dirs);
    args.addAll(List.of("--out", tmp.resolve("s").toString()));
    Run ok = main(args.toArray(new String[0]));
    assertEquals(0, ok.exit(), ok.err());
    Run pgOk = main("sweep", "--from", pg.toString(), pg2.toString(), "--out", tmp.resolve("s-pg").toString());
    assertEquals(0, pgOk.exit(), pgOk.err());

    Path journaled = embedded("/data/t8", 36100, "j=true", 8).write(tmp.resolve("t8"));
    args = new ArrayList<>(List.of("sweep", "--from"));
    args.addAll(dirs);
    args.addAll(List.of(journaled.toString(), "--out", tmp.resolve("s2").toString()));
    Run refused = main(args.toArray(new String[0]));
    assertEquals(2, refused.exit(), refused.out());
    assertTrue(refused.err().contains("the folders differ in journal: ") || refused.err().contains(
        "the folders differ in write.concern: "), refused.err());
    assertFalse(java.nio.file.Files.exists(tmp.resolve("s2")), "refused before --out is made");
  }
}
