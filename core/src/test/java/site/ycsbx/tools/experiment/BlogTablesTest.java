package site.ycsbx.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * results.md and results.txt beside results.csv: the header's facts on top, each step's table a valid
 * GitHub-flavoured Markdown table (header, separator of as many columns, every row as many cells), its
 * figures those of results.csv as the console rounds them, the password masked.
 */
@Tag("fast")
class BlogTablesTest {
  /** A Markdown table: the heading above it (or ""), its header cells, its rows' cells, unescaped. */
  record Table(String title, List<String> header, List<List<String>> rows) {
  }

  private static final Pattern SEPARATOR = Pattern.compile("\\|( *:?-{3,}:? *\\|)+");

  /** Every table of {@code md}; an AssertionError for one that is not a valid GFM table. */
  static List<Table> tables(String md) {
    List<Table> out = new ArrayList<>();
    List<String> lines = md.lines().toList();
    String title = "";
    for (int i = 0; i < lines.size(); i++) {
      String l = lines.get(i);
      if (l.startsWith("#")) {
        title = l.replaceFirst("^#+ ", "");
      }
      if (!l.startsWith("|")) {
        continue;
      }
      List<String> header = cells(l);
      String sep = lines.get(i + 1);
      assertTrue(SEPARATOR.matcher(sep).matches(), "no separator row under " + l + ": " + sep);
      assertEquals(header.size(), cells(sep).size(), "separator of another width: " + l + "\n" + sep);
      List<List<String>> rows = new ArrayList<>();
      int j = i + 2;
      for (; j < lines.size() && lines.get(j).startsWith("|"); j++) {
        List<String> row = cells(lines.get(j));
        assertEquals(header.size(), row.size(), "a row of another width: " + lines.get(j) + " under " + l);
        rows.add(row);
      }
      out.add(new Table(title, header, rows));
      i = j;
    }
    return out;
  }

  /** A row's cells: split on the pipes that are not escaped, then unescaped. */
  static List<String> cells(String row) {
    assertTrue(row.startsWith("| ") || row.startsWith("|-") || row.startsWith("| -") || row.startsWith("|:"), row);
    assertTrue(row.endsWith("|"), "a row ends with a pipe: " + row);
    String inner = row.substring(1, row.length() - 1);
    List<String> out = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    for (int i = 0; i < inner.length(); i++) {
      char c = inner.charAt(i);
      if (c == '\\' && i + 1 < inner.length()) {
        cell.append(inner.charAt(++i));
      } else if (c == '|') {
        out.add(cell.toString().trim());
        cell.setLength(0);
      } else {
        cell.append(c);
      }
    }
    out.add(cell.toString().trim());
    return out;
  }

  @Test
  void theValidatorRefusesATableWhoseRowsDoNotMatchItsHeader() {
    assertEquals(1, tables("| a | b |\n| --- | ---: |\n| 1 | 2 \\| 3 |\n").size());
    assertThrows(AssertionError.class, () -> tables("| a | b |\n| --- | --- |\n| 1 | 2 | 3 |\n"));
    assertThrows(AssertionError.class, () -> tables("| a | b |\n| --- |\n| 1 | 2 |\n"));
    assertThrows(AssertionError.class, () -> tables("| a | b |\n| 1 | 2 |\n"));
  }

  @Test
  void eachStepsTableHasTheFiguresOfResultsCsv(@TempDir Path tmp) throws Exception {
    ExperimentPageFixture f = new ExperimentPageFixture(tmp);
    f.write();
    ResultsFiles.write(tmp, f.plan.experiment(), f.outcomes);
    String md = Files.readString(tmp.resolve(BlogTables.MD));
    String txt = Files.readString(tmp.resolve(BlogTables.TXT));
    for (String file : List.of(md, txt)) {
      assertFalse(file.contains("hunter2"), "the password masked");
      assertTrue(file.contains("bin/ycsb experiment experiments/page -p db.passwd=*****"), file);
      assertTrue(file.contains(ExperimentPageFixture.SERVER_VERSION), file);
      assertTrue(file.contains("one load each, so the lead is not shown to hold"), file);
    }
    List<String> csv = Files.readAllLines(tmp.resolve(ResultsFiles.CSV));
    List<String> head = List.of(csv.get(0).split(",", -1));
    List<Table> steps = tables(md).stream().filter(t -> t.header().subList(0, 3).equals(List.of("target", "threads",
        "n"))).toList();
    assertEquals(2, steps.size(), md);
    int checked = 0;
    for (Table t : steps) {
      String step = t.title().split(" ")[1];
      String rateName = t.header().get(3);
      String rate = rateName.equals("ops/s") ? CellResult.OPS_S : CellResult.HEADLINE_PREFIX
          + rateName.replace("/s", "_s");
      Matcher op = Pattern.compile("p50/p95/p99 of (\\S+)").matcher(md.substring(md.indexOf("## Step " + step)));
      assertTrue(op.find(), md);
      for (List<String> row : t.rows()) {
        String target = row.get(0).replaceAll("[⁰¹²³⁴⁵⁶⁷⁸⁹]", "");
        List<String[]> cells = csv.stream().skip(1).map(l -> l.split(",", -1)).filter(v -> v[2].equals(step)
            && v[3].equals(target) && v[4].equals(row.get(1)) && v[6].isEmpty() && v[7].equals("OK")).toList();
        assertEquals(String.valueOf(cells.size()), row.get(2), "n of " + row);
        if (cells.isEmpty()) {
          continue;
        }
        assertEquals(StepTable.number(mean(cells, head.indexOf(rate))), row.get(3), row.toString());
        assertEquals(StepTable.number(mean(cells, head.indexOf(op.group(1) + ".p99_us")) / 1000), row.get(7),
            row.toString());
        checked++;
      }
    }
    assertEquals(5, checked, "every finished row compared");
    // the unfinished row: its reason under the table, whole
    assertTrue(md.contains("| b | 2 | 0 | did not finish¹ |"), md);
    assertTrue(md.contains("¹ query.b.t2.r1 FAILED (exit 1): " + ExperimentPageFixture.FAILURE), md);
    // results.txt: the console's tables without their prefix
    String console = StepTables.format(f.plan.experiment().steps().get(1), f.plan.experiment().targets(), f.outcomes);
    assertTrue(txt.contains(console.replace("[EXPERIMENT] ", "")), txt);
  }

  private static double mean(List<String[]> cells, int col) {
    assertTrue(col >= 0, "no such column");
    return cells.stream().mapToDouble(v -> Double.parseDouble(v[col])).average().orElseThrow();
  }
}
