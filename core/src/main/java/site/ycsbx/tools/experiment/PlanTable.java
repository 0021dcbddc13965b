package site.ycsbx.tools.experiment;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import site.ycsbx.report.Footnotes;
import site.ycsbx.report.ReportHtml;

/** The page's plan: every cell in the order it ran, how it ended, a long reason given whole under the table. */
final class PlanTable {
  private PlanTable() {
  }

  /** Every cell of the plan in order, with how it ended (or that it has not run yet). */
  static String html(Plan plan, List<Outcome> outcomes) {
    Map<Cell, Outcome> ended = new HashMap<>();
    outcomes.forEach(o -> ended.put(o.cell(), o));
    Footnotes notes = new Footnotes();
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
          .append(o == null ? td("why", "") : "<td" + (o.ok() ? "" : " class=\"why\"") + " data-col=\"why\">"
              + notes.cell(o.ok() ? outageOf(o) : o.entry().why(), StepTableHtml.WHY_MAX) + "</td>").append("</tr>\n");
    }
    return sb.append("</tbody></table></div>\n").append(notes.html()).toString();
  }

  /** What a finished cell met of outages, for the plan: empty when none. */
  private static String outageOf(Outcome o) {
    String outage = CellResult.outageNote(List.of(o.result()));
    return outage == null ? "" : "met " + outage;
  }

  private static String td(String col, String text) {
    return "<td data-col=\"" + ReportHtml.esc(col) + "\">" + ReportHtml.esc(text) + "</td>";
  }

  private static String num(String col, String text) {
    return "<td class=\"num\" data-col=\"" + ReportHtml.esc(col) + "\">" + ReportHtml.esc(text) + "</td>";
  }
}
