package site.ycsbx.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.Histogram;
import site.ycsbx.measurements.EfficiencyCsv;
import site.ycsbx.measurements.EfficiencyFigures;
import site.ycsbx.measurements.EfficiencyTable;
import site.ycsbx.measurements.RunSummary;
import site.ycsbx.results.RunFolder;

/**
 * {@code report.html} of a run folder (or a merged one): a page a person reads, self-contained
 * (inline SVG and style, no script, nothing loaded). Everything on it is read back from the
 * folder's files, so a run, an interrupted run and a merge write the same page: what ran and the
 * fingerprint (result.json, passwords already masked there), a table of the operations, per
 * operation throughput and latency percentiles over time (the {@code .hdr} interval logs) and
 * the percentile distribution of the whole run (the logs added up), the error counts per
 * operation and status (result.json), the efficiency figures (efficiency.csv's summary row) and
 * the host's CPU and disk second by second (its samples, {@link HostCharts}).
 *
 * <p>Stable hooks for tests and scripts: each chart is an {@code svg} inside
 * {@code div.ycsbx-chart[data-op][data-kind]} (kinds {@value #THROUGHPUT}, {@value #LATENCY},
 * {@value #PERCENTILES}); table rows carry {@code data-op} (and {@code data-status}), cells
 * {@code data-col}.
 */
public final class RunReport {
  public static final String FILE = "report.html";
  static final String THROUGHPUT = "throughput";
  static final String LATENCY = "latency";
  static final String PERCENTILES = "percentiles";
  static final String INTENDED = "Intended-";
  static final int MAX_POINTS = 1000;
  /** Latencies from this many µs up are drawn in ms. */
  static final long MS_FROM_US = 10_000;
  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS 'UTC'")
      .withZone(ZoneOffset.UTC);
  private static final String CSS = """
      .ycsbx-chart svg,.ycsbx-host-chart svg{width:100%;height:auto;display:block}
      .op-charts.host-charts{grid-template-columns:repeat(auto-fill,minmax(340px,1fr))}
      .op-charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(340px,1fr));gap:4px 16px;margin:0 0 8px}
      h3{font-size:15px;margin:18px 0 4px}
      table.efficiency{font-size:12px}
      table.efficiency th,table.efficiency td{padding:3px 5px}
      table.results{margin:0 0 8px}
      p.note{font-size:13px;color:#555;margin:4px 0 12px}
      """;

  private RunReport() {
  }

  /** Writes {@value #FILE} into a run folder from its files; returns the file. */
  public static Path write(Path dir) throws IOException {
    return write(dir, List.of());
  }

  /**
   * Writes {@value #FILE} at the end of a run, once its folder's files stand (the launcher hands
   * this to the exporter); a page that cannot be drawn is one line, the run's outcome stands.
   */
  public static void writeAfterRun(Path dir) {
    try {
      write(dir);
    } catch (IOException | RuntimeException e) {
      System.err.println("[YCSB-X] cannot write " + dir.resolve(FILE) + ": " + e);
    }
  }

  /**
   * Writes {@value #FILE} into {@code dir}; {@code clients}: the folders a merged {@code dir} was
   * merged from (their efficiency rows are shown, one per client), empty for a single run.
   */
  public static Path write(Path dir, List<RunFolder> clients) throws IOException {
    String html = html(RunFolder.read(dir), clients);
    Path file = dir.resolve(FILE);
    Files.writeString(file, html, StandardCharsets.UTF_8);
    return file;
  }

  static String html(RunFolder run, List<RunFolder> clients) throws IOException {
    JsonNode r = run.result();
    Map<String, String> fp = run.fingerprint();
    StringBuilder b = new StringBuilder();
    String workload = workloadName(fp, r.path("workload").asText(null));
    b.append(RunHeader.of(run, workload).html());
    b.append("<h2>What ran</h2>\n").append(whatRan(run));
    b.append("<h2>Setup</h2>\n").append(setup(fp));
    List<String> ops = operations(run);
    long origin = r.path("span").path("first_start_ms").asLong(run.startMs());
    // each log read once, one interval at a time: what the page keeps is a total and <= 1000 points
    Map<String, OpLog> logs = new LinkedHashMap<>();
    for (String op : ops) {
      logs.put(op, OpLog.read(run, op, origin));
    }
    b.append("<h2>Operations</h2>\n").append(opsTable(run, logs));
    List<OpLog> drawn = logs.values().stream().filter(l -> !l.op.startsWith(INTENDED)).toList();
    b.append(OpCharts.rateChart(r, drawn));
    b.append(OpCharts.html(drawn, (run.endMs() - run.startMs()) / 1000.0));
    b.append("<h2>Errors</h2>\n").append(errors(run));
    b.append("<h2>Efficiency</h2>\n").append(efficiency(run, clients));
    b.append("<h2>Host CPU and disk</h2>\n").append(HostCharts.html(run.path(), origin));
    String title = "YCSB-X " + run.phase() + ": " + workload + " on " + r.path("binding").asText("");
    // a page to publish names no folder of this machine: paths relative to the run folder, or their names
    return ReportHtml.page(title, CSS + PageHeader.CSS, LocalPaths.shown(b.toString(), run.path()));
  }

  /**
   * The workload as the run's [SUMMARY] names it (iibench, YCSB's core workload), or by its
   * workload files' names (workloada) when the result records them: a class name in a page's
   * title reads as a stack trace.
   */
  static String workloadName(Map<String, String> fp, String className) {
    String files = fp.get("workload.files");
    if (files != null && !files.isBlank()) {
      List<String> names = new ArrayList<>();
      for (String f : files.split(",")) {
        names.add(f.trim().replaceFirst(".*[/\\\\]", ""));
      }
      return String.join(", ", names);
    }
    return RunSummary.workloadName(className);
  }

  /**
   * The operations: those with a log, then those only in result.json that have return statuses
   * (not YCSB's per-thread CLEANUP, which has neither); Intended- ones are rows of their own.
   */
  static List<String> operations(RunFolder run) {
    Set<String> ops = new LinkedHashSet<>(run.operationNames());
    for (Iterator<Map.Entry<String, JsonNode>> it = run.result().path("operations").fields(); it.hasNext();) {
      Map.Entry<String, JsonNode> e = it.next();
      if (!e.getKey().startsWith(INTENDED) && e.getValue().path("returns").size() > 0) {
        ops.add(e.getKey());
      }
    }
    for (String op : run.intendedNames()) {
      if (ops.contains(op.substring(INTENDED.length()))) {
        ops.add(op);
      }
    }
    return new ArrayList<>(ops);
  }

  private static String whatRan(RunFolder run) {
    JsonNode r = run.result();
    Map<String, String> fp = run.fingerprint();
    Map<String, String> rows = new LinkedHashMap<>();
    rows.put("phase", run.phase());
    rows.put("binding", r.path("binding").asText(""));
    String files = fp.get("workload.files");
    rows.put("workload", r.path("workload").asText("") + (files == null ? "" : " (" + files + ")"));
    rows.put("threads", fp.getOrDefault("threads", "?"));
    rows.put("target", fp.getOrDefault("target.ops", "unlimited") + (fp.containsKey("target.ops")
        && !"unlimited".equals(fp.get("target.ops")) ? " ops/s" : ""));
    JsonNode c = r.path("client");
    if (c.path("index").isNull()) {
      List<String> hosts = new ArrayList<>();
      c.path("host").forEach(h -> hosts.add(h.asText()));
      rows.put("clients", "merged from " + c.path("count").asInt() + " clients (" + String.join(", ", hosts)
          + "); throughput over the common window, percentiles from the added histograms");
    } else {
      rows.put("client", "client " + c.path("index").asInt() + " of " + c.path("count").asInt(1) + " ("
          + c.path("host").asText("") + ")");
    }
    rows.put("start", TIME.format(Instant.ofEpochMilli(run.startMs())));
    rows.put("end", TIME.format(Instant.ofEpochMilli(run.endMs())) + String.format(Locale.ROOT, " (%.1f s)",
        (run.endMs() - run.startMs()) / 1000.0));
    double warmup = r.path("warmup_s").asDouble(0);
    if (warmup > 0) {
      rows.put("warm-up", String.format(Locale.ROOT, "%s s before the start, not measured", strip(warmup)));
    }
    JsonNode o = r.path("overall");
    rows.put("operations", String.format(Locale.ROOT, "%,d, %s ops/s", o.path("operations").asLong(),
        ReportHtml.ops(o.path("throughput").asDouble(Double.NaN))));
    JsonNode in = r.path("interrupted");
    if (!in.isMissingNode() && !in.isNull()) {
      rows.put("interrupted", in.has("signal") ? in.path("signal").asText() + " at "
          + TIME.format(Instant.ofEpochMilli(in.path("at_ms").asLong())) : in.toString());
    }
    StringBuilder sb = new StringBuilder("<table class=\"setup what-ran\">\n");
    rows.forEach((k, v) -> sb.append("<tr data-key=\"").append(ReportHtml.esc(k)).append("\"><th scope=\"row\">")
        .append(ReportHtml.esc(k)).append("</th><td>").append(ReportHtml.esc(v)).append("</td></tr>\n"));
    return sb.append("</table>\n").toString();
  }

  /** The fingerprint, every entry, in the sweep's rows (binding, workload, server, durability, client). */
  private static String setup(Map<String, String> fp) {
    StringBuilder sb = new StringBuilder("<table class=\"setup fingerprint\">\n");
    Map<String, String> shown = new LinkedHashMap<>(fp);
    // the sweep leaves threads out (what it varies); a run shows it
    List<String> threads = fp.containsKey("threads") ? List.of(ReportHtml.kv("threads", fp.get("threads"), null))
        : List.of();
    for (Map.Entry<String, Map<String, String>> g : ReportHtml.groups(shown).entrySet()) {
      List<String> cells = new ArrayList<>();
      if (g.getKey().equals("workload")) {
        cells.addAll(threads);
      }
      g.getValue().forEach((k, v) -> cells.add(ReportHtml.kv(ReportHtml.shortKey(g.getKey(), k), v, null)));
      if (!cells.isEmpty()) {
        sb.append(ReportHtml.row(g.getKey(), List.of("<td>" + String.join("", cells) + "</td>"), null));
      }
    }
    return sb.append("</table>\n").toString();
  }

  private static String opsTable(RunFolder run, Map<String, OpLog> logs) {
    StringBuilder sb = new StringBuilder("<div class=\"table-wrap\"><table class=\"results operations\"><thead><tr>"
        + "<th>operation</th><th class=\"num\">count</th><th class=\"num\">ops/s</th><th class=\"num\">p50 (µs)</th>"
        + "<th class=\"num\">p95 (µs)</th><th class=\"num\">p99 (µs)</th><th class=\"num\">p99.9 (µs)</th>"
        + "<th class=\"num\">max (µs)</th><th class=\"num\">failed</th></tr></thead><tbody>\n");
    JsonNode perOp = run.result().path("operations");
    double seconds = run.result().path("overall").path("runtime_ms").asDouble(run.endMs() - run.startMs()) / 1000.0;
    for (OpLog l : logs.values()) {
      String op = l.op;
      Histogram h = l.total;
      long count = perOp.path(op).path("count").asLong(h == null ? 0 : h.getTotalCount());
      double rate = perOp.path(op).path("throughput").asDouble(seconds > 0 ? count / seconds : Double.NaN);
      boolean any = h != null && h.getTotalCount() > 0;
      sb.append("<tr data-op=\"").append(ReportHtml.esc(op)).append("\"><td>").append(ReportHtml.esc(op))
          .append("</td>").append(cell("count", String.format(Locale.ROOT, "%,d", count)))
          .append(cell("ops", ReportHtml.ops(rate)))
          .append(cell("p50", any ? us(h.getValueAtPercentile(50)) : "-"))
          .append(cell("p95", any ? us(h.getValueAtPercentile(95)) : "-"))
          .append(cell("p99", any ? us(h.getValueAtPercentile(99)) : "-"))
          .append(cell("p99.9", any ? us(h.getValueAtPercentile(99.9)) : "-"))
          .append(cell("max", any ? us(h.getMaxValue()) : "-"))
          .append(cell("failed", String.format(Locale.ROOT, "%,d", run.errors(op)))).append("</tr>\n");
    }
    sb.append("</tbody></table></div>\n<p class=\"note\">Counts from result.json; percentiles from the interval logs"
        + " added up (HdrHistogram, µs)")
        .append(run.result().path("client").path("index").isNull() ? "; ops/s over the clients' common window" : "")
        .append(".</p>\n");
    return sb.toString();
  }

  /**
   * An operation's log as the page draws it: the whole run's histogram and, per point, the end of
   * its interval (seconds from {@code origin}), throughput and p50/p99. A log of more than
   * {@value #MAX_POINTS} intervals is drawn with neighbouring intervals added (histograms added,
   * so the percentiles stay exact): a day's log at 1 s keeps the page a few MB.
   */
  static final class OpLog {
    final String op;
    final long origin;
    final int perPoint;
    /** Every interval added; null when the operation has no log. */
    Histogram total;
    /** Per point: end (s from the origin), ops/s, p50, p99 (µs). */
    final List<double[]> points = new ArrayList<>();
    private Histogram bucket;
    private long bucketStart;
    private long bucketEnd;
    private int inBucket;

    OpLog(String op, long origin, int intervals) {
      this.op = op;
      this.origin = origin;
      this.perPoint = Math.max(1, (intervals + MAX_POINTS - 1) / MAX_POINTS);
    }

    static OpLog read(RunFolder run, String op, long origin) {
      OpLog l = new OpLog(op, origin, run.intervalCount(op));
      run.forEachInterval(op, l::add);
      l.flush();
      return l;
    }

    void add(RunFolder.Interval in) {
      Histogram h = in.histogram();
      if (total == null) {
        total = new Histogram(h.getNumberOfSignificantValueDigits());
        total.setAutoResize(true);
      }
      total.add(h);
      if (bucket == null) {
        bucket = new Histogram(h.getNumberOfSignificantValueDigits());
        bucket.setAutoResize(true);
        bucketStart = in.startMs();
      }
      bucket.add(h);
      bucketEnd = in.endMs();
      if (++inBucket == perPoint) {
        flush();
      }
    }

    void flush() {
      if (bucket != null) {
        double secs = (bucketEnd - bucketStart) / 1000.0;
        boolean any = bucket.getTotalCount() > 0;
        points.add(new double[] {(bucketEnd - origin) / 1000.0, secs > 0 ? bucket.getTotalCount() / secs : Double.NaN,
            any ? bucket.getValueAtPercentile(50) : Double.NaN, any ? bucket.getValueAtPercentile(99) : Double.NaN});
      }
      bucket = null;
      inBucket = 0;
    }

    double[] column(int i, double divide) {
      return points.stream().mapToDouble(p -> p[i] / divide).toArray();
    }
  }

  /** Per operation and status, from result.json; the console's table (with first errors) folded below. */
  private static String errors(RunFolder run) throws IOException {
    StringBuilder sb = new StringBuilder("<div class=\"table-wrap\"><table class=\"results errors\"><thead><tr>"
        + "<th>operation</th><th class=\"num\">ok</th><th class=\"num\">failed</th><th class=\"num\">failed%</th>"
        + "<th>failures by status</th></tr></thead><tbody>\n");
    for (Iterator<Map.Entry<String, JsonNode>> it = run.result().path("operations").fields(); it.hasNext();) {
      Map.Entry<String, JsonNode> e = it.next();
      String op = e.getKey();
      if (op.startsWith(INTENDED) || e.getValue().path("returns").size() == 0) {
        continue;
      }
      long ok = 0;
      long failed = 0;
      List<String> statuses = new ArrayList<>();
      for (Iterator<Map.Entry<String, JsonNode>> s = e.getValue().path("returns").fields(); s.hasNext();) {
        Map.Entry<String, JsonNode> st = s.next();
        if (st.getKey().equals("OK") || st.getKey().equals("BATCHED_OK")) {
          ok += st.getValue().asLong();
        } else {
          failed += st.getValue().asLong();
          statuses.add("<span data-status=\"" + ReportHtml.esc(st.getKey()) + "\">" + ReportHtml.esc(st.getKey()) + "="
              + st.getValue().asLong() + "</span>");
        }
      }
      sb.append("<tr data-op=\"").append(ReportHtml.esc(op)).append("\"><td>").append(ReportHtml.esc(op)).append("</td>")
          .append(cell("ok", String.format(Locale.ROOT, "%,d", ok)))
          .append(cell("failed", String.format(Locale.ROOT, "%,d", failed)))
          .append(cell("failed%", String.format(Locale.ROOT, "%.2f", 100.0 * failed / Math.max(1, ok + failed))))
          .append("<td class=\"why\">").append(String.join(", ", statuses)).append("</td></tr>\n");
    }
    sb.append("</tbody></table></div>\n");
    Path summary = run.path().resolve("summary.txt");
    if (Files.isRegularFile(summary)) {
      StringBuilder printed = new StringBuilder();
      for (String line : Files.readAllLines(summary, StandardCharsets.UTF_8)) {
        if (line.startsWith("[ERRORS]")) {
          printed.append(line).append('\n');
        }
      }
      if (printed.length() > 0) {
        sb.append(ReportHtml.asPrinted(printed.toString()));
      }
    }
    return sb.toString();
  }

  /** efficiency.csv's summary row in the console's columns; for a merge, one row per client. */
  private static String efficiency(RunFolder run, List<RunFolder> clients) throws IOException {
    Map<String, Map<String, String>> rows = new LinkedHashMap<>();
    Map<String, String> own = summaryRow(run.path().resolve(EfficiencyCsv.FILE));
    if (own != null) {
      rows.put(own.get("row"), own);
    }
    for (RunFolder c : clients) {
      Map<String, String> row = summaryRow(c.path().resolve(EfficiencyCsv.FILE));
      if (row != null) {
        rows.put("client " + c.clientIndex() + " (" + c.host() + ")", row);
      }
    }
    if (rows.isEmpty()) {
      return "<p class=\"note efficiency-missing\">No " + EfficiencyCsv.FILE + " in this folder"
          + (run.result().path("client").path("index").isNull() ? " (each client keeps its own in its run folder)"
              : " (ycsbx.efficiency=false or no /proc)") + ".</p>\n";
    }
    StringBuilder sb = new StringBuilder("<div class=\"table-wrap\"><table class=\"results efficiency\"><thead><tr>"
        + "<th>phase</th><th class=\"num\">seconds</th><th class=\"num\">operations</th>");
    EfficiencyFigures.COLUMNS.forEach(c -> sb.append("<th class=\"num\">").append(ReportHtml.esc(c)).append("</th>"));
    sb.append("</tr></thead><tbody>\n");
    rows.forEach((name, row) -> {
      sb.append("<tr data-row=\"").append(ReportHtml.esc(name)).append("\"><td>").append(ReportHtml.esc(name))
          .append("</td>").append(cell("seconds", EfficiencyTable.num(parse(row.get("seconds")))))
          .append(cell("operations", row.getOrDefault("ops", "").isEmpty() ? "n/a" : row.get("ops")));
      for (int i = 0; i < EfficiencyFigures.COLUMNS.size(); i++) {
        sb.append(cell(EfficiencyFigures.COLUMNS.get(i), EfficiencyTable.num(parse(row.get(EfficiencyCsv.COLUMNS.get(i))))));
      }
      sb.append("</tr>\n");
    });
    sb.append("</tbody></table></div>\n<p class=\"note\">From ").append(EfficiencyCsv.FILE)
        .append("'s summary row. cs: context switches; cpu: host CPU seconds busy; .Kop: CPU seconds per 1000"
            + " operations (client: this JVM, server: the database's process when local); r: disk reads; rkb/wkb: KB"
            + " read/written; us/sy/wa: % of host CPU.</p>\n");
    return sb.toString();
  }

  /** The last row of efficiency.csv that is not a second's sample: the phase's figures; null when absent. */
  public static Map<String, String> summaryRow(Path csv) throws IOException {
    if (!Files.isRegularFile(csv)) {
      return null;
    }
    List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
    if (lines.size() < 2) {
      return null;
    }
    String[] header = lines.get(0).split(",", -1);
    for (int i = lines.size() - 1; i > 0; i--) {
      String[] v = lines.get(i).split(",", -1);
      if (v.length == header.length && !v[0].equals("sample") && !v[0].equals("before")) {
        Map<String, String> row = new LinkedHashMap<>();
        for (int j = 0; j < header.length; j++) {
          row.put(header[j], v[j]);
        }
        return row;
      }
    }
    return null;
  }

  private static double parse(String s) {
    try {
      return s == null || s.isEmpty() ? Double.NaN : Double.parseDouble(s);
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }

  private static String cell(String col, String text) {
    return "<td class=\"num\" data-col=\"" + ReportHtml.esc(col) + "\">" + ReportHtml.esc(text) + "</td>";
  }

  private static String us(long v) {
    return String.format(Locale.ROOT, "%,d", v);
  }

  private static String strip(double d) {
    return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
  }
}
