package site.ycsbx.tools.experiment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import site.ycsbx.report.Footnotes;
import site.ycsbx.report.Markdown;
import site.ycsbx.report.PageHeader;

/**
 * The tables for a post, beside results.csv: {@code results.md} (GitHub-flavoured Markdown) and
 * {@code results.txt} (aligned plain text, the console's tables without their prefix), each with
 * the header's facts and verdict on top, then per step its table and the tables it adds (the
 * insert benchmark's table per size, in the 2014 post's columns). The figures are the console's:
 * the same means and the same rounding ({@link StepTable#number}).
 */
final class BlogTables {
  static final String MD = "results.md";
  static final String TXT = "results.txt";
  private static final String PREFIX = "[EXPERIMENT] ";

  private BlogTables() {
  }

  /** Writes both files, each beside and moved into place. */
  static void write(Path dir, PageHeader header, Experiment e, List<Outcome> outcomes) throws IOException {
    replace(dir.resolve(MD), markdown(header, e, outcomes));
    replace(dir.resolve(TXT), text(header, e, outcomes));
  }

  private static void replace(Path file, String text) throws IOException {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    Files.writeString(tmp, text, StandardCharsets.UTF_8);
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  static String text(PageHeader header, Experiment e, List<Outcome> outcomes) {
    StringBuilder sb = new StringBuilder("YCSB-X experiment: " + e.name() + "\n\n");
    header.lines().forEach(l -> sb.append(l).append('\n'));
    for (Step s : e.steps()) {
      if (outcomes.stream().noneMatch(o -> o.cell().step().equals(s))) {
        continue;
      }
      sb.append('\n').append(strip(StepTables.format(s, e.targets(), outcomes)));
      if (s.after() != null && outcomes.stream().anyMatch(o -> o.ok() && o.cell().step().equals(s))) {
        sb.append('\n').append(strip(ClientsTable.format(e, s, outcomes)));
      }
    }
    return sb.toString();
  }

  private static String strip(String console) {
    StringBuilder sb = new StringBuilder();
    console.lines().forEach(l -> sb.append(l.startsWith(PREFIX) ? l.substring(PREFIX.length()) : l).append('\n'));
    return sb.toString();
  }

  static String markdown(PageHeader header, Experiment e, List<Outcome> outcomes) {
    StringBuilder sb = new StringBuilder("# YCSB-X experiment: " + e.name() + "\n\n").append(header.markdown());
    for (Step s : e.steps()) {
      List<Outcome> step = outcomes.stream().filter(o -> o.cell().step().equals(s)).toList();
      if (step.isEmpty()) {
        continue;
      }
      sb.append(String.format(Locale.ROOT, "## Step %s (%s, threads %s, %d repeat%s)%n%n", s.name(), s.command(),
          String.join(",", s.threads().stream().map(String::valueOf).toList()), s.repeats(), s.repeats() == 1 ? ""
              : "s"));
      sb.append(stepTable(s, e.targets(), step));
      for (ExtraTable t : StepTables.extra(s, e.targets(), outcomes)) {
        sb.append("### ").append(Markdown.escape(t.title())).append("\n\n").append(extra(t));
      }
      if (s.after() != null && step.stream().anyMatch(Outcome::ok)) {
        sb.append("### ").append(s.after()).append('+').append(s.name()).append(": clients, IPS, QPS, efficiency\n\n```\n")
            .append(strip(ClientsTable.format(e, s, outcomes))).append("```\n\n");
      }
    }
    return sb.toString();
  }

  /** The step's table as the console prints it, a mark on a row's target for what its figures carry besides. */
  static String stepTable(Step s, List<Target> targets, List<Outcome> outcomes) {
    List<StepTable.Row> rows = StepTable.rows(s, targets, outcomes);
    String rate = StepTable.rateFigure(s, outcomes);
    StepColumns columns = StepColumns.of(s, rows, outcomes, rate);
    String op = columns.op();
    boolean[] right = new boolean[columns.names().size()];
    java.util.Arrays.fill(right, 1, right.length, true);
    Footnotes notes = new Footnotes();
    List<List<String>> out = new ArrayList<>();
    for (StepTable.Row r : rows) {
      List<Outcome> ok = r.ok();
      Set<String> marks = r.marks(notes::textMark, "ran beside other load: not the target's figures"
          + " alone (each cell's result.json says why).");
      List<String> row = new ArrayList<>(List.of(r.target().name() + String.join(",", marks),
          String.valueOf(r.threads()),
          String.valueOf(ok.size())));
      if (ok.isEmpty()) {
        String why = r.cells().isEmpty() ? "not run yet" : String.join("; ", r.cells().stream().map(o -> o.cell().id()
            + " " + StepTable.describe(o.entry())).toList());
        row.add(why.length() <= StepTableHtml.WHY_MAX ? why : "did not finish" + notes.textMark(why));
        out.add(row);
        continue;
      }
      double rel = StepTable.relative(r, rows, rate);
      row.add(StepTable.number(r.mean(rate)));
      row.add(Double.isNaN(rel) ? "n/a" : String.format(Locale.ROOT, "%.2f%s", rel, StepTable.marked(rel) ? "*" : ""));
      row.add(StepTable.ms(r.mean(op + ".p50_us")));
      row.add(StepTable.ms(r.mean(op + ".p95_us")));
      row.add(StepTable.ms(r.mean(op + ".p99_us")));
      columns.efficiency().forEach(f -> row.add(StepTable.number(r.mean(f)) + OwnTables.writeMark(ok, f)));
      columns.headline().forEach(h -> row.add(StepTable.number(r.mean(h)) + OwnTables.writeMark(ok, h)));
      if (columns.range()) {
        row.add(ok.size() > 1 ? StepTable.number(r.min(rate)) + ".." + StepTable.number(r.max(rate)) : "");
      }
      out.add(row);
    }
    StringBuilder sb = new StringBuilder(Markdown.table(columns.names(), right, out)).append('\n');
    notes.lines().forEach(l -> sb.append(Markdown.escape(l)).append("  \n"));
    sb.append(Markdown.escape(String.format(Locale.ROOT, "n: repeats that finished (figures are their mean); rel: %s"
        + " against %s at the same threads, * outside %.2f-%.2f; %s (ms); %s.", columns.rateName(),
        targets.get(0).name(), StepTable.REL_LOW, StepTable.REL_HIGH, StepTable.latencyNote(s, rows),
        StepTable.efficiencyNote(columns.unit()))))
        .append("\n\n");
    String caution = StepTable.singleRunCaution(s, targets);
    if (caution != null) {
      sb.append(Markdown.escape(caution)).append(".\n\n");
    }
    return sb.toString();
  }

  /** A table a step adds, in its own columns (the target last where the post has its Server column last). */
  static String extra(ExtraTable t) {
    boolean[] right = new boolean[t.columns().size()];
    for (int i = 0; i < right.length; i++) {
      right[i] = i != t.targetColumn();
    }
    Footnotes notes = new Footnotes();
    List<List<String>> rows = new ArrayList<>();
    for (ExtraTable.Row r : t.rows()) {
      String target = r.target() + (r.outage() == null ? "" : notes.textMark(r.target() + " met " + r.outage() + "."));
      if (r.why() != null) {
        String why = r.why().length() <= StepTableHtml.WHY_MAX ? r.why() : "no figures" + notes.textMark(r.why());
        List<String> row = new ArrayList<>(java.util.Collections.nCopies(t.columns().size(), ""));
        row.set(t.targetColumn(), target);
        row.set(t.targetColumn() == 0 ? 1 : 0, why);
        rows.add(row);
        continue;
      }
      List<String> row = new ArrayList<>(t.display(r));
      row.set(t.targetColumn(), target);
      rows.add(row);
    }
    StringBuilder sb = new StringBuilder(Markdown.table(t.columns(), right, rows)).append('\n');
    notes.lines().forEach(l -> sb.append(Markdown.escape(l)).append("  \n"));
    if (t.note() != null) {
      t.note().lines().forEach(l -> sb.append(Markdown.escape(l)).append("  \n"));
    }
    return sb.append('\n').toString();
  }
}
