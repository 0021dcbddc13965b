package site.ycsbx.tools.experiment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import site.ycsbx.report.Footnotes;
import site.ycsbx.report.PageHeader;
import site.ycsbx.report.ReportHtml;
import site.ycsbx.results.RunFolder;
import site.ycsbx.util.UserError;

/**
 * {@code experiment.html}: the experiment as a page a person reads, self-contained (inline SVG
 * and style, no script), written after each step and at the end, so a stopped experiment has one,
 * with {@code results.md} and {@code results.txt} ({@link BlogTables}) under the same header.
 * It holds the header ({@link ExperimentHeader}: what ran, when, where, by what command, and the
 * verdict), the targets and what differs in their fingerprints ({@link TargetsSection}), per step
 * its table ({@link StepTableHtml}: the figures the console printed, the relative rate marked outside
 * {@value StepTable#REL_LOW}-{@value StepTable#REL_HIGH}, a row a line, what a row carries besides its
 * figures a numbered mark with its sentence under the table) and its charts, and the plan
 * ({@link PlanTable}): every cell in the order it ran, with how it ended.
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
      section.pair pre{background:#f6f6f6;padding:12px;overflow-x:auto;font-size:12px}
      td.rel-low{background:#fde2e1;font-weight:bold}
      td.rel-high{background:#e1f3e6;font-weight:bold}
      td.shared{background:#fff4d6}
      tr.unfinished td{background:#fff6f0}
      tr.pending td{color:#888}
      p.note{font-size:13px;color:#555;margin:4px 0 12px}
      table.differs{width:100%;table-layout:fixed}
      table.differs td{overflow-wrap:anywhere}
      table.differs th:first-child{width:22%}
      table.differs th:nth-child(2){width:8%}
      table.results td[data-col=target]{white-space:nowrap}
      section.pair pre{white-space:pre-wrap;overflow-wrap:anywhere;font-size:12px}
      table.step-table th,table.step-table td,table.extra-table th,table.extra-table td{padding:3px 5px}
      """;

  private final Path dir;
  private final StepCharts charts;
  /** Where a chart file that cannot be written is said: the experiment's stream once it writes. */
  private java.io.PrintStream err = System.err;

  /** The command line of this start, as given (masked when shown), and the experiment's purpose (null: none). */
  private final List<String> command;
  private final String purpose;
  /** A finished cell's start and end (ms) from its run folder, read once. */
  private final Map<String, long[]> times = new HashMap<>();

  ExperimentPage(Path dir, List<String> command, String purpose) {
    this.dir = dir;
    this.charts = new StepCharts(dir);
    this.command = List.copyOf(command);
    this.purpose = purpose;
  }

  /**
   * Writes the page; one that cannot be drawn is one line on {@code err}, the experiment goes on.
   * Written beside and moved into place, so a reader never opens half a page.
   */
  void write(Plan plan, List<Outcome> outcomes, java.io.PrintStream err) {
    Path file = dir.resolve(FILE);
    this.err = err;
    try {
      Map<String, Map<String, String>> fps = fingerprints(plan, outcomes);
      PageHeader header = header(plan, outcomes, fps);
      Path tmp = dir.resolve(FILE + ".tmp");
      Files.writeString(tmp, html(plan, outcomes, header, fps), StandardCharsets.UTF_8);
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      // the same header over the tables for a post
      file = dir.resolve(BlogTables.MD);
      BlogTables.write(dir, header, plan.experiment(), outcomes);
    } catch (IOException | RuntimeException e) {
      err.println("experiment: cannot write " + file + ": " + e);
    }
  }

  /** Each target's first fingerprint, by name in table order: those that have a run folder yet. */
  private Map<String, Map<String, String>> fingerprints(Plan plan, List<Outcome> outcomes) {
    Map<String, Map<String, String>> fps = new LinkedHashMap<>();
    for (Target t : plan.experiment().targets()) {
      Map<String, String> fp = fingerprint(plan, outcomes, t);
      if (fp != null) {
        fps.put(t.name(), fp);
      }
    }
    return fps;
  }

  PageHeader header(Plan plan, List<Outcome> outcomes, Map<String, Map<String, String>> fps) {
    return ExperimentHeader.of(plan.experiment(), purpose, command, outcomes, fps, span(outcomes), plan.cells().size());
  }

  String html(Plan plan, List<Outcome> outcomes) {
    Map<String, Map<String, String>> fps = fingerprints(plan, outcomes);
    return html(plan, outcomes, header(plan, outcomes, fps), fps);
  }

  private String html(Plan plan, List<Outcome> outcomes, PageHeader header, Map<String, Map<String, String>> fps) {
    Experiment e = plan.experiment();
    long ok = outcomes.stream().filter(Outcome::ok).count();
    StringBuilder b = new StringBuilder(header.html());
    b.append("<p class=\"note\" id=\"state\">").append(ReportHtml.esc(String.format(Locale.ROOT,
        "%d targets x %d steps, %d cells: %d finished, %d did not, %d not run yet. Run folders under %s/.",
        e.targets().size(), e.steps().size(), plan.cells().size(), ok, outcomes.size() - ok,
        plan.cells().size() - outcomes.size(), Ledger.CELLS))).append("</p>\n");
    b.append("<h2>Targets</h2>\n").append(TargetsSection.html(e.targets(), outcomes, fps));
    for (Step s : e.steps()) {
      b.append(step(s, e.targets(), outcomes));
      if (s.after() != null && outcomes.stream().anyMatch(o -> o.ok() && o.cell().step().equals(s))) {
        // a load and run pair's own table (LinkBench's clients IPS QPS and efficiency rows), as printed
        b.append("<section class=\"pair\" data-step=\"").append(ReportHtml.esc(s.name())).append("\">\n<h2>")
            .append(ReportHtml.esc(s.after() + "+" + s.name())).append(": clients, IPS, QPS, efficiency</h2>\n<pre>")
            .append(ReportHtml.esc(ClientsTable.format(e, s, outcomes))).append("</pre>\n</section>\n");
      }
    }
    b.append("<h2>Plan</h2>\n").append(PlanTable.html(plan, outcomes));
    return ReportHtml.page("YCSB-X experiment: " + e.name(), CSS + PageHeader.CSS + Footnotes.CSS, b.toString());
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
    sb.append(StepTableHtml.html(s, targets, rows, outcomes, rate));
    sb.append(StepTables.html(s, targets, outcomes));
    if (outcomes.stream().anyMatch(Outcome::ok)) {
      sb.append(charts.html(s, targets, rows, outcomes, rate, err));
    }
    if (!outcomes.isEmpty()) {
      sb.append(ReportHtml.asPrinted(StepTables.format(s, targets, outcomes)));
    }
    return sb.append("</section>\n").toString();
  }

  /** The first finished cell's start and the last one's end (ms) from their run folders; null before any. */
  private long[] span(List<Outcome> outcomes) {
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    for (Outcome o : outcomes) {
      long[] t = times.computeIfAbsent(o.cell().id(), id -> {
        Path folder = cellDir(o.cell());
        try {
          RunFolder rf = RunFolder.read(folder);
          return new long[] {rf.startMs(), rf.endMs()};
        } catch (RuntimeException ex) {
          return null;
        }
      });
      if (t != null && t[0] > 0 && t[1] >= t[0]) {
        first = Math.min(first, t[0]);
        last = Math.max(last, t[1]);
      }
    }
    return first == Long.MAX_VALUE ? null : new long[] {first, last};
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
