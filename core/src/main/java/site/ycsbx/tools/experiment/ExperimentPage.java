package site.ycsbx.tools.experiment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import site.ycsbx.report.ReportHtml;
import site.ycsbx.results.RunFolder;
import site.ycsbx.util.UserError;

/**
 * {@code experiment.html}: the experiment as a page a person reads, self-contained (inline SVG
 * and style, no script), written after each step and at the end, so a stopped experiment has one.
 * It holds the targets and what differs in their fingerprints, per step its table (the figures
 * the console printed, the relative rate marked outside {@value StepTable#REL_LOW}-{@value
 * StepTable#REL_HIGH}, unfinished cells with their reason) and its charts, and the plan: every
 * cell in the order it ran, with how it ended.
 *
 * <p>Hooks for tests and scripts: {@code section.step[data-step]}; table rows
 * {@code tr[data-target][data-threads]} (a plan row {@code tr[data-cell][data-status]}), cells
 * {@code td[data-col]}; the relative rate's cell {@code td.rel-low} or {@code td.rel-high} when
 * marked; a chart {@code figure.chart[data-kind][data-unit]} of kinds {@value #OVER_TIME},
 * {@value #LATENCY_OVER_TIME} ({@code data-op}), {@value #LATENCY}, {@value #RESPONSE_TIMES},
 * {@value #THREADS_RATE}, {@value #THREADS_P99} ({@link StepCharts}: also files under {@code charts/}).
 */
final class ExperimentPage {
  static final String FILE = "experiment.html";
  static final String OVER_TIME = "over-time";
  static final String LATENCY_OVER_TIME = "latency-over-time";
  static final String LATENCY = "latency";
  static final String RESPONSE_TIMES = "response-times";
  static final String THREADS_RATE = "threads-rate";
  static final String THREADS_P99 = "threads-p99";
  private static final String CSS = """
      section.step .charts{grid-template-columns:repeat(auto-fill,minmax(480px,1fr))}
      section.step .charts svg{width:100%;height:auto}
      td.rel-low{background:#fde2e1;font-weight:bold}
      td.rel-high{background:#e1f3e6;font-weight:bold}
      td.shared{background:#fff4d6}
      tr.unfinished td{background:#fff6f0}
      tr.pending td{color:#888}
      p.note{font-size:13px;color:#555;margin:4px 0 12px}
      table.differs{width:100%;table-layout:fixed}
      table.differs td{overflow-wrap:anywhere}
      """;

  private final Path dir;
  private final StepCharts charts;
  /** Where a chart file that cannot be written is said: the experiment's stream once it writes. */
  private java.io.PrintStream err = System.err;

  ExperimentPage(Path dir) {
    this.dir = dir;
    this.charts = new StepCharts(dir);
  }

  /**
   * Writes the page; one that cannot be drawn is one line on {@code err}, the experiment goes on.
   * Written beside and moved into place, so a reader never opens half a page.
   */
  void write(Plan plan, List<Outcome> outcomes, java.io.PrintStream err) {
    Path file = dir.resolve(FILE);
    this.err = err;
    try {
      Path tmp = dir.resolve(FILE + ".tmp");
      Files.writeString(tmp, html(plan, outcomes), StandardCharsets.UTF_8);
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException | RuntimeException e) {
      err.println("experiment: cannot write " + file + ": " + e);
    }
  }

  String html(Plan plan, List<Outcome> outcomes) {
    Experiment e = plan.experiment();
    long ok = outcomes.stream().filter(Outcome::ok).count();
    StringBuilder b = new StringBuilder();
    b.append("<p class=\"note\" id=\"state\">").append(ReportHtml.esc(String.format(Locale.ROOT,
        "%d targets x %d steps, %d cells: %d finished, %d did not, %d not run yet. Run folders under %s/.",
        e.targets().size(), e.steps().size(), plan.cells().size(), ok, outcomes.size() - ok,
        plan.cells().size() - outcomes.size(), Ledger.CELLS))).append("</p>\n");
    b.append("<h2>Targets</h2>\n").append(targets(plan, outcomes));
    for (Step s : e.steps()) {
      b.append(step(s, e.targets(), outcomes));
      if (s.after() != null && outcomes.stream().anyMatch(o -> o.ok() && o.cell().step().equals(s))) {
        // a load and run pair's own table (LinkBench's clients IPS QPS and efficiency rows), as printed
        b.append("<section class=\"pair\" data-step=\"").append(ReportHtml.esc(s.name())).append("\">\n<h2>")
            .append(ReportHtml.esc(s.after() + "+" + s.name())).append(": clients, IPS, QPS, efficiency</h2>\n<pre>")
            .append(ReportHtml.esc(ClientsTable.format(e, s, outcomes))).append("</pre>\n</section>\n");
      }
    }
    b.append("<h2>Plan</h2>\n").append(planTable(plan, outcomes));
    return ReportHtml.page("YCSB-X experiment: " + e.name(), CSS, b.toString());
  }

  /** The targets, then the fingerprint keys whose values differ between them (each target's first cell). */
  private String targets(Plan plan, List<Outcome> outcomes) {
    List<Target> targets = plan.experiment().targets();
    StringBuilder sb = new StringBuilder("<div class=\"table-wrap\"><table class=\"results targets\"><thead><tr>"
        + "<th>target</th><th>binding</th><th>property files</th><th>expects</th><th>status</th></tr></thead><tbody>\n");
    for (Target t : targets) {
      String status = outcomes.stream().filter(o -> o.cell().target().equals(t) && !o.ok()).findFirst()
          .map(o -> o.cell().id() + ": " + StepTable.describe(o.entry())).orElse("ok");
      List<String> expect = new ArrayList<>();
      t.expect().forEach((k, v) -> expect.add(ReportHtml.kv(k, v, null)));
      sb.append("<tr data-target=\"").append(ReportHtml.esc(t.name())).append("\">").append(td("target", t.name()))
          .append(td("binding", t.binding())).append(td("files", String.join(", ", t.propertyFiles())))
          .append("<td data-col=\"expects\">").append(String.join("", expect)).append("</td>")
          .append(status.equals("ok") ? td("status", status) : "<td class=\"why\" data-col=\"status\">"
              + ReportHtml.esc(status) + "</td>").append("</tr>\n");
    }
    sb.append("</tbody></table></div>\n");
    Map<String, Map<String, String>> fps = new LinkedHashMap<>();
    for (Target t : targets) {
      Map<String, String> fp = fingerprint(plan, outcomes, t);
      if (fp != null) {
        fps.put(t.name(), fp);
      }
    }
    sb.append("<h3>What differs in their fingerprints</h3>\n");
    if (fps.size() < 2) {
      return sb.append("<p class=\"note\" id=\"differs\">Fewer than two targets have a run folder yet.</p>\n").toString();
    }
    Set<String> keys = new LinkedHashSet<>();
    fps.values().forEach(fp -> keys.addAll(fp.keySet()));
    Map<String, String> union = new LinkedHashMap<>();
    fps.values().forEach(fp -> fp.forEach(union::putIfAbsent));
    Map<String, String> group = new HashMap<>();
    ReportHtml.groups(union).forEach((g, kv) -> kv.keySet().forEach(k -> group.put(k, g)));
    // an embedded server's folder and port name a place, not a setup (fingerprint.Places): such keys are
    // listed apart, so that two stand-in folders do not read as two setups
    List<String> differ = keys.stream().filter(k -> fps.values().stream()
        .map(fp -> String.valueOf(site.ycsbx.fingerprint.Places.setup(fp, k))).distinct().count() > 1).toList();
    List<String> places = keys.stream().filter(k -> !differ.contains(k) && fps.values().stream()
        .map(fp -> fp.getOrDefault(k, "-")).distinct().count() > 1).toList();
    if (!places.isEmpty()) {
      sb.append("<p class=\"note\" id=\"places\">Differ only in a place (a data folder, a port): ")
          .append(ReportHtml.esc(String.join(", ", places))).append(".</p>\n");
    }
    if (differ.isEmpty()) {
      return sb.append("<p class=\"note\" id=\"differs\">No key differs: the targets' first cells have the same"
          + " fingerprint (").append(union.size()).append(" keys).</p>\n").toString();
    }
    String first = fps.keySet().iterator().next();
    sb.append("<div class=\"table-wrap\"><table class=\"results differs\" id=\"differs\"><thead><tr><th>key</th>"
        + "<th>group</th>");
    fps.keySet().forEach(n -> sb.append("<th>").append(ReportHtml.esc(n)).append("</th>"));
    sb.append("</tr></thead><tbody>\n");
    for (String k : differ) {
      sb.append("<tr data-key=\"").append(ReportHtml.esc(k)).append("\">").append(td("key", k))
          .append(td("group", group.getOrDefault(k, "")));
      String base = fps.get(first).getOrDefault(k, "-");
      fps.forEach((n, fp) -> {
        String v = fp.getOrDefault(k, "-");
        sb.append("<td data-col=\"").append(ReportHtml.esc(n)).append("\">").append(v.equals(base) || n.equals(first)
            ? ReportHtml.esc(v) : "<mark class=\"differ\">" + ReportHtml.esc(v) + "</mark>").append("</td>");
      });
      sb.append("</tr>\n");
    }
    sb.append("</tbody></table></div>\n<p class=\"note\">Only the keys whose values differ; each target's first cell's")
        .append(" fingerprint (its run folder's result.json); marked: not the first target's value.</p>\n");
    return sb.toString();
  }

  /** The fingerprint of the target's first cell that has a run folder: null before any has. */
  private Map<String, String> fingerprint(Plan plan, List<Outcome> outcomes, Target t) {
    for (Cell c : plan.cells()) {
      if (!c.target().equals(t)) {
        continue;
      }
      for (Outcome o : outcomes) {
        if (o.cell().equals(c) && o.result() != null) {
          return o.result().fingerprint();
        }
      }
      // a cell that failed may still have written its result.json, fingerprint included
      Path folder = cellDir(c);
      if (RunFolder.isRunFolder(folder)) {
        try {
          return RunFolder.read(folder).fingerprint();
        } catch (UserError ex) {
          // unreadable: the next cell of the target may tell
        }
      }
    }
    return null;
  }

  private String step(Step s, List<Target> targets, List<Outcome> all) {
    List<Outcome> outcomes = all.stream().filter(o -> o.cell().step().equals(s)).toList();
    String name = ReportHtml.esc(s.name());
    StringBuilder sb = new StringBuilder("<section class=\"step\" data-step=\"").append(name).append("\" id=\"step-")
        .append(name).append("\">\n<h2>Step ").append(name).append(ReportHtml.esc(String.format(Locale.ROOT,
            " (%s, threads %s, %d repeat%s)", s.command(), String.join(",", s.threads().stream().map(String::valueOf)
                .toList()), s.repeats(), s.repeats() == 1 ? "" : "s"))).append("</h2>\n");
    List<StepTable.Row> rows = StepTable.rows(s, targets, outcomes);
    String rate = StepTable.rateFigure(s, outcomes);
    sb.append(table(s, targets, rows, outcomes, rate));
    sb.append(StepTables.html(s, targets, outcomes));
    if (outcomes.stream().anyMatch(Outcome::ok)) {
      sb.append(charts.html(s, targets, rows, outcomes, rate, err));
    }
    if (!outcomes.isEmpty()) {
      sb.append(ReportHtml.asPrinted(StepTables.format(s, targets, outcomes)));
    }
    return sb.append("</section>\n").toString();
  }

  /** The step's table: what StepTable prints, a row per target and thread count. */
  private static String table(Step s, List<Target> targets, List<StepTable.Row> rows, List<Outcome> outcomes,
      String rate) {
    String rateName = StepTable.rateName(rate);
    Set<String> headline = StepTable.headline(s, outcomes, rate);
    String op = StepTable.latencyOp(s, rows);
    String unit = StepTable.unit(s, outcomes);
    List<String> efficiency = StepTable.efficiency(unit);
    List<String> cols = new ArrayList<>(List.of("target", "threads", "n", rateName, "rel", "p50_ms", "p95_ms",
        "p99_ms"));
    cols.addAll(efficiency);
    headline.forEach(h -> cols.add(h.substring(CellResult.HEADLINE_PREFIX.length())));
    StringBuilder sb = new StringBuilder("<div class=\"table-wrap\"><table class=\"results step-table\" data-step=\"")
        .append(ReportHtml.esc(s.name())).append("\"><caption>").append(ReportHtml.esc(rateName + " relative to "
            + targets.get(0).name() + " at the same threads; latency of " + op)).append("</caption>\n<thead><tr>");
    for (int i = 0; i < cols.size(); i++) {
      sb.append(i < 1 ? "<th>" : "<th class=\"num\">").append(ReportHtml.esc(cols.get(i))).append("</th>");
    }
    sb.append("<th>note</th></tr></thead><tbody>\n");
    boolean anyOutage = false;
    List<Outcome> shown = new ArrayList<>();
    for (StepTable.Row r : rows) {
      List<Outcome> ok = r.ok();
      boolean pending = r.cells().isEmpty();
      sb.append("<tr data-target=\"").append(ReportHtml.esc(r.target().name())).append("\" data-threads=\"")
          .append(r.threads()).append("\"").append(outageSecs(ok)).append(ok.isEmpty() ? pending ? " class=\"pending\""
              : " class=\"unfinished\"" : "").append(">").append(td("target", r.target().name())).append(num("threads", String.valueOf(r.threads())))
          .append(num("n", String.valueOf(ok.size())));
      if (ok.isEmpty()) {
        // every cell's reason: the first failure says why, the cells after it that they were not run
        String why = pending ? "not run yet" : String.join("; ", r.cells().stream().map(o -> o.cell().id() + " "
            + StepTable.describe(o.entry())).toList());
        sb.append("<td class=\"why\" data-col=\"note\" colspan=\"").append(cols.size() - 2).append("\">")
            .append(ReportHtml.esc(why)).append("</td></tr>\n");
        continue;
      }
      double rel = StepTable.relative(r, rows, rate);
      sb.append(num("rate", StepTable.number(r.mean(rate))));
      String relText = Double.isNaN(rel) ? "n/a" : String.format(Locale.ROOT, "%.2f", rel);
      String mark = Double.isNaN(rel) || !StepTable.marked(rel) ? "" : rel < StepTable.REL_LOW ? " rel-low" : " rel-high";
      sb.append("<td class=\"num").append(mark).append("\" data-col=\"rel\">").append(relText).append("</td>")
          .append(num("p50_ms", StepTable.ms(r.mean(op + ".p50_us"))))
          .append(num("p95_ms", StepTable.ms(r.mean(op + ".p95_us"))))
          .append(num("p99_ms", StepTable.ms(r.mean(op + ".p99_us"))));
      for (String f : efficiency) {
        sb.append(num(f, StepTable.number(r.mean(f)) + OwnTables.writeMark(ok, f)));
      }
      for (String h : headline) {
        sb.append(num(h.substring(CellResult.HEADLINE_PREFIX.length()), StepTable.number(r.mean(h))
            + OwnTables.writeMark(ok, h)));
      }
      shown.addAll(ok);
      List<String> note = new ArrayList<>();
      if (ok.size() > 1) {
        note.add(rateName + " " + StepTable.number(r.min(rate)) + ".." + StepTable.number(r.max(rate)));
      }
      for (Outcome o : r.cells()) {
        if (!o.ok()) {
          note.add(o.cell().id() + " " + StepTable.describe(o.entry()));
        } else if (o.result().get(CellResult.BESIDE) > 0) {
          note.add(o.cell().id() + " ran beside other load (its result.json says why)");
        }
        String outage = o.ok() ? CellResult.outageNote(List.of(o.result())) : null;
        if (outage != null) {
          note.add(o.cell().id() + " met " + outage);
          anyOutage = true;
        }
        if (o.ok() && OwnTables.foreign(o.result())) {
          note.add(o.cell().id() + " found rows no cell wrote in its tables");
        }
      }
      sb.append(note.size() > (ok.size() > 1 ? 1 : 0) ? "<td class=\"why\" data-col=\"note\">" : "<td data-col=\"note\">")
          .append(ReportHtml.esc(String.join("; ", note))).append("</td></tr>\n");
    }
    sb.append("</tbody></table></div>\n<p class=\"note\">n: repeats that finished (figures are their mean); rel: ")
        .append(ReportHtml.esc(String.format(Locale.ROOT, "%s against %s at the same threads, marked outside %.2f-%.2f"
            + " (red below, green above); %s in ms; %s.", rateName, targets.get(0).name(), StepTable.REL_LOW,
            StepTable.REL_HIGH, StepTable.latencyNote(s, rows), StepTable.efficiencyNote(unit))))
        .append("</p>\n");
    if (anyOutage) {
      sb.append("<p class=\"note outage\">").append(ReportHtml.esc(StepTable.OUTAGE_NOTE)).append(".</p>\n");
    }
    OwnTables.notes(shown).forEach(l -> sb.append("<p class=\"note\">").append(ReportHtml.esc(l)).append("</p>\n"));
    return sb.toString();
  }

  /** What a finished cell met of outages, for the plan: empty when none. */
  private static String outageOf(Outcome o) {
    String outage = CellResult.outageNote(List.of(o.result()));
    return outage == null ? "" : "met " + outage;
  }

  /** A row's {@code data-outage-secs}: the seconds of the outages its cells met, none when they met none. */
  private static String outageSecs(List<Outcome> ok) {
    double secs = ok.stream().mapToDouble(o -> o.result().get(CellResult.OUTAGE_SECS)).filter(v -> v > 0).sum();
    return secs > 0 ? String.format(Locale.ROOT, " data-outage-secs=\"%.1f\"", secs) : "";
  }

  /** Every cell of the plan in order, with how it ended (or that it has not run yet). */
  private static String planTable(Plan plan, List<Outcome> outcomes) {
    Map<Cell, Outcome> ended = new HashMap<>();
    outcomes.forEach(o -> ended.put(o.cell(), o));
    StringBuilder sb = new StringBuilder("<p class=\"note\">The order the cells ran: a load runs once per target,"
        + " target after target; a run step alternates the order of the targets from one repeat to the next (A B,"
        + " then B A), so that drift falls on every target alike.</p>\n<div class=\"table-wrap\"><table class=\"results"
        + " plan\"><thead><tr><th class=\"num\">seq</th><th>cell</th><th>step</th><th>target</th>"
        + "<th class=\"num\">threads</th><th class=\"num\">repeat</th><th>status</th><th class=\"num\">seconds</th>"
        + "<th>why</th></tr></thead><tbody>\n");
    for (Cell c : plan.cells()) {
      Outcome o = ended.get(c);
      String status = o == null ? "pending" : o.entry().status().name();
      sb.append("<tr data-cell=\"").append(ReportHtml.esc(c.id())).append("\" data-status=\"").append(status)
          .append("\"").append(o == null ? " class=\"pending\"" : o.ok() ? "" : " class=\"unfinished\"").append(">")
          .append(num("seq", String.valueOf(c.seq()))).append(td("cell", c.id())).append(td("step", c.step().name()))
          .append(td("target", c.target().name())).append(num("threads", String.valueOf(c.threads())))
          .append(num("repeat", String.valueOf(c.repeat()))).append(td("status", status))
          .append(num("seconds", o == null ? "" : String.format(Locale.ROOT, "%.1f", o.entry().seconds())))
          .append(o == null ? td("why", "") : o.ok() ? td("why", outageOf(o)) : "<td class=\"why\" data-col=\"why\">"
              + ReportHtml.esc(o.entry().why()) + "</td>").append("</tr>\n");
    }
    return sb.append("</tbody></table></div>\n").toString();
  }

  private Path cellDir(Cell c) {
    return dir.resolve(Ledger.CELLS).resolve(c.id());
  }

  private static String td(String col, String text) {
    return "<td data-col=\"" + ReportHtml.esc(col) + "\">" + ReportHtml.esc(text) + "</td>";
  }

  private static String num(String col, String text) {
    return "<td class=\"num\" data-col=\"" + ReportHtml.esc(col) + "\">" + ReportHtml.esc(text) + "</td>";
  }
}
