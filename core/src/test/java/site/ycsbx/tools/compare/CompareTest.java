package site.ycsbx.tools.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.results.YcsbResult;
import site.ycsbx.testing.HeadlessChromium;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.ReportProbe;
import site.ycsbx.tools.Main;

/** compare on stock YCSB outputs, YCSB-X results and sweeps; bad input. */
@Tag("slow")
class CompareTest {
  private static final String STOCK_CLIENT = "site.ycsb.Client";
  private static final String NULL_DB = "site.ycsbx.db.nulldb.NullDb";
  private static final String JSON = "site.ycsb.measurements.exporter.JSONMeasurementsExporter";
  private static final String JSON_ARRAY = "site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter";
  /** Results several tests read and none changes, each made once: every run is a JVM of its own. */
  @TempDir
  static Path shared;
  private static final Map<String, Path> SHARED = new HashMap<>();

  private static synchronized Path shared(String name, Callable<Path> make) {
    return SHARED.computeIfAbsent(name, n -> {
      try {
        return make.call();
      } catch (Exception e) {
        throw new AssertionError(e);
      }
    });
  }

  private static Path sharedStockJson() {
    return shared("null.json", () -> stockJson(shared, "null.json", NULL_DB, JSON, 2));
  }

  private static Path sharedStockText() {
    return shared("a.txt", () -> stockText(shared, "a.txt", NULL_DB, "workloada", 1));
  }

  private static Path sharedNullJson() {
    return shared("a.json", () -> ycsbxJson(shared, "a.json", "null"));
  }

  /** The basic binding on 50 records: another binding and another workload size than {@link #sharedNullJson}. */
  private static Path sharedBasicJson() {
    return shared("b.json", () -> ycsbxJson(shared, "b.json", "basic", "-p", "recordcount=50"));
  }

  private record Run(int exit, String out) {
  }

  private static Run compare(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int exit = Compare.run(List.of(args), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    return new Run(exit, out.toString(StandardCharsets.UTF_8));
  }

  /** Stock YCSB's Client: stdout and stderr together, as `... > out.txt 2>&1` captures them. */
  private static Path stockText(Path dir, String name, String db, String workload, int threads) throws Exception {
    Result r = JavaProcess.run(STOCK_CLIENT, "-t", "-db", db, "-P", JavaProcess.workload(workload),
        "-p", "operationcount=2000", "-p", "basicdb.verbose=false", "-threads", String.valueOf(threads));
    assertEquals(0, r.exitCode(), r.all());
    Path f = dir.resolve(name);
    Files.writeString(f, r.stderr() + r.stdout());
    return f;
  }

  private static Path stockJson(Path dir, String name, String db, String exporter, int threads) {
    Path f = dir.resolve(name);
    Result r = JavaProcess.run(STOCK_CLIENT, "-t", "-db", db, "-P", JavaProcess.workload("workloada"),
        "-p", "operationcount=2000", "-p", "basicdb.verbose=false", "-threads", String.valueOf(threads),
        "-p", "exporter=" + exporter, "-p", "exportfile=" + f);
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(Files.exists(f));
    return f;
  }

  /** [READ], Operations, 1003 read straight from YCSB's text, independently of YcsbResult. */
  private static double textValue(Path f, String metric, String measurement) throws Exception {
    Matcher m = Pattern.compile("(?m)^\\[" + Pattern.quote(metric) + "\\], " + Pattern.quote(measurement) + ", (.+)$")
        .matcher(Files.readString(f));
    assertTrue(m.find(), metric + " " + measurement + " not in " + f);
    return Double.parseDouble(m.group(1).trim());
  }

  private static List<String> row(String out, String threads, String op) {
    for (String l : out.split("\n")) {
      List<String> cells = Arrays.stream(l.trim().split("\\s+")).toList();
      if (cells.size() > 2 && cells.get(0).equals(threads) && cells.get(1).equals(op)) {
        return cells;
      }
    }
    throw new AssertionError("no row " + threads + " " + op + " in\n" + out);
  }

  @Test
  void stockTextAgainstStockJsonSideBySideWithRatiosAndCharts(@TempDir Path tmp) throws Exception {
    Path text = stockText(tmp, "basic.txt", "site.ycsb.BasicDB", "workloada", 2);
    Path json = sharedStockJson();
    Path array = stockJson(tmp, "null-array.json", NULL_DB, JSON_ARRAY, 2);

    // the readers agree with what YCSB wrote
    YcsbResult t = YcsbResult.read(text);
    assertEquals(textValue(text, "OVERALL", "Throughput(ops/sec)"), t.throughput(), 1e-9);
    assertEquals(2, t.threads(), "thread count from the captured command line");
    assertEquals(2000, t.stats("READ").count() + t.stats("UPDATE").count());
    assertEquals(textValue(text, "READ", "99thPercentileLatency(us)"), t.stats("READ").p99(), 1e-9);
    YcsbResult j = YcsbResult.read(json);
    YcsbResult ja = YcsbResult.read(array);
    assertEquals(2000, j.stats("READ").count() + j.stats("UPDATE").count());
    assertEquals(2000, ja.stats("READ").count() + ja.stats("UPDATE").count());
    assertEquals(List.of("READ", "UPDATE"), j.operations().stream().sorted().toList());

    Path html = tmp.resolve("c.html");
    Run r = compare(text.toString(), json.toString(), "--labels", "basic,null", "--html", html.toString());
    assertEquals(0, r.exit(), r.out());
    assertTrue(r.out().startsWith("note: neither side has a fingerprint (stock YCSB output with a stock binding)"),
        r.out());
    for (String op : List.of("OVERALL", "READ", "UPDATE")) {
      List<String> cells = row(r.out(), "2/?", op);
      double a = Double.parseDouble(cells.get(2));
      double b = Double.parseDouble(cells.get(3));
      // the shown values are rounded, the ratio is not: equal within the last shown digit
      assertEquals(b / a, Double.parseDouble(cells.get(4)), 0.011, "B/A of " + op);
    }
    assertEquals(String.format(Locale.ROOT, "%.0f", t.throughput()), row(r.out(), "2/?", "OVERALL").get(2));
    assertEquals(String.format(Locale.ROOT, "%.0f", j.throughput()), row(r.out(), "2/?", "OVERALL").get(3));

    HeadlessChromium.Rendered page = HeadlessChromium.open(html, tmp);
    assertEquals(2, HeadlessChromium.count(page.dom(), "<svg"), "two charts");
    assertTrue(page.dom().contains("basic") && page.dom().contains("null"), "legend names both sides");
    assertTrue(page.colours() > 20, "blank screenshot");
    JsonNode p = assertPage(html, r.out());
    for (JsonNode c : p.path("charts")) {
      assertEquals(0, c.path("spread").size(), "one run a side: no spread to draw");
    }
    // no fingerprint on either side: the caption says where each side came from, nothing is highlighted
    assertTrue(p.path("setup").path("text").asText().contains("basic (stock YCSB result, " + text), p.path("setup")
        .toString());
    // stock output records only what its command line said
    assertTrue(ReportProbe.setupEntries(p).contains("1:binding=site.ycsb.BasicDB"), ReportProbe.setupEntries(p).toString());
    for (JsonNode kv : p.path("setup").path("kv")) {
      assertFalse(kv.path("mark").asText().equals("differ"), "no fingerprint, no dimension to highlight: " + kv);
    }

    Run r2 = compare(json.toString(), array.toString(), "--labels", "json,array", "--html", tmp.resolve("c2.html").toString());
    assertEquals(0, r2.exit(), r2.out());
    row(r2.out(), "?", "READ");
  }

  private static Path ycsbxJson(Path dir, String name, String binding, String... more) {
    Path f = dir.resolve(name);
    List<String> args = new ArrayList<>(List.of("run", binding, "-P", JavaProcess.workload("workloada"),
        "-p", "operationcount=1000", "-p", "basicdb.verbose=false", "-p", "exporter=" + JSON_ARRAY,
        "-p", "exportfile=" + f));
    args.addAll(List.of(more));
    Result r = JavaProcess.run(Main.class.getName(), args.toArray(new String[0]));
    assertEquals(0, r.exitCode(), r.all());
    return f;
  }

  @Test
  void fingerprintsThatDifferInOneDimensionAreNamed(@TempDir Path tmp) {
    Path a = sharedNullJson();
    Path b = ycsbxJson(tmp, "b.json", "null", "-target", "1000000");
    Run r = compare(a.toString(), b.toString(), "--html", tmp.resolve("c.html").toString());
    assertEquals(0, r.exit(), r.out());
    assertTrue(r.out().startsWith("fingerprints differ in one dimension: target.ops: unlimited vs 1000000\n"), r.out());
    row(r.out(), "1", "UPDATE");
  }

  @Test
  void theSameEngineNamedTwoWaysIsNoDifference() {
    java.util.Map<String, String> a = new java.util.LinkedHashMap<>();
    a.put("ycsbx.version", "0.1");
    a.put("storage.engine", "InnoDB");
    a.put("jdbc.engine", "InnoDB");
    a.put("durability.innodb_flush_log_at_trx_commit", "1");
    java.util.Map<String, String> b = new java.util.LinkedHashMap<>(a);
    b.put("storage.engine", "INNODB");
    b.put("jdbc.engine", "server default");
    assertEquals("fingerprints: identical (the same setup measured twice)",
        Comparability.fingerprintLine(Side.ofFingerprint("a", a), Side.ofFingerprint("b", b)));
    // a setting of the same engine present on one side only is still named
    b.put("durability.innodb_doublewrite", "ON");
    assertEquals("fingerprints: identical (the same setup measured twice) (set on one side only:"
        + " durability.innodb_doublewrite: (absent) vs ON)",
        Comparability.fingerprintLine(Side.ofFingerprint("a", a), Side.ofFingerprint("b", b)));
  }

  @Test
  void mongodb26Against30IsOneDimension() {
    // the fingerprints the mongodb binding writes for 2.6.12 (no storageEngine section) and 3.0.15
    java.util.Map<String, String> v26 = new java.util.LinkedHashMap<>();
    v26.put("ycsbx.version", "0.1");
    v26.put("server.product", "MongoDB");
    v26.put("server.version", "2.6.12");
    v26.put("storage.engine", "mmapv1 (implied by version 2.6.12)");
    v26.put("mongodb.storageEngine", "mmapv1");
    java.util.Map<String, String> v30 = new java.util.LinkedHashMap<>(v26);
    v30.put("server.version", "3.0.15");
    v30.put("storage.engine", "mmapv1");
    assertEquals("fingerprints differ in one dimension: server.version: 2.6.12 vs 3.0.15",
        Comparability.fingerprintLine(Side.ofFingerprint("a", v26), Side.ofFingerprint("b", v30)));
    v30.put("storage.engine", "wiredTiger");
    v30.put("mongodb.storageEngine", "wiredTiger");
    assertTrue(Comparability.fingerprintLine(Side.ofFingerprint("a", v26), Side.ofFingerprint("b", v30))
        .startsWith("WARNING: the fingerprints differ in 2 dimensions"));
  }

  @Test
  void workloadsThatDifferInMixDistributionOrDataShapeAreRefused(@TempDir Path tmp) {
    // seen: each of these pairs was called "identical (the same setup measured twice)"
    Path a = sharedNullJson();
    for (String[] other : new String[][] {{"readproportion=0.95", "updateproportion=0.05"},
        {"requestdistribution=uniform"}, {"fieldlength=10"}, {"readallfields=false"}}) {
      List<String> more = new ArrayList<>();
      for (String kv : other) {
        more.add("-p");
        more.add(kv);
      }
      Path b = ycsbxJson(tmp, "b-" + other[0].replace('=', '-') + ".json", "null", more.toArray(new String[0]));
      String first = other[0].substring(0, other[0].indexOf('='));
      assertBadInput("ran different workloads (" + first + " ", a.toString(), b.toString(),
          "--html", tmp.resolve("c.html").toString());
    }
  }

  @Test
  void otherWorkloadPropertiesAreListedFirst(@TempDir Path tmp) {
    Path a = sharedNullJson();
    Path b = sharedBasicJson();
    Run r = compare(a.toString(), b.toString(), "--html", tmp.resolve("c.html").toString());
    assertEquals(0, r.exit(), r.out());
    String first = r.out().split("\n")[0];
    assertTrue(first.startsWith("WARNING: the fingerprints differ in "), first);
    String diffs = first.substring(first.indexOf(": ", first.indexOf("down to one of them")) + 2);
    assertTrue(diffs.startsWith("workload.recordcount: 1000 vs 50"), "the workload first: " + first);
    assertTrue(diffs.contains("binding: null vs basic"), first);
  }

  @Test
  void stockClientOutputWithAYcsbxBindingCarriesItsFingerprint(@TempDir Path tmp) throws Exception {
    Path a = sharedStockText();
    Path b = stockText(tmp, "b.txt", NULL_DB, "workloada", 2);
    YcsbResult ra = YcsbResult.read(a);
    assertEquals("0.5", ra.fingerprint().get("workload.readproportion"), ra.fingerprint().toString());
    assertTrue(ra.fingerprint().containsKey("ycsbx.version"), ra.fingerprint().toString());
    Run r = compare(a.toString(), b.toString(), "--html", tmp.resolve("c.html").toString());
    assertEquals(0, r.exit(), r.out());
    assertFalse(r.out().contains("fingerprint (stock YCSB output"), r.out());
    assertTrue(r.out().startsWith("fingerprints: identical"), r.out());
  }

  @Test
  void fingerprintsThatDifferInSeveralDimensionsAreWarnedAboutFirst(@TempDir Path tmp) {
    Path a = sharedNullJson();
    Path b = sharedBasicJson();
    Run r = compare(a.toString(), b.toString(), "--html", tmp.resolve("c.html").toString());
    assertEquals(0, r.exit(), r.out());
    assertTrue(r.out().startsWith("WARNING: the fingerprints differ in "), r.out());
    assertTrue(r.out().split("\n")[0].contains("binding: null vs basic"), r.out());
  }

  /**
   * The page at 1400 px: fits, setup above, the first line of the text directly above the
   * charts, the B/A table holds the text table's rows.
   */
  private static JsonNode assertPage(Path html, String out) throws Exception {
    JsonNode p = ReportProbe.wide(html);
    ReportProbe.assertFits(p);
    ReportProbe.assertLayout(p);
    assertTrue(p.path("verdict").path("text").asText().startsWith(out.split("\n")[0]), p.path("verdict").toString());
    JsonNode table = p.path("tables").get(0);
    assertEquals("ratios", table.path("id").asText());
    long textRows = Arrays.stream(out.split("\n")).filter(l -> l.matches("\\s+[0-9?/]+ \\S+ .*")).count();
    assertEquals(textRows, table.path("rows").size(), "the HTML table has the text table's rows: " + table);
    return p;
  }

  /** The page of {@link #sweepsWithThreeRepeatsGetWelchsTestTheIntervalAndTheSpread}. */
  private static void assertThreeRunsASidePage(Path tmp, Run r) throws Exception {
    JsonNode p = assertPage(tmp.resolve("c.html"), r.out());
    // the setup: both sides, the one difference highlighted on each side
    List<String> setup = ReportProbe.setupEntries(p);
    assertTrue(setup.contains("1:target.ops=unlimited") && setup.contains("2:target.ops=3000"), setup.toString());
    for (JsonNode kv : p.path("setup").path("kv")) {
      boolean differs = kv.path("key").asText().equals("target.ops");
      assertEquals(differs ? "differ" : "", kv.path("mark").asText(), "highlighted: " + kv);
    }
    assertTrue(setup.contains("1:binding=null"), "rows the same on both sides are shown once: " + setup);
    assertFalse(setup.contains("2:binding=null"), setup.toString());
    // the spread: three runs per side at 1 and 2 threads, on both charts
    for (JsonNode c : p.path("charts")) {
      assertEquals(4, c.path("spread").size(), c.path("id") + ": " + c.path("spread"));
      for (JsonNode bar : c.path("spread")) {
        assertEquals(3, bar.path("data-runs").asInt(), bar.toString());
        assertTrue(ReportProbe.number(bar, "data-low") <= ReportProbe.number(bar, "data-high"), bar.toString());
      }
      assertEquals(0, c.path("range").size() + c.path("limit").size() + c.path("knee").size(), c.toString());
    }
    // the CI columns
    JsonNode table = p.path("tables").get(0);
    assertTrue(table.path("headers").toString().contains("95% CI of B/A"), table.path("headers").toString());
    for (JsonNode row : table.path("rows")) {
      assertTrue(row.get(row.size() - 1).asText().matches("\\d+\\.\\d\\d-\\d+\\.\\d\\d"), row.toString());
      assertTrue(row.get(row.size() - 2).asText().contains("significant"), row.toString());
    }
    ReportProbe.screenshot(tmp.resolve("c.html"), "compare-report");
  }

  @Test
  void sweepsWithThreeRepeatsGetWelchsTestTheIntervalAndTheSpread(@TempDir Path tmp) throws Exception {
    Run r = pacedAgainstFree(tmp, 3);
    assertThreeRunsASidePage(tmp, r);
    assertTrue(r.out().contains("Welch t-test (ops/s), 95% CI of B/A"), r.out());
    assertFalse(r.out().contains("no significance test"), r.out());
    for (String t : List.of("1", "2")) {
      List<String> cells = row(r.out(), t, "OVERALL");
      assertTrue(cells.get(3).startsWith("+/-"), "spread column: " + cells);
      String line = String.join(" ", cells);
      assertTrue(line.matches(".* (p=[01]\\.\\d{3} (not )?significant|significant \\(no spread on either side\\))"
          + " CI \\d+\\.\\d\\d-\\d+\\.\\d\\d$"), line);
      double ratio = Double.parseDouble(cells.get(6));
      assertTrue(ratio < 1.0, "paced B/A below 1: " + cells);
      String[] ci = line.replaceFirst(".* CI ", "").split("-");
      assertTrue(Double.parseDouble(ci[0]) <= ratio + 0.01 && ratio - 0.01 <= Double.parseDouble(ci[1]),
          "the interval holds the ratio it is shown beside: " + line);
    }
  }

  @Test
  void twoRepeatsASideGetNoSignificanceButSayHowManyAClaimNeeds(@TempDir Path tmp) throws Exception {
    Run r = pacedAgainstFree(tmp, 2);
    JsonNode p = assertPage(tmp.resolve("c.html"), r.out());
    JsonNode table = p.path("tables").get(0);
    assertFalse(table.path("headers").toString().contains("CI"), "no CI column without 3 runs a side: " + table);
    assertFalse(table.path("headers").toString().contains("Welch"), table.toString());
    assertTrue(p.path("verdict").path("text").asText().contains("no significance test: free has 2 and paced 2 runs"),
        "why there is no CI column, in the box above the charts: " + p.path("verdict"));
    for (JsonNode c : p.path("charts")) {
      assertEquals(4, c.path("spread").size(), "two runs a side still have a spread: " + c.path("spread"));
    }
    assertFalse(r.out().contains("Welch t-test"), r.out());
    assertFalse(r.out().contains("significant"), r.out());
    assertTrue(r.out().contains("no significance test: free has 2 and paced 2 runs at a thread count; Welch's test on"
        + " fewer than 3 runs a side has almost no power, so a claim that A and B differ needs 3 or more runs a side"
        + " (sweep --repeat 3)"), r.out());
    assertTrue(row(r.out(), "1", "OVERALL").get(3).startsWith("+/-"), "the spread is still shown");
  }

  /** The null binding swept free and paced at 3000 ops/s, {@code repeat} runs a thread count, compared. */
  private static Run pacedAgainstFree(Path tmp, int repeat) {
    List<String> common = List.of("-P", JavaProcess.workload("workloada"), "-p", "operationcount=1000",
        "--threads", "1,2", "--repeat", String.valueOf(repeat));
    List<String> a = new ArrayList<>(List.of("sweep", "run", "null"));
    a.addAll(common);
    a.addAll(List.of("--out", tmp.resolve("a").toString()));
    List<String> b = new ArrayList<>(List.of("sweep", "run", "null", "-target", "3000"));
    b.addAll(common);
    b.addAll(List.of("--out", tmp.resolve("b").toString()));
    // the sweeps in this JVM, each point in its own
    Result ra = InProcessMain.run(a.toArray(new String[0]));
    assertEquals(0, ra.exitCode(), ra.all());
    Result rb = InProcessMain.run(b.toArray(new String[0]));
    assertEquals(0, rb.exitCode(), rb.all());
    Run r = compare(tmp.resolve("a").toString(), tmp.resolve("b").toString(), "--labels", "free,paced",
        "--html", tmp.resolve("c.html").toString());
    assertEquals(0, r.exit(), r.out());
    assertTrue(r.out().startsWith("fingerprints differ in one dimension: target.ops: unlimited vs 3000"), r.out());
    return r;
  }

  private static void assertBadInput(String expected, String... args) {
    String[] all = new String[args.length + 1];
    all[0] = "compare";
    System.arraycopy(args, 0, all, 1, args.length);
    // decided before anything runs: bin/ycsb's Main in this JVM
    Result r = InProcessMain.run(all);
    assertEquals(2, r.exitCode(), r.all());
    assertEquals(1, r.stderrLines().size(), r.stderr());
    assertTrue(r.stderrLines().get(0).startsWith("ycsb: ") && r.stderrLines().get(0).contains(expected),
        r.stderrLines().get(0));
    assertFalse(r.all().contains("Exception"), r.all());
  }

  @Test
  void missingFolder(@TempDir Path tmp) throws Exception {
    Path a = sharedStockJson();
    assertBadInput(tmp.resolve("nope") + " does not exist; compare accepts sweep folders, run folders and YCSB result files",
        a.toString(), tmp.resolve("nope").toString());
  }

  @Test
  void folderWithoutSweep(@TempDir Path tmp) throws Exception {
    Path a = sharedStockJson();
    Files.createDirectories(tmp.resolve("empty"));
    assertBadInput("is not a sweep folder (no sweep.json)", a.toString(), tmp.resolve("empty").toString());
  }

  @Test
  void differentWorkloadsAreRefused(@TempDir Path tmp) throws Exception {
    Path a = sharedStockText();
    Path c = stockText(tmp, "c.txt", NULL_DB, "workloadc", 1);
    Path html = tmp.resolve("c.html");
    assertBadInput("a.txt ran workloada, c.txt ran workloadc: results of different workloads cannot be compared",
        a.toString(), c.toString(), "--html", html.toString());
    assertFalse(Files.exists(html));
    // without the command line, the operations tell them apart
    Path a2 = tmp.resolve("a2.txt");
    Path c2 = tmp.resolve("c2.txt");
    Files.writeString(a2, Files.readString(a).replaceAll("(?m)^Command line:.*$", ""));
    Files.writeString(c2, Files.readString(c).replaceAll("(?m)^Command line:.*$", ""));
    assertBadInput("a2.txt has operations [READ, UPDATE], c2.txt has [READ]: results of different workloads",
        a2.toString(), c2.toString(), "--html", html.toString());
  }

  @Test
  void notAResult(@TempDir Path tmp) throws Exception {
    Path junk = tmp.resolve("junk.txt");
    Files.writeString(junk, "hello\n");
    Path a = sharedStockJson();
    assertBadInput("junk.txt holds no YCSB result", a.toString(), junk.toString());
  }

  @Test
  void oneResultIsNotAComparison() {
    assertBadInput("compare needs two results, got 1", "x.json");
  }

  @Test
  void engineStatedTwiceDatabaseNamesAndEngineOnlySettingsAreOneDimension() {
    java.util.Map<String, String> inno = new java.util.LinkedHashMap<>();
    inno.put("ycsbx.version", "0.1");
    inno.put("storage.engine", "InnoDB");
    inno.put("jdbc.engine", "InnoDB");
    inno.put("db.url", "jdbc:mysql://127.0.0.1:3306/ycsbx_a?connectTimeout=5000");
    inno.put("jdbc.table", "ycsbx_a.usertable (exists)");
    java.util.Map<String, String> rocks = new java.util.LinkedHashMap<>(inno);
    rocks.put("storage.engine", "ROCKSDB");
    rocks.put("jdbc.engine", "RocksDB");
    rocks.put("db.url", "jdbc:mysql://127.0.0.1:3306/ycsbx_b?connectTimeout=5000");
    rocks.put("jdbc.table", "ycsbx_b.usertable (exists)");
    rocks.put("durability.rocksdb_flush_log_at_trx_commit", "1");
    // RocksDB's own flush setting follows from the engine: not a second difference, not noise either
    assertEquals("fingerprints differ in one dimension: storage.engine: InnoDB vs ROCKSDB, jdbc.engine: InnoDB vs "
        + "RocksDB", Comparability.fingerprintLine(Side.ofFingerprint("a", inno), Side.ofFingerprint("b", rocks)));
    rocks.put("db.url", "jdbc:mysql://db2:3306/ycsbx_b?connectTimeout=5000");
    assertTrue(Comparability.fingerprintLine(Side.ofFingerprint("a", inno), Side.ofFingerprint("b", rocks))
        .startsWith("WARNING: the fingerprints differ in 2 dimensions"), "another server is another dimension");
  }
}
