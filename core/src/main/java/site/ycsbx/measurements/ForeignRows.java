package site.ycsbx.measurements;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import site.ycsbx.store.TableCount;

/**
 * Rows in the run's own tables that the run did not write: what each table held at the run's
 * start and end ({@link TableCount}, counted by the binding: an exact count where small, the
 * integer primary key's span where not) against what the workload says it wrote there
 * ({@link Written}). A difference beyond the rows of its failed writes (which may or may not have
 * been stored) is another client's: the run is marked, on the console ({@value #PREFIX}), in the
 * export ({@value #METRIC} rows) and in result.json's {@code tables}, which an experiment also
 * compares with what the cell before it left.
 */
public final class ForeignRows {
  public static final String METRIC = "TABLES";
  static final String PREFIX = "[TABLES] ";

  /**
   * What a run wrote in one table.
   *
   * @param inserted rows inserted and acknowledged
   * @param deleted rows deleted and acknowledged
   * @param uncertain rows of writes that failed, which may have been stored or not
   * @param fresh whether the run dropped or created the table (its start's rows are not its base)
   */
  public record Written(long inserted, long deleted, long uncertain, boolean fresh) {
  }

  /** One table's comparison; {@code by} says how, or why it was not compared ({@code foreign} then 0). */
  public record Table(String table, TableCount start, TableCount end, Written written, long foreign, String by) {
    public boolean compared() {
      return by.equals(BY_COUNT) || by.equals(BY_KEYS);
    }
  }

  static final String BY_COUNT = "count";
  static final String BY_KEYS = "key span";

  private static volatile Supplier<List<TableCount>> counter;
  private static volatile List<TableCount> start = List.of();
  private static volatile Supplier<Map<String, Written>> written;
  private static volatile String notCompared;
  private static volatile List<Table> judged;

  private ForeignRows() {
  }

  /**
   * The launcher, after the preflight: counts the run's tables now (the run's start) and keeps the
   * way to count them at its end. {@code whyNot}: why a difference would not be the run's own
   * doing to judge (several clients write the same tables); null when it is.
   */
  public static synchronized void countAtStart(Supplier<List<TableCount>> binding, String whyNot) {
    counter = binding;
    notCompared = whyNot;
    judged = null;
    List<TableCount> s;
    try {
      s = binding.get();
    } catch (RuntimeException e) {
      s = List.of();
    }
    start = List.copyOf(s);
  }

  /** The workload: what the run wrote in each of its tables, asked at the run's end. */
  public static void written(Supplier<Map<String, Written>> byTable) {
    written = byTable;
  }

  /** Forgets the run (tests run several commands in one JVM). */
  public static synchronized void forget() {
    counter = null;
    start = List.of();
    written = null;
    notCompared = null;
    judged = null;
  }

  /**
   * Each table counted at the start, compared with its end, on the first call; empty when nothing
   * was counted. {@code whyNot}: the reason not to reach the server now (an interrupted run).
   */
  public static synchronized List<Table> judge(String whyNot) {
    if (judged != null) {
      return judged;
    }
    if (counter == null || start.isEmpty()) {
      judged = List.of();
      return judged;
    }
    List<TableCount> end = List.of();
    String why = whyNot != null ? whyNot : notCompared;
    if (whyNot == null) {
      try {
        end = counter.get();
      } catch (RuntimeException e) {
        why = "not counted at the end: " + e.getMessage();
      }
    }
    Map<String, Written> w = Map.of();
    Supplier<Map<String, Written>> s = written;
    if (s != null) {
      Map<String, Written> got = s.get();
      w = got == null ? Map.of() : got;
    }
    judged = compare(start, end, w, why);
    return judged;
  }

  /** The comparison of each table counted at the start; {@code whyNot}: none compared, and why. */
  static List<Table> compare(List<TableCount> start, List<TableCount> end, Map<String, Written> written, String whyNot) {
    List<Table> out = new ArrayList<>();
    for (TableCount a : start) {
      TableCount b = end.stream().filter(t -> t.table().equals(a.table())).findFirst().orElse(null);
      Written w = written.get(a.table());
      if (whyNot != null || b == null || w == null) {
        out.add(new Table(a.table(), a, b, w, 0, whyNot != null ? whyNot : b == null ? "not counted at the end"
            : "the workload does not say what it wrote there"));
        continue;
      }
      out.add(table(a, b, w));
    }
    return out;
  }

  /** One table: its end against its start (none when the run made it afresh) plus what the run wrote. */
  static Table table(TableCount start, TableCount end, Written w) {
    boolean fresh = w.fresh() || !start.present();
    long net = w.inserted() - w.deleted();
    long found;
    String by;
    if (end.counted() && (fresh || start.counted())) {
      found = end.rows() - (fresh ? 0 : start.rows());
      by = BY_COUNT;
    } else if (end.span() != TableCount.NOT_COUNTED && (fresh || start.span() != TableCount.NOT_COUNTED)) {
      found = end.span() - (fresh ? 0 : start.span());
      by = BY_KEYS;
    } else {
      return new Table(start.table(), start, end, w, 0, "too many rows to count, and no integer primary key to span");
    }
    long foreign = found - net;
    return new Table(start.table(), start, end, w, Math.abs(foreign) <= w.uncertain() ? 0 : foreign, by);
  }

  /** Rows found that the run did not write, over every table (fewer than it wrote count too). */
  public static long foreign(List<Table> tables) {
    return tables.stream().mapToLong(t -> Math.abs(t.foreign())).sum();
  }

  /** The console's line; null when no table was counted. */
  public static String line(List<Table> tables) {
    if (tables.isEmpty()) {
      return null;
    }
    List<String> parts = new ArrayList<>();
    for (Table t : tables) {
      if (!t.compared()) {
        parts.add(t.table() + ": not compared (" + t.by() + ")");
      } else if (t.foreign() == 0) {
        parts.add(String.format(Locale.ROOT, "%s: %s as this run left it (%s)", t.table(), held(t.end(), t.by()),
            wrote(t)));
      } else {
        parts.add(String.format(Locale.ROOT, "%s: %d rows %s than this run wrote: %s at the start, %s at the end (%s)",
            t.table(), Math.abs(t.foreign()), t.foreign() > 0 ? "more" : "fewer", held(t.start(), t.by()),
            held(t.end(), t.by()), wrote(t)));
      }
    }
    return PREFIX + (foreign(tables) > 0 ? "ROWS THIS RUN DID NOT WRITE (another client?): " : "") + String.join("; ",
        parts);
  }

  private static String held(TableCount c, String by) {
    if (!c.present()) {
      return "absent";
    }
    return by.equals(BY_COUNT) ? c.rows() + " rows" : "keys " + c.minKey() + ".." + c.maxKey();
  }

  private static String wrote(Table t) {
    Written w = t.written();
    return (w.fresh() ? "made afresh, " : "") + "inserted " + w.inserted() + (w.deleted() > 0 ? ", deleted "
        + w.deleted() : "") + (w.uncertain() > 0 ? ", " + w.uncertain() + " in failed writes" : "") + "; by " + t.by();
  }

  /** result.json's {@code tables}: flat, {@code <table>.<figure>}, beside the run's totals. */
  public static Map<String, Object> json(List<Table> tables) {
    if (tables.isEmpty()) {
      return null;
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("marked", foreign(tables) > 0);
    m.put("foreign_rows", foreign(tables));
    for (Table t : tables) {
      String p = t.table() + ".";
      put(m, p + "start_", t.start());
      put(m, p + "end_", t.end());
      if (t.written() != null) {
        m.put(p + "inserted", t.written().inserted());
        m.put(p + "deleted", t.written().deleted());
        m.put(p + "uncertain", t.written().uncertain());
        m.put(p + "fresh", t.written().fresh());
      }
      m.put(p + "foreign", t.foreign());
      m.put(p + "by", t.by());
    }
    return m;
  }

  private static void put(Map<String, Object> m, String p, TableCount c) {
    if (c == null) {
      return;
    }
    m.put(p + "present", c.present());
    m.put(p + "rows", c.rows());
    m.put(p + "keyed", c.keyed());
    if (c.keyed()) {
      m.put(p + "min_key", c.minKey());
      m.put(p + "max_key", c.maxKey());
    }
    m.put(p + "estimate", c.estimate());
  }

  /** The export's {@value #METRIC} rows. */
  public static Map<String, Double> rows(List<Table> tables) {
    Map<String, Double> m = new LinkedHashMap<>();
    m.put("Marked", foreign(tables) > 0 ? 1.0 : 0.0);
    m.put("ForeignRows", (double) foreign(tables));
    return m;
  }
}
