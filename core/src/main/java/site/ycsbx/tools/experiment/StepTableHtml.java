package site.ycsbx.tools.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import site.ycsbx.report.Footnotes;
import site.ycsbx.report.ReportHtml;

/**
 * A step's table on the page: the figures {@link StepTable#format} prints, a row per target and
 * thread count, each row one line. What a row carries besides its figures (ran beside other load,
 * met an outage, found rows no cell wrote, a repeat that failed) is a numbered mark on its target,
 * and the sentence under the table ({@link Footnotes}); a row without figures says in a few words
 * why, the whole reason under the table.
 */
final class StepTableHtml {
  /** A reason longer than this is cut to its first words in the cell and given whole under the table. */
  static final int WHY_MAX = 60;

  private StepTableHtml() {
  }

  static String html(Step s, List<Target> targets, List<StepTable.Row> rows, List<Outcome> outcomes, String rate) {
    StepColumns columns = StepColumns.of(s, rows, outcomes, rate);
    String rateName = columns.rateName();
    Set<String> headline = columns.headline();
    String op = columns.op();
    List<String> efficiency = columns.efficiency();
    boolean range = columns.range();
    List<String> cols = columns.names();
    StringBuilder sb = new StringBuilder("<div class=\"table-wrap\"><table class=\"results step-table\" data-step=\"")
        .append(ReportHtml.esc(s.name())).append("\"><caption>").append(ReportHtml.esc(rateName + " relative to "
            + targets.get(0).name() + " at the same threads; latency of " + op)).append("</caption>\n<thead><tr>");
    for (int i = 0; i < cols.size(); i++) {
      sb.append(i < 1 ? "<th>" : "<th class=\"num\">").append(head(cols.get(i))).append("</th>");
    }
    sb.append("</tr></thead><tbody>\n");
    Footnotes notes = new Footnotes();
    List<String> besideCells = rows.stream().flatMap(r -> r.ok().stream())
        .filter(o -> o.result().get(CellResult.BESIDE) > 0).map(o -> o.cell().id()).toList();
    String beside = "ran beside other load (" + String.join(", ", besideCells) + "): in "
        + (besideCells.size() == 1 ? "that cell" : "those cells") + " more of the host's CPU than ycsbx.others.cpu was"
        + " neither client nor server, or the server did more than ycsbx.others.server for other clients (each cell's"
        + " result.json says which), so their figures are not their target's alone.";
    boolean anyOutage = false;
    List<Outcome> shown = new ArrayList<>();
    for (StepTable.Row r : rows) {
      List<Outcome> ok = r.ok();
      boolean pending = r.cells().isEmpty();
      Set<String> marks = r.marks(notes::mark, beside);
      anyOutage |= ok.stream().anyMatch(o -> CellResult.outageNote(List.of(o.result())) != null);
      sb.append("<tr data-target=\"").append(ReportHtml.esc(r.target().name())).append("\" data-threads=\"")
          .append(r.threads()).append("\"").append(outageSecs(ok)).append(ok.isEmpty() ? pending ? " class=\"pending\""
              : " class=\"unfinished\"" : "").append("><td data-col=\"target\">")
          .append(ReportHtml.esc(r.target().name())).append(String.join("<sup class=\"sep\">,</sup>", marks))
          .append("</td>")
          .append(num("threads", String.valueOf(r.threads()))).append(num("n", String.valueOf(ok.size())));
      if (ok.isEmpty()) {
        // every cell's reason: the first failure says why, the cells after it that they were not run
        String why = pending ? "not run yet" : String.join("; ", r.cells().stream().map(o -> o.cell().id() + " "
            + StepTable.describe(o.entry())).toList());
        sb.append("<td class=\"why\" data-col=\"note\" colspan=\"").append(cols.size() - 3).append("\">")
            .append(notes.cell(why, WHY_MAX)).append("</td></tr>\n");
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
      if (range) {
        sb.append(num("range", ok.size() > 1 ? StepTable.number(r.min(rate)) + ".." + StepTable.number(r.max(rate))
            : ""));
      }
      shown.addAll(ok);
      sb.append("</tr>\n");
    }
    sb.append("</tbody></table></div>\n").append(notes.html()).append("<p class=\"note\">n: repeats that finished"
        + " (figures are their mean); rel: ").append(ReportHtml.esc(String.format(Locale.ROOT, "%s against %s at the"
            + " same threads, marked outside %.2f-%.2f (red below, green above); %s in ms; %s%s.", rateName,
            targets.get(0).name(), StepTable.REL_LOW, StepTable.REL_HIGH, StepTable.latencyNote(s, rows),
            StepTable.efficiencyNote(columns.unit()), range ? "; range: the lowest and highest " + rateName + " of the repeats"
                : ""))).append("</p>\n");
    if (anyOutage) {
      sb.append("<p class=\"note outage\">").append(ReportHtml.esc(StepTable.OUTAGE_NOTE)).append(".</p>\n");
    }
    OwnTables.notes(shown).forEach(l -> sb.append("<p class=\"note\">").append(ReportHtml.esc(l)).append("</p>\n"));
    String caution = StepTable.singleRunCaution(s, targets);
    if (caution != null) {
      sb.append("<p class=\"note caution\">").append(ReportHtml.esc(caution)).append(".</p>\n");
    }
    return sb.toString();
  }

  /**
   * A column's name that may break in two lines at most: after the underscore or dot nearest its middle
   * ({@code cum_written_} / {@code mb}), never inside a word; a short name stays whole.
   */
  static String head(String name) {
    int best = -1;
    for (int i = 0; i < name.length() - 1; i++) {
      char c = name.charAt(i);
      if ((c == '_' || c == '.') && (best < 0 || Math.abs(i + 1 - name.length() / 2.0)
          < Math.abs(best + 1 - name.length() / 2.0))) {
        best = i;
      }
    }
    if (name.length() <= 7 || best < 0) {
      return ReportHtml.esc(name);
    }
    return ReportHtml.esc(name.substring(0, best + 1)) + "<wbr>" + ReportHtml.esc(name.substring(best + 1));
  }

  /** A row's {@code data-outage-secs}: the seconds of the outages its cells met, none when they met none. */
  private static String outageSecs(List<Outcome> ok) {
    double secs = ok.stream().mapToDouble(o -> o.result().get(CellResult.OUTAGE_SECS)).filter(v -> v > 0).sum();
    return secs > 0 ? String.format(Locale.ROOT, " data-outage-secs=\"%.1f\"", secs) : "";
  }

  private static String num(String col, String text) {
    return "<td class=\"num\" data-col=\"" + ReportHtml.esc(col) + "\">" + ReportHtml.esc(text) + "</td>";
  }
}
