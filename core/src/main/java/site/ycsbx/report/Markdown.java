package site.ycsbx.report;

import java.util.ArrayList;
import java.util.List;

/**
 * GitHub-flavoured Markdown for tables people paste into a post: a header row, a separator row
 * (right-aligned for numeric columns) and every row with as many cells, pipes in text escaped.
 */
public final class Markdown {
  private Markdown() {
  }

  /** Text that Markdown shows as written: its table pipes, emphasis and code marks escaped. */
  public static String escape(String s) {
    return s == null ? "" : s.replace("\\", "\\\\").replace("|", "\\|").replace("*", "\\*")
        .replace("`", "\\`").replace("\n", " ");
  }

  /**
   * A GFM table: {@code right[i]} right-aligns column i; a row shorter than the header is padded with
   * empty cells, a longer one refused (a table whose rows do not match its header is not one).
   */
  public static String table(List<String> header, boolean[] right, List<List<String>> rows) {
    StringBuilder sb = new StringBuilder();
    sb.append(row(header));
    List<String> sep = new ArrayList<>();
    for (int i = 0; i < header.size(); i++) {
      sep.add(right != null && i < right.length && right[i] ? "---:" : "---");
    }
    sb.append("| ").append(String.join(" | ", sep)).append(" |\n");
    for (List<String> r : rows) {
      if (r.size() > header.size()) {
        throw new IllegalArgumentException("a row of " + r.size() + " cells under " + header.size() + " columns: " + r);
      }
      List<String> cells = new ArrayList<>(r);
      while (cells.size() < header.size()) {
        cells.add("");
      }
      sb.append(row(cells));
    }
    return sb.toString();
  }

  private static String row(List<String> cells) {
    return "| " + String.join(" | ", cells.stream().map(Markdown::escape).toList()) + " |\n";
  }
}
