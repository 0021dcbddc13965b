package site.ycsbx.tools.experiment;

import java.util.ArrayList;
import java.util.List;
import site.ycsbx.report.ReportHtml;

/**
 * A table a step adds below its own (the insert benchmark's tables per size, its summary of a
 * step at a fixed insert rate, its index build): the same rows as console text and as HTML, so
 * the page holds the figures the console printed. The first column is the target (the last with
 * {@code targetLast}, as the 2014 post puts its Server column); a marked cell
 * ends with {@code *} on the console and is {@code td.rel-low} on the page; a row whose cell has
 * no figures says why in one cell. A null note: none (tables of a kind in a row give theirs once, under the last).
 */
record ExtraTable(String kind, String title, List<String> columns, List<Row> rows, String note, boolean targetLast) {

  ExtraTable(String kind, String title, List<String> columns, List<Row> rows, String note) {
    this(kind, title, columns, rows, note, false);
  }

  /**
   * A row: its cells after the target's (or {@code why} instead of them), whether it is marked, and
   * the outages its cell met ({@link CellResult#outageNote}; null: none), said after the row.
   */
  record Row(String target, int threads, List<String> cells, boolean marked, String why, String outage) {
    static Row of(String target, int threads, List<String> cells, boolean marked) {
      return new Row(target, threads, cells, marked, null, null);
    }

    static Row unfinished(String target, int threads, String why) {
      return new Row(target, threads, List.of(), false, why, null);
    }

    /** This row, said to come from a cell that met {@code outage} (null: none). */
    Row withOutage(String outage) {
      return new Row(target, threads, cells, marked, why, outage);
    }
  }

  /** The marked cell's text on the console. */
  static final String MARK = "*";

  /** The column of the target. */
  int targetColumn() {
    return targetLast ? columns.size() - 1 : 0;
  }

  /** A row's cells in column order, the target's among them. */
  List<String> display(Row r) {
    List<String> out = new ArrayList<>(r.cells());
    out.add(targetColumn(), r.target());
    return out;
  }

  String text() {
    int t = targetColumn();
    int[] width = new int[columns.size()];
    for (int i = 0; i < width.length; i++) {
      width[i] = Math.max(i == t ? 16 : 8, columns.get(i).length());
    }
    for (Row r : rows) {
      width[t] = Math.max(width[t], r.target().length());
      List<String> d = r.why() == null ? display(r) : List.of();
      for (int i = 0; i < d.size() && i < width.length; i++) {
        width[i] = Math.max(width[i], d.get(i).length());
      }
    }
    StringBuilder sb = new StringBuilder("[EXPERIMENT] ").append(title).append('\n');
    List<String> head = new ArrayList<>();
    for (int i = 0; i < columns.size(); i++) {
      head.add(pad(columns.get(i), width[i], i == t));
    }
    sb.append("[EXPERIMENT] ").append(String.join(" ", head).stripTrailing()).append('\n');
    for (Row r : rows) {
      List<String> line = new ArrayList<>();
      if (r.why() != null) {
        line.add(pad(r.target(), width[t], true));
        line.add(r.why());
      } else {
        List<String> d = display(r);
        for (int i = 0; i < d.size(); i++) {
          line.add(pad(d.get(i), width[i], i == t));
        }
      }
      sb.append("[EXPERIMENT] ").append(String.join(" ", line).stripTrailing())
          .append(r.outage() == null ? "" : "  (met " + r.outage() + ")").append('\n');
    }
    if (note != null) {
      // a note of several lines (OwnTables' marks under a table's own note): each its own console line
      note.lines().forEach(l -> sb.append("[EXPERIMENT] ").append(l).append('\n'));
    }
    return sb.toString();
  }

  String html() {
    StringBuilder sb = new StringBuilder("<h3>").append(ReportHtml.esc(title)).append("</h3>\n")
        .append("<div class=\"table-wrap\"><table class=\"results extra-table\" data-kind=\"")
        .append(ReportHtml.esc(kind)).append("\"><thead><tr>");
    for (int i = 0; i < columns.size(); i++) {
      sb.append(i == targetColumn() ? "<th>" : "<th class=\"num\">").append(StepTableHtml.head(columns.get(i)))
          .append("</th>");
    }
    sb.append("</tr></thead><tbody>\n");
    // a row's outage and a long reason: a mark in the row, the sentence under the table
    site.ycsbx.report.Footnotes marks = new site.ycsbx.report.Footnotes();
    for (Row r : rows) {
      String outage = r.outage() == null ? "" : marks.mark(r.target() + " met " + r.outage() + ".");
      sb.append("<tr data-target=\"").append(ReportHtml.esc(r.target())).append("\" data-threads=\"")
          .append(r.threads())
          .append("\" data-marked=\"").append(r.marked()).append("\"")
          .append(r.outage() == null ? "" : " data-outage=\"" + ReportHtml.esc(r.outage()) + "\"")
          .append(r.why() != null ? " class=\"unfinished\"" : "").append(">");
      if (r.why() != null) {
        sb.append("<td data-col=\"target\">").append(ReportHtml.esc(r.target())).append("</td>")
            .append("<td class=\"why\" data-col=\"note\" colspan=\"").append(columns.size() - 1).append("\">")
            .append(marks.cell(r.why(), StepTableHtml.WHY_MAX)).append("</td></tr>\n");
        continue;
      }
      List<String> d = display(r);
      for (int i = 0; i < d.size(); i++) {
        String v = d.get(i);
        if (i == targetColumn()) {
          sb.append("<td data-col=\"target\">").append(ReportHtml.esc(v)).append(outage).append("</td>");
          continue;
        }
        // a write figure of a server other sessions also wrote on (OwnTables): its + kept, and a class
        String shared = v.endsWith(OwnTables.WRITE_MARK) ? " shared" : "";
        boolean marked = v.endsWith(MARK);
        // a marked relative figure above 1 is better, not short: green as in the step's own table
        String mark = !marked ? "" : kind.equals("relative") && above1(v) ? " rel-high" : " rel-low";
        sb.append("<td class=\"num").append(mark).append(shared).append("\" data-col=\"")
            .append(ReportHtml.esc(columns.get(i))).append("\">")
            .append(ReportHtml.esc(marked ? v.substring(0, v.length() - 1) : v)).append("</td>");
      }
      sb.append("</tr>\n");
    }
    sb.append("</tbody></table></div>\n").append(marks.html());
    if (note != null) {
      note.lines().forEach(l -> sb.append("<p class=\"note\">").append(ReportHtml.esc(l)).append("</p>\n"));
    }
    return sb.toString();
  }

  private static boolean above1(String marked) {
    try {
      return Double.parseDouble(marked.substring(0, marked.length() - MARK.length())) > 1;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  private static String pad(String s, int width, boolean left) {
    return String.format("%" + (left ? "-" : "") + width + "s", s);
  }
}
