package site.ycsbx.tools.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.results.RunFolder;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.RunFolderFixture;
import site.ycsbx.tools.compare.Compare;
import site.ycsbx.util.UserError;

@Tag("process")
class MergeTest {
  private static final long T0 = 1_790_000_000_000L;
  private static final long INTERVAL = 10_000;

  @TempDir
  Path tmp;

  /** Three clients, started a few ms apart as with ycsbx.startat, with different latency shapes and counts. */
  private List<Path> threeClients(List<Histogram> allRead, List<Histogram> allUpdate) throws IOException {
    List<Path> dirs = new ArrayList<>();
    Random rnd = new Random(42);
    Histogram read = allRead.get(0);
    Histogram update = allUpdate.get(0);
    for (int c = 0; c < 3; c++) {
      // a field of a later version, which readers ignore
      RunFolderFixture f = new RunFolderFixture(c, 3, "host-" + c, T0 + 7L * c, INTERVAL)
          .extraField("some_future_field", "ignored by readers");
      for (int i = 0; i < 6; i++) {
        long[] reads = new long[200 + rnd.nextInt(300) * (c + 1)];
        for (int k = 0; k < reads.length; k++) {
          // client 2 is the slow one: a long tail a per-client average would hide
          reads[k] = c == 2 ? 100 + (long) (rnd.nextDouble() * rnd.nextDouble() * 90_000) : 50 + rnd.nextInt(900);
          read.recordValue(reads[k]);
        }
        long[] updates = new long[50 + rnd.nextInt(100)];
        for (int k = 0; k < updates.length; k++) {
          updates[k] = 300 + rnd.nextInt(5_000 * (c + 1));
          update.recordValue(updates[k]);
        }
        f.interval("READ", reads).interval("UPDATE", updates);
      }
      f.returns("UPDATE", "ERROR", c + 1);
      dirs.add(f.write(tmp.resolve("client-" + c)));
    }
    return dirs;
  }

  private static int merge(List<Path> dirs, Path out, ByteArrayOutputStream stdout) {
    List<String> args = new ArrayList<>(dirs.stream().map(Path::toString).toList());
    args.add("--out");
    args.add(out.toString());
    return Merge.run(args, new PrintStream(stdout, true, StandardCharsets.UTF_8), System.err);
  }

  @Test
  void threeClientsMergedEqualOneHistogramOfAllTheirValues() throws IOException {
    Histogram read = new Histogram(3);
    Histogram update = new Histogram(3);
    read.setAutoResize(true);
    update.setAutoResize(true);
    List<Path> dirs = threeClients(List.of(read), List.of(update));
    Path out = tmp.resolve("merged");
    ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    assertEquals(0, merge(dirs, out, stdout));

    RunFolder merged = RunFolder.read(out);
    for (var e : List.of(java.util.Map.entry("READ", read), java.util.Map.entry("UPDATE", update))) {
      Histogram all = e.getValue();
      Histogram m = merged.total(e.getKey());
      assertEquals(all.getTotalCount(), m.getTotalCount(), e.getKey());
      for (double p : new double[] {0, 50, 90, 95, 99, 99.9, 99.99, 100}) {
        assertEquals(all.getValueAtPercentile(p), m.getValueAtPercentile(p), e.getKey() + " p" + p);
      }
      assertEquals(all.getMaxValue(), m.getMaxValue());
      assertEquals(all, m, "the merged histogram is bucket for bucket the histogram of all values");
    }
    // aligned on wall-clock time: 6 intervals of 10 s, each the sum of the three clients' same interval
    List<RunFolder> clients = dirs.stream().map(RunFolder::read).toList();
    List<RunFolder.Interval> slots = merged.intervals("READ");
    assertEquals(6, slots.size());
    for (int i = 0; i < 6; i++) {
      final int k = i;
      long expected = clients.stream().mapToLong(c -> c.intervals("READ").get(k).histogram().getTotalCount()).sum();
      assertEquals(expected, slots.get(i).histogram().getTotalCount(), "interval " + i);
      assertEquals(T0 + i * INTERVAL, slots.get(i).startMs());
    }
    JsonNode r = new ObjectMapper().readTree(out.resolve("result.json").toFile());
    assertEquals("ycsbx-run/1", r.path("format").asText());
    assertEquals(3, r.path("client").path("count").asInt());
    assertEquals(3, r.path("merged_from").size());
    assertEquals(6, r.path("operations").path("UPDATE").path("returns").path("ERROR").asLong(), "errors summed 1+2+3");
    assertEquals(update.getTotalCount(), r.path("operations").path("UPDATE").path("count").asLong());
    assertEquals(read.getValueAtPercentile(99), r.path("operations").path("READ").path("latency_us").path("p99").asLong());
    // the common window: the last start (client 2, +14 ms) to the first end (client 0)
    assertEquals(T0 + 14, r.path("start_ms").asLong());
    assertEquals(T0 + 6 * INTERVAL, r.path("end_ms").asLong());
    assertEquals("host-0 (client 0); host-1 (client 1); host-2 (client 2)",
        r.path("fingerprint").path("client.host").asText(), "the fleet's hosts, listed");
    String summary = Files.readString(out.resolve("summary.txt"));
    assertTrue(summary.matches("(?s).*READ\\s+" + read.getTotalCount() + "\\s+[0-9.]+\\s+" + read.getValueAtPercentile(50)
        + "\\s+" + read.getValueAtPercentile(95) + "\\s+" + read.getValueAtPercentile(99) + "\\s+" + read.getMaxValue()
        + "\\s+0\n.*"), summary);
    assertEquals(summary, stdout.toString(StandardCharsets.UTF_8).replaceFirst("merged 3 clients into .*\n$", ""));
    // throughput over the common window, from the logs: near the sum of the clients' rates
    double sum = clients.stream().mapToDouble(RunFolder::throughput).sum();
    double merged3 = r.path("overall").path("throughput").asDouble();
    assertEquals(sum, merged3, sum * 0.01);
  }

  @Test
  void differentFingerprintsAreRefusedNamingTheDifference() throws IOException {
    Path a = new RunFolderFixture(0, 2, "h0", T0, INTERVAL).interval("READ", 10, 20).write(tmp.resolve("a"));
    Path b = new RunFolderFixture(1, 2, "h1", T0, INTERVAL).fingerprint("server.product", "MariaDB 10.11")
        .interval("READ", 30).write(tmp.resolve("b"));
    Path out = tmp.resolve("out");
    UserError e = assertThrows(UserError.class, () -> merge(List.of(a, b), out, new ByteArrayOutputStream()));
    assertEquals("the fingerprints differ in server.product: 'MariaDB 11.4' in " + a + ", 'MariaDB 10.11' in " + b
        + "; merge accepts clients of one run, which differ only in client index, host (its cores and JVM) and server URL",
        e.getMessage());
    assertFalse(Files.exists(out), "nothing is created");

    // through bin/ycsb's Main, in this JVM: one line, exit 2
    JavaProcess.Result r = InProcessMain.run("merge", a.toString(), b.toString(), "--out", out.toString());
    assertEquals(2, r.exitCode(), r.all());
    assertEquals(List.of("ycsb: " + e.getMessage()), r.stderrLines());
    assertEquals("", r.stdout());
    assertFalse(Files.exists(out));
  }

  /** A core workload's load with ycsbx.clients: each client's insertstart/insertcount differ by design. */
  @Test
  void thePropertiesEachClientsSliceSetsMayDifferAndLeaveTheMergedFingerprint() throws IOException {
    List<Path> dirs = new ArrayList<>();
    for (int c = 0; c < 3; c++) {
      dirs.add(new RunFolderFixture(c, 3, "h" + c, T0, INTERVAL).phase("load")
          .fingerprint("client.slice", "insertstart=" + 1000 * c + " insertcount=1000")
          .fingerprint("workload.insertstart", String.valueOf(1000 * c)).fingerprint("workload.insertcount", "1000")
          .fingerprint("workload.recordcount", "3000").interval("INSERT", 10, 20, 30 + c).write(tmp.resolve("c" + c)));
    }
    Path out = tmp.resolve("out");
    assertEquals(0, merge(dirs, out, new ByteArrayOutputStream()));
    JsonNode fp = new ObjectMapper().readTree(out.resolve("result.json").toFile()).path("fingerprint");
    assertFalse(fp.has("workload.insertstart") || fp.has("workload.insertcount") || fp.has("client.slice"), fp.toString());
    assertEquals("3000", fp.path("workload.recordcount").asText());
    // a property no slice sets must still agree
    Path d = new RunFolderFixture(2, 3, "h2", T0, INTERVAL).phase("load")
        .fingerprint("client.slice", "insertstart=2000 insertcount=1000").fingerprint("workload.insertstart", "2000")
        .fingerprint("workload.insertcount", "1000").fingerprint("workload.recordcount", "4000")
        .interval("INSERT", 10).write(tmp.resolve("d"));
    UserError e = assertThrows(UserError.class, () -> merge(List.of(dirs.get(0), dirs.get(1), d), tmp.resolve("out2"),
        new ByteArrayOutputStream()));
    assertTrue(e.getMessage().startsWith("the fingerprints differ in workload.recordcount: '3000'"), e.getMessage());
  }

  @Test
  void aMissingClientADuplicateAndRunsThatDoNotOverlapAreRefused() throws IOException {
    Path a = new RunFolderFixture(0, 3, "h0", T0, INTERVAL).interval("READ", 10).write(tmp.resolve("a"));
    Path b = new RunFolderFixture(1, 3, "h1", T0, INTERVAL).interval("READ", 10).write(tmp.resolve("b"));
    Path b2 = new RunFolderFixture(1, 3, "h1", T0, INTERVAL).interval("READ", 10).write(tmp.resolve("b2"));
    Path late = new RunFolderFixture(2, 3, "h2", T0 + 60_000, INTERVAL).interval("READ", 10).write(tmp.resolve("late"));
    Path out = tmp.resolve("out");
    assertEquals("the run had 3 clients (client.count) but 2 folders were given; missing client index [2]",
        assertThrows(UserError.class, () -> merge(List.of(a, b), out, new ByteArrayOutputStream())).getMessage());
    assertTrue(assertThrows(UserError.class, () -> merge(List.of(a, b, b2), out, new ByteArrayOutputStream()))
        .getMessage().startsWith("client index 1 appears twice"));
    assertTrue(assertThrows(UserError.class, () -> merge(List.of(a, b, late), out, new ByteArrayOutputStream()))
        .getMessage().startsWith("the runs do not overlap in time"));
    assertTrue(assertThrows(UserError.class, () -> merge(List.of(a, tmp), out, new ByteArrayOutputStream()))
        .getMessage().contains("is not a run folder: it has no result.json"));
    assertFalse(Files.exists(out));
  }

  @Test
  void compareTakesAMergedFolderAndARunFolderAsSides() throws IOException {
    Histogram read = new Histogram(3);
    Histogram update = new Histogram(3);
    read.setAutoResize(true);
    update.setAutoResize(true);
    List<Path> dirs = threeClients(List.of(read), List.of(update));
    Path merged = tmp.resolve("merged");
    assertEquals(0, merge(dirs, merged, new ByteArrayOutputStream()));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Path html = tmp.resolve("c.html");
    assertEquals(0, Compare.run(List.of(dirs.get(0).toString(), merged.toString(), "--labels", "one,three", "--html",
        html.toString()), new PrintStream(out, true, StandardCharsets.UTF_8), System.err));
    String text = out.toString(StandardCharsets.UTF_8);
    assertTrue(text.contains("READ") && text.contains("UPDATE"), text);
    // the merged side ran the three clients' threads together; one client ran its own
    assertTrue(text.contains("threads " + 3 * site.ycsbx.testing.RunFolderFixture.THREADS), text);
    assertTrue(text.contains("threads " + site.ycsbx.testing.RunFolderFixture.THREADS), text);
    // B's p99 is the merged histogram's, in ms as compare prints it
    assertTrue(Files.exists(html));
    double p99ms = read.getValueAtPercentile(99) / 1000.0;
    assertTrue(text.contains(String.format(java.util.Locale.ROOT, "%.1f", p99ms))
        || text.contains(String.format(java.util.Locale.ROOT, "%.2f", p99ms)), p99ms + "\n" + text);
  }

  /**
   * The shape of a JSON tree: every path with the type of its value; the names under fingerprint,
   * operations, returns and summary (which vary from run to run) stand as one placeholder each.
   */
  static java.util.SortedSet<String> shape(JsonNode node, String path) {
    java.util.SortedSet<String> out = new java.util.TreeSet<>();
    if (!node.isObject()) {
      out.add(path + ": " + (node.isNumber() ? "number" : node.getNodeType().name().toLowerCase(java.util.Locale.ROOT)));
      return out;
    }
    out.add(path + ": object");
    node.fields().forEachRemaining(e -> {
      String name = path.endsWith("/fingerprint") ? "<key>" : path.endsWith("/operations") ? "<op>"
          : path.endsWith("/returns") ? "<status>" : path.endsWith("/summary") ? "<figure>" : e.getKey();
      out.addAll(shape(e.getValue(), path + "/" + name));
    });
    return out;
  }

  /** A log's header lines with the numbers masked. */
  private static List<String> logHeader(Path log) throws IOException {
    return Files.readAllLines(log).stream().limit(5).map(l -> l.replaceAll("[0-9]+", "N").replaceAll("\\[Logging for: [A-Za-z-]+\\]", "[Logging for: OP]")
        .replaceAll("\\(seconds since epoch\\), .*", "(seconds since epoch), DATE")).toList();
  }

  /**
   * Workload d (5% inserts) from three null-binding clients started together: each inserts in a
   * key range of its own (its client.slice says which), and their folders merge into one run.
   */
  @Test
  void workloadDRunsFromThreeClientsAndMerges() throws Exception {
    long at = System.currentTimeMillis() + 8000; // room for three JVMs to start on a busy 2-core host
    List<site.ycsbx.testing.Background> clients = new ArrayList<>();
    List<Path> dirs = new ArrayList<>();
    try {
      for (int c = 0; c < 3; c++) {
        dirs.add(tmp.resolve("d-" + c));
        clients.add(site.ycsbx.testing.Background.main("run", "null", "-P", JavaProcess.workload("workloadd"), "-p",
            "operationcount=100000000", "-p", "maxexecutiontime=2", "-p", "ycsbx.clients=3", "-p", "ycsbx.client=" + c,
            "-p", "ycsbx.startat=" + at, "-p", "ycsbx.out=" + dirs.get(c), "-p", "ycsbx.report=false"));
      }
      for (int c = 0; c < 3; c++) {
        JavaProcess.Result r = clients.get(c).await(120);
        assertEquals(0, r.exitCode(), r.all());
        assertTrue(r.stdout().contains("[YCSB-X] client " + c + " of 3 (0-based): insertstart="
            + (1000 + 100_000_000L * c) + " insertcount=100000000"), r.stdout());
      }
    } finally {
      clients.forEach(site.ycsbx.testing.Background::close);
    }
    Path out = tmp.resolve("d-merged");
    assertEquals(0, merge(dirs, out, new ByteArrayOutputStream()));
    JsonNode r = new ObjectMapper().readTree(out.resolve("result.json").toFile());
    long inserts = r.path("operations").path("INSERT").path("count").asLong();
    assertTrue(inserts > 0, r.toString());
    assertEquals(dirs.stream().mapToLong(d -> RunFolder.read(d).result().path("operations").path("INSERT").path("count")
        .asLong()).sum(), inserts);
    assertFalse(r.path("fingerprint").has("workload.insertstart"), "each client's own range is no fact of the whole");
  }

  /**
   * The fixture the merge tests use writes what a real client writes: result.json's fields,
   * nesting and value types (CLEANUP and the Intended- series included), the same log files and
   * log headers; a paced null-binding run of one of three clients, intended times logged too.
   * YCSB's DB cleanup is no operation: no log of it, intended or not, with YCSB's histograms
   * shared or not (-s).
   */
  @Test
  void theFixtureWritesWhatARealClientWrites() throws IOException {
    for (boolean status : new boolean[] {false, true}) {
      Path real = tmp.resolve("real-" + status);
      List<String> args = new ArrayList<>(List.of("run", "null", "-P", JavaProcess.workload("workloada"), "-p",
          "operationcount=1200", "-target", "1000", "-threads", "2", "-p", "measurement.interval=both", "-p",
          "ycsbx.clients=3", "-p", "ycsbx.client=1", "-p", "ycsbx.out=" + real));
      if (status) {
        args.add("-s");
      }
      JavaProcess.Result r = JavaProcess.run(site.ycsbx.tools.Main.class.getName(), args.toArray(String[]::new));
      assertEquals(0, r.exitCode(), r.all());
      List<String> files;
      try (var s = Files.list(real)) {
        files = s.map(f -> f.getFileName().toString()).sorted().toList();
      }
      // report.html is drawn from the other files; merge never reads it
      assertEquals(List.of("Intended-READ.hdr", "Intended-UPDATE.hdr", "READ.hdr", "UPDATE.hdr", "efficiency.csv",
          "report.html", "result.json", "summary.txt"), files, "-s " + status);

      Path fixture = new RunFolderFixture(1, 3, "h1", T0, INTERVAL).interval("READ", 10, 20).interval("UPDATE", 30)
          .interval("Intended-READ", 11, 21).interval("Intended-UPDATE", 31).returns("UPDATE", "ERROR", 1)
          .write(tmp.resolve("fixture-" + status));
      ObjectMapper m = new ObjectMapper();
      JsonNode realJson = m.readTree(real.resolve("result.json").toFile());
      JsonNode fixtureJson = m.readTree(fixture.resolve("result.json").toFile());
      assertEquals(shape(realJson, ""), shape(fixtureJson, ""));
      assertEquals(List.of("CLEANUP", "Intended-CLEANUP", "Intended-READ", "Intended-UPDATE", "READ", "UPDATE"),
          iterable(realJson.path("operations").fieldNames()));
      assertEquals(iterable(realJson.path("operations").fieldNames()),
          iterable(fixtureJson.path("operations").fieldNames()), "the fixture's series, as YCSB names them");
      for (String log : List.of("READ.hdr", "Intended-UPDATE.hdr")) {
        assertEquals(logHeader(real.resolve(log)), logHeader(fixture.resolve(log)), log);
      }
      // what merge reads of each: the same figures
      RunFolder a = RunFolder.read(real);
      RunFolder b = RunFolder.read(fixture);
      assertEquals(a.operationNames(), b.operationNames());
      assertEquals(1, a.clientIndex());
      assertEquals(3, a.clientCount());
      assertEquals(a.operations(), a.result().path("operations").path("READ").path("count").asLong()
          + a.result().path("operations").path("UPDATE").path("count").asLong());
      assertEquals(b.operations(), 3);
      assertEquals(1, b.errors("UPDATE"));
      assertEquals(a.operations(), a.total("READ").getTotalCount() + a.total("UPDATE").getTotalCount(),
          "every call of the run in the logs");
    }
  }

  private static List<String> iterable(java.util.Iterator<String> it) {
    List<String> out = new ArrayList<>();
    it.forEachRemaining(out::add);
    return out;
  }
}
