package site.ycsbx.tools.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.testing.HeadlessChromium;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.tools.Main;
import site.ycsbx.tools.sweep.YcsbResult;

/** compare on stock YCSB outputs, YCSB-X results and sweeps; bad input. */
class CompareTest {
  private static final String STOCK_CLIENT = "site.ycsb.Client";
  private static final String NULL_DB = "site.ycsbx.db.nulldb.NullDb";
  private static final String JSON = "site.ycsb.measurements.exporter.JSONMeasurementsExporter";
  private static final String JSON_ARRAY = "site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter";

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
    Path json = stockJson(tmp, "null.json", NULL_DB, JSON, 2);
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
    assertTrue(r.out().startsWith("note: neither side has a fingerprint (stock YCSB output)"), r.out());
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
    Path a = ycsbxJson(tmp, "a.json", "null");
    Path b = ycsbxJson(tmp, "b.json", "null", "-target", "1000000");
    Run r = compare(a.toString(), b.toString(), "--html", tmp.resolve("c.html").toString());
    assertEquals(0, r.exit(), r.out());
    assertTrue(r.out().startsWith("fingerprints differ in one dimension: target.ops: unlimited vs 1000000\n"), r.out());
    row(r.out(), "1", "UPDATE");
  }

  @Test
  void fingerprintsThatDifferInSeveralDimensionsAreWarnedAboutFirst(@TempDir Path tmp) {
    Path a = ycsbxJson(tmp, "a.json", "null");
    Path b = ycsbxJson(tmp, "b.json", "basic");
    Run r = compare(a.toString(), b.toString(), "--html", tmp.resolve("c.html").toString());
    assertEquals(0, r.exit(), r.out());
    assertTrue(r.out().startsWith("WARNING: the fingerprints differ in "), r.out());
    assertTrue(r.out().split("\n")[0].contains("binding: null vs basic"), r.out());
  }

  @Test
  void sweepsWithRepeatsGetWelchsTestAndTheSpread(@TempDir Path tmp) {
    List<String> common = List.of("-P", JavaProcess.workload("workloada"), "-p", "operationcount=2000",
        "--threads", "1,2", "--repeat", "2");
    List<String> a = new ArrayList<>(List.of("sweep", "run", "null"));
    a.addAll(common);
    a.addAll(List.of("--out", tmp.resolve("a").toString()));
    List<String> b = new ArrayList<>(List.of("sweep", "run", "null", "-target", "3000"));
    b.addAll(common);
    b.addAll(List.of("--out", tmp.resolve("b").toString()));
    assertEquals(0, JavaProcess.run(Main.class.getName(), a.toArray(new String[0])).exitCode());
    Result rb = JavaProcess.run(Main.class.getName(), b.toArray(new String[0]));
    assertEquals(0, rb.exitCode(), rb.all());
    Run r = compare(tmp.resolve("a").toString(), tmp.resolve("b").toString(), "--labels", "free,paced",
        "--html", tmp.resolve("c.html").toString());
    assertEquals(0, r.exit(), r.out());
    assertTrue(r.out().startsWith("fingerprints differ in one dimension: target.ops: unlimited vs 3000"), r.out());
    assertTrue(r.out().contains("Welch t-test (ops/s)"), r.out());
    for (String t : List.of("1", "2")) {
      List<String> cells = row(r.out(), t, "OVERALL");
      assertTrue(cells.get(3).startsWith("±"), "spread column: " + cells);
      // two runs a side give Welch's test about one degree of freedom: a p-value, not always a verdict
      assertTrue(String.join(" ", cells).matches(".* (p=[01]\\.\\d{3} (not )?significant|significant \\(no spread on either side\\))$"), String.join(" ", cells));
      assertTrue(Double.parseDouble(cells.get(6)) < 1.0, "paced B/A below 1: " + cells);
    }
  }

  /** Welch's statistic and degrees of freedom by hand; the p-value must match the table's. */
  @Test
  void welchTestOnKnownSamples() {
    double[] a = {100, 102, 98, 101};
    double[] b = {104, 99, 107, 103};
    double ma = 100.25;
    double mb = 103.25;
    double va = ((0.25 * 0.25) + (1.75 * 1.75) + (2.25 * 2.25) + (0.75 * 0.75)) / 3;
    double vb = ((0.75 * 0.75) + (4.25 * 4.25) + (3.75 * 3.75) + (0.25 * 0.25)) / 3;
    double se2 = va / 4 + vb / 4;
    double t = (ma - mb) / Math.sqrt(se2);
    double df = se2 * se2 / ((va / 4) * (va / 4) / 3 + (vb / 4) * (vb / 4) / 3);
    double p = 2 * new org.apache.commons.math3.distribution.TDistribution(df).cumulativeProbability(-Math.abs(t));
    assertEquals(String.format(Locale.ROOT, "p=%.3f%s", p, p < 0.05 ? " significant" : " not significant"),
        Compare.significance(a, b));
    assertEquals("p=0.000 significant", Compare.significance(new double[] {100, 101, 99}, new double[] {200, 201, 199}));
    assertTrue(Compare.significance(new double[] {100, 110, 90}, new double[] {101, 109, 92}).endsWith(" not significant"));
    assertEquals("-", Compare.significance(new double[] {100}, new double[] {200, 201}));
    // quantized throughputs can repeat exactly: no variance to test, the verdict follows the means
    assertEquals("significant (no spread on either side)",
        Compare.significance(new double[] {100, 100}, new double[] {200, 200}));
    assertEquals("no difference (no spread)", Compare.significance(new double[] {100, 100}, new double[] {100, 100}));
  }

  private static void assertBadInput(String expected, String... args) {
    String[] all = new String[args.length + 1];
    all[0] = "compare";
    System.arraycopy(args, 0, all, 1, args.length);
    Result r = JavaProcess.run(Main.class.getName(), all);
    assertEquals(2, r.exitCode(), r.all());
    assertEquals(1, r.stderrLines().size(), r.stderr());
    assertTrue(r.stderrLines().get(0).startsWith("ycsb: ") && r.stderrLines().get(0).contains(expected),
        r.stderrLines().get(0));
    assertFalse(r.all().contains("Exception"), r.all());
  }

  @Test
  void missingFolder(@TempDir Path tmp) throws Exception {
    Path a = stockJson(tmp, "a.json", NULL_DB, JSON, 1);
    assertBadInput(tmp.resolve("nope") + " does not exist; compare accepts sweep folders and YCSB result files",
        a.toString(), tmp.resolve("nope").toString());
  }

  @Test
  void folderWithoutSweep(@TempDir Path tmp) throws Exception {
    Path a = stockJson(tmp, "a.json", NULL_DB, JSON, 1);
    Files.createDirectories(tmp.resolve("empty"));
    assertBadInput("is not a sweep folder (no sweep.json)", a.toString(), tmp.resolve("empty").toString());
  }

  @Test
  void differentWorkloadsAreRefused(@TempDir Path tmp) throws Exception {
    Path a = stockText(tmp, "a.txt", NULL_DB, "workloada", 1);
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
    Path a = stockJson(tmp, "a.json", NULL_DB, JSON, 1);
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
    assertEquals("fingerprints differ in one dimension: storage.engine: InnoDB vs ROCKSDB, jdbc.engine: InnoDB vs "
        + "RocksDB (set on one side only: durability.rocksdb_flush_log_at_trx_commit: (absent) vs 1)",
        Compare.fingerprintLine(Side.ofFingerprint("a", inno), Side.ofFingerprint("b", rocks)));
    rocks.put("db.url", "jdbc:mysql://db2:3306/ycsbx_b?connectTimeout=5000");
    assertTrue(Compare.fingerprintLine(Side.ofFingerprint("a", inno), Side.ofFingerprint("b", rocks))
        .startsWith("WARNING: the fingerprints differ in 2 dimensions"), "another server is another dimension");
  }
}
