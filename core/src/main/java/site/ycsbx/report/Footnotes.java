package site.ycsbx.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Numbered marks for a table: a cell carries a small ¹ ² ..., and the sentence it stands for is
 * written in full under the table, so a warning is never squeezed into a narrow column. The same
 * sentence twice gets the same number.
 *
 * <p>Hooks: a mark {@code sup.mark[data-note=N]}; the notes {@code ol.marks}, each
 * {@code li[data-note=N]}.
 */
public final class Footnotes {
  private static final String SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹";
  public static final String CSS = """
      sup.mark,sup.sep{font-size:10px;color:#a00;font-weight:bold;margin-left:1px}
      ol.marks{list-style:none;margin:2px 0 14px;padding:0;font-size:13px;color:#333;max-width:1300px}
      ol.marks li{margin:2px 0}
      ol.marks li .n{color:#a00;font-weight:bold;margin-right:4px}
      """;

  private final List<String> notes = new ArrayList<>();

  /** The number of {@code sentence} among this table's notes, added when new. */
  public int number(String sentence) {
    int i = notes.indexOf(sentence);
    if (i < 0) {
      notes.add(sentence);
      i = notes.size() - 1;
    }
    return i + 1;
  }

  /** The mark for a cell's HTML. */
  public String mark(String sentence) {
    int n = number(sentence);
    return "<sup class=\"mark\" data-note=\"" + n + "\">" + superscript(n) + "</sup>";
  }

  /**
   * A cell's HTML for {@code text}: the text when it has at most {@code max} characters, else its
   * part before the first ": " (or its first characters and an ellipsis) and a mark whose note is the
   * whole text.
   */
  public String cell(String text, int max) {
    if (text.length() <= max) {
      return ReportHtml.esc(text);
    }
    int cut = text.indexOf(": ");
    String brief = cut > 0 && cut <= max ? text.substring(0, cut) : text.substring(0, max - 1).strip() + "…";
    return ReportHtml.esc(brief) + mark(text);
  }

  /** The mark for plain text (a console or Markdown cell). */
  public String textMark(String sentence) {
    return superscript(number(sentence));
  }

  public boolean isEmpty() {
    return notes.isEmpty();
  }

  /** The notes in order, each with its number: {@code ¹ the sentence}. */
  public List<String> lines() {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < notes.size(); i++) {
      out.add(superscript(i + 1) + " " + notes.get(i));
    }
    return out;
  }

  /** The notes as HTML under the table; empty when there are none. */
  public String html() {
    if (notes.isEmpty()) {
      return "";
    }
    StringBuilder sb = new StringBuilder("<ol class=\"marks\">\n");
    for (int i = 0; i < notes.size(); i++) {
      sb.append("<li data-note=\"").append(i + 1).append("\"><span class=\"n\">").append(superscript(i + 1))
          .append("</span>").append(ReportHtml.esc(notes.get(i))).append("</li>\n");
    }
    return sb.append("</ol>\n").toString();
  }

  /** 12 as ¹². */
  public static String superscript(int n) {
    StringBuilder sb = new StringBuilder();
    for (char c : Integer.toString(n).toCharArray()) {
      sb.append(SUPERSCRIPTS.charAt(c - '0'));
    }
    return sb.toString();
  }
}
