package site.ycsbx.tools.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import site.ycsbx.results.RunFolder;
import site.ycsbx.store.TableCount;

/**
 * Whether a cell's figures are its target's alone, as far as the target's tables and server tell:
 * rows in the target's tables that no cell of the experiment wrote, found between the cell before
 * it (of the same target) and its start, or during it (its own count at its start and end against
 * what it wrote: result.json's {@code tables}); and whether its server wrote for other sessions
 * meanwhile (result.json's {@code others.server_shared}), which the server's write figures then
 * hold. Each finished cell gets the figures below, which its rows in every table show.
 */
final class OwnTables {
  /** Rows found at the cell's start that the target's cell before it had not left. */
  static final String BEFORE = "foreign.rows_before";
  /** Rows found at the cell's end that it did not write (its result.json's tables.foreign_rows). */
  static final String DURING = "foreign.rows_during";
  /** 1 when either found rows, 0 when both compared and found none. */
  static final String MARKED = "foreign.marked";
  /** 1 when other sessions wrote on the cell's server over ycsbx.others.server: its write figures hold theirs. */
  static final String SHARED = "others.server_shared";
  /** A write figure of a server that other sessions wrote on. */
  static final String WRITE_MARK = "+";
  /** A target's label in a table, when a cell of its row found rows no cell wrote. */
  static final String ROW_MARK = " (rows not its own)";
  /** The figures that are the server's (or the host's) writes, in every table that shows them. */
  private static final List<String> WRITES = List.of(CellResult.HEADLINE_PREFIX + "written_mb",
      CellResult.HEADLINE_PREFIX + "wr_b_row", CellResult.HEADLINE_PREFIX + "write_mb_s",
      CellResult.HEADLINE_PREFIX + "cum_written_mb", CellResult.HEADLINE_PREFIX + "cum_wr_b_row", "Write-rate(MB/s)",
      "Bytes-written(MB)", "Proc-write(MB/s)", "Proc-written(MB)", "wkbps", "wkbpi", "wkb.sec");

  private OwnTables() {
  }

  /**
   * Adds the cell's figures ({@link #BEFORE}, {@link #DURING}, {@link #MARKED}, {@link #SHARED}) to
   * {@code r}, from its run folder and that of the target's cell before it in {@code earlier} (the
   * outcomes in the order they ran). Nothing when its run folder counted no table.
   */
  static void judge(Function<Cell, Path> folder, List<Outcome> earlier, Cell c, CellResult r) {
    JsonNode result = json(folder.apply(c));
    if (result == null) {
      return;
    }
    JsonNode others = result.path("others");
    if (others.has("server_shared")) {
      r.figures().put(SHARED, others.path("server_shared").asBoolean(false) ? 1.0 : 0.0);
    }
    JsonNode tables = result.path("tables");
    if (!tables.isObject()) {
      return;
    }
    long during = tables.path("foreign_rows").asLong(0);
    long before = before(folder, earlier, c, tables);
    r.figures().put(BEFORE, (double) before);
    r.figures().put(DURING, (double) during);
    r.figures().put(MARKED, before != 0 || during != 0 ? 1.0 : 0.0);
  }

  /**
   * Rows the cell's tables held at its start beyond what the target's cell before it left them
   * with (fewer count too); 0 when there is nothing to compare: no cell before, one that did not
   * finish, an earlier attempt of this cell in between, or tables the cell made afresh.
   */
  private static long before(Function<Cell, Path> folder, List<Outcome> earlier, Cell c, JsonNode tables) {
    Outcome prev = null;
    for (int i = earlier.size() - 1; i >= 0 && prev == null; i--) {
      if (earlier.get(i).cell().target().equals(c.target())) {
        prev = earlier.get(i);
      }
    }
    Path dir = folder.apply(c);
    if (prev == null || !prev.ok() || Files.exists(dir.resolveSibling(dir.getFileName() + ".attempt1"))) {
      return 0;
    }
    JsonNode left = json(folder.apply(prev.cell()));
    if (left == null || !left.path("tables").isObject()) {
      return 0;
    }
    Map<String, TableCount> ends = counts(left.path("tables"), "end_");
    long found = 0;
    for (Map.Entry<String, TableCount> e : counts(tables, "start_").entrySet()) {
      TableCount end = ends.get(e.getKey());
      if (end != null && !tables.path(e.getKey() + ".fresh").asBoolean(false)) {
        found += Math.abs(between(end, e.getValue()));
      }
    }
    return found;
  }

  /** What {@code start} holds beyond {@code end} (the same table later); 0 when they cannot be compared. */
  static long between(TableCount end, TableCount start) {
    if (!end.present() || !start.present()) {
      TableCount there = end.present() ? end : start;
      return end.present() == start.present() ? 0 : there.counted() ? there.rows() : Math.max(1, there.span());
    }
    if (end.counted() && start.counted()) {
      return start.rows() - end.rows();
    }
    if (end.span() != TableCount.NOT_COUNTED && start.span() != TableCount.NOT_COUNTED) {
      long span = start.span() - end.span();
      // as many rows in as out moves the key's ends without its span
      return span != 0 ? span : start.maxKey() - end.maxKey();
    }
    return 0;
  }

  /** Each table's count under {@code prefix} of a result.json {@code tables} object. */
  static Map<String, TableCount> counts(JsonNode tables, String prefix) {
    Map<String, TableCount> out = new LinkedHashMap<>();
    for (Iterator<String> it = tables.fieldNames(); it.hasNext();) {
      String k = it.next();
      if (!k.endsWith("." + prefix + "present")) {
        continue;
      }
      String t = k.substring(0, k.length() - (prefix + "present").length() - 1);
      String p = t + "." + prefix;
      boolean keyed = tables.path(p + "keyed").asBoolean(false);
      out.put(t, new TableCount(t, tables.path(k).asBoolean(), tables.path(p + "rows").asLong(TableCount.NOT_COUNTED),
          tables.path(p + "min_key").asLong(), tables.path(p + "max_key").asLong(), keyed,
          tables.path(p + "estimate").asLong(-1)));
    }
    return out;
  }

  private static JsonNode json(Path dir) {
    try {
      return RunFolder.isRunFolder(dir) ? RunFolder.read(dir).result() : null;
    } catch (RuntimeException e) {
      return null;
    }
  }

  static boolean foreign(CellResult r) {
    return r.get(MARKED) > 0;
  }

  static boolean shared(CellResult r) {
    return r.get(SHARED) > 0;
  }

  /** {@link #WRITE_MARK} after a write figure (by its figure or column name) of a row that has a cell on a shared server. */
  static String writeMark(List<Outcome> ok, String figure) {
    boolean write = WRITES.contains(figure) || figure.startsWith(site.ycsbx.results.UnitEfficiency.WKB_PREFIX);
    return write && ok.stream().anyMatch(o -> shared(o.result())) ? WRITE_MARK : "";
  }

  /** What a step table's row says after its figures: {@code (1 of 2 with rows not their own)}; empty when none. */
  static String rowNote(List<Outcome> ok) {
    long n = ok.stream().filter(o -> foreign(o.result())).count();
    return n == 0 ? "" : "  (" + n + " of " + ok.size() + " with rows no cell wrote)";
  }

  /** The lines under a table whose rows show either mark; empty when none does. */
  static List<String> notes(List<Outcome> ok) {
    List<String> out = new ArrayList<>();
    List<Outcome> foreign = ok.stream().filter(o -> foreign(o.result())).toList();
    if (!foreign.isEmpty()) {
      out.add("rows no cell wrote: " + String.join(", ", foreign.stream().map(o -> o.cell().id() + " "
          + describe(o.result())).toList()) + "; another client wrote in (or deleted from) those tables, so those"
          + " cells' figures are not their target's alone (each cell's result.json tables says which)");
    }
    if (ok.stream().anyMatch(o -> shared(o.result()))) {
      out.add(WRITE_MARK + ": a write figure of a server that other sessions also wrote on during the cell (its"
          + " result.json others.server_shared: their rows over ycsbx.others.server of the cell's): it counts their"
          + " writes too");
    }
    return out;
  }

  /**
   * The tables a step adds below its own, with both marks: a row with a cell that found rows no
   * cell wrote has its target labelled {@link #ROW_MARK} and is marked; a write figure of a row with
   * a cell on a shared server ends with {@link #WRITE_MARK}; the lines that say so under the last
   * table of each kind that shows either.
   */
  static List<ExtraTable> mark(List<ExtraTable> tables, Step s, List<Outcome> outcomes) {
    List<ExtraTable> out = new ArrayList<>();
    Map<String, List<Outcome>> shown = new LinkedHashMap<>();
    for (ExtraTable t : tables) {
      List<String> columns = new ArrayList<>(t.columns());
      columns.remove(t.targetColumn());
      List<ExtraTable.Row> rows = new ArrayList<>();
      for (ExtraTable.Row r : t.rows()) {
        List<Outcome> ok = outcomes.stream().filter(o -> o.ok() && o.cell().step().equals(s)
            && o.cell().threads() == r.threads() && (r.target().equals(o.cell().target().name())
            || r.target().startsWith(o.cell().target().name() + " t"))).toList();
        if (r.why() != null || ok.isEmpty()) {
          rows.add(r);
          continue;
        }
        List<Outcome> marked = shown.computeIfAbsent(t.kind(), k -> new ArrayList<>());
        ok.stream().filter(o -> !marked.contains(o)).forEach(marked::add);
        boolean foreign = ok.stream().anyMatch(o -> foreign(o.result()));
        List<String> cells = new ArrayList<>(r.cells());
        for (int i = 0; i < cells.size() && i < columns.size(); i++) {
          if (!cells.get(i).equals(SizeTables.NOT_MEASURED)) {
            cells.set(i, cells.get(i) + writeMark(ok, columns.get(i)));
          }
        }
        rows.add(new ExtraTable.Row(r.target() + (foreign ? ROW_MARK : ""), r.threads(), cells, r.marked() || foreign,
            null, r.outage()));
      }
      out.add(new ExtraTable(t.kind(), t.title(), t.columns(), rows, t.note(), t.targetLast()));
    }
    // the lines once per kind, under its last table
    for (Map.Entry<String, List<Outcome>> e : shown.entrySet()) {
      List<String> lines = notes(e.getValue());
      if (lines.isEmpty()) {
        continue;
      }
      int last = -1;
      for (int i = 0; i < out.size(); i++) {
        last = out.get(i).kind().equals(e.getKey()) ? i : last;
      }
      ExtraTable t = out.get(last);
      String note = (t.note() == null ? "" : t.note() + "\n") + String.join("\n", lines);
      out.set(last, new ExtraTable(t.kind(), t.title(), t.columns(), t.rows(), note, t.targetLast()));
    }
    return out;
  }

  private static String describe(CellResult r) {
    long before = (long) r.get(BEFORE);
    long during = (long) r.get(DURING);
    return before > 0 && during > 0 ? before + " before it, " + during + " during it"
        : before > 0 ? before + " before it" : during + " during it";
  }
}
