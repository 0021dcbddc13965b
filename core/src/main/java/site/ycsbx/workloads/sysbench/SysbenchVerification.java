package site.ycsbx.workloads.sysbench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import site.ycsb.Status;
import site.ycsbx.verdict.ErrorLog;
import site.ycsbx.measurements.OpTimer;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.sysbench.RowAudit;
import site.ycsbx.store.sysbench.SysbenchStore;
import site.ycsbx.store.sysbench.SysbenchTable;
import site.ycsbx.store.sysbench.TableCensus;
import site.ycsbx.workloads.StoredCheck;

/**
 * {@code sysbench.verify=true}: every table holds ids 1..table_size exactly once (a delete and
 * insert of the same id keeps the count) and its k index lists the same rows (count and sum of k
 * read through the index). Mismatches listed; status UNEXPECTED_STATE under {@value #VERIFY}, so
 * the run exits 1.
 */
final class SysbenchVerification {
  static final String VERIFY = "VERIFY";

  private final SysbenchSettings settings;

  SysbenchVerification(SysbenchSettings settings) {
    this.settings = settings;
  }

  static void cannotRun(Exception e) {
    String why = e.getMessage() != null ? e.getMessage() : e.toString();
    System.out.println("[SYSBENCH-VERIFY] cannot verify: " + why);
    ErrorLog.report(VERIFY, "cannot verify: " + why);
    OpTimer.recordCheck(VERIFY, Status.ERROR, System.nanoTime());
  }

  /** The tables checked: those this client loaded, or every table after a run. */
  private List<SysbenchTable> tables() {
    return settings.load ? settings.myTables() : settings.allTables();
  }

  void run(SysbenchStore store) {
    long start = System.nanoTime();
    List<String> mismatches = new ArrayList<>();
    Status status = Status.OK;
    List<SysbenchTable> tables = tables();
    try {
      for (SysbenchTable t : tables) {
        TableCensus census = store.census(t);
        List<String> found = check(t, census, settings.tableSize, settings.createSecondary
            || store.hasSecondaryIndex(t));
        if (!idsAgree(census, settings.tableSize)) {
          // the ids read only when they differ: the line names them, as bin/ycsb verify does
          found.set(0, found.get(0) + named(store.audit(t, settings.tableSize, NAMED)));
        }
        mismatches.addAll(found);
      }
    } catch (StoreException | RuntimeException x) {
      status = Status.ERROR;
      ErrorLog.report(VERIFY, "cannot count: " + x.getMessage());
      System.out.println("[SYSBENCH-VERIFY] cannot count: " + x.getMessage());
    }
    if (status.isOk()) {
      System.out.println(String.format(Locale.ROOT, "[SYSBENCH-VERIFY] %d tables, ids 1..%d once each%s: %s",
          tables.size(), settings.tableSize, settings.createSecondary ? ", k index agrees" : "",
          mismatches.isEmpty() ? "OK" : mismatches.size() + " MISMATCHES"));
    }
    for (String m : mismatches) {
      System.out.println("[SYSBENCH-VERIFY] MISMATCH " + m);
    }
    if (!mismatches.isEmpty()) {
      status = Status.UNEXPECTED_STATE;
      ErrorLog.report(VERIFY, mismatches.size() + " tables differ, first: " + mismatches.get(0));
    }
    OpTimer.recordCheck(VERIFY, status, start);
  }

  /**
   * {@code bin/ycsb verify}: every table of the properties, as after a run. Each row is read: the
   * ids of 1..table_size missing and the ids outside it are named, as are rows of a k, c or pad
   * sysbench never writes. k and c are random and a run changes them, so a row whose k was changed
   * to another value sysbench can write is not found (docs/tools/verify.md).
   */
  static StoredCheck stored(SysbenchSettings settings, SysbenchStore store, List<SysbenchTable> tables)
      throws StoreException {
    StoredCheck c = new StoredCheck("SYSBENCH-VERIFY");
    int size = settings.tableSize;
    c.checking(String.format(Locale.ROOT, "%d tables (%s): ids 1..%d once each, missing ids and ids outside"
        + " 1..%d named; every row's k from %d up and c, pad sysbench's groups of 11 digits; the k index against the"
        + " table (rows and sum of k)", tables.size(), tables.size() == 1 ? tables.get(0).name() : tables.get(0).name()
        + " .. " + tables.get(tables.size() - 1).name(), size, size, RowAudit.MIN_K));
    long rows = 0;
    for (SysbenchTable t : tables) {
      TableCensus census = store.census(t);
      rows += census.rows();
      RowAudit a = store.audit(t, size, StoredCheck.LISTED);
      c.mismatches(a.missing(), a.firstMissing().stream().map(id -> t.name() + ": id " + id + " missing").toList());
      c.mismatches(a.outside(), a.firstOutside().stream().map(id -> t.name() + ": id " + id + " outside 1.." + size
          + " (" + SysbenchStore.TABLE_SIZE_PROPERTY + ")").toList());
      c.mismatches(a.odd(), a.firstOdd().stream().map(r -> t.name() + ": id " + r.id() + " " + odd(r)).toList());
      if (a.missing() == 0 && a.outside() == 0 && census.rows() != size) {
        // the audit and the census read at different moments, or a table without its primary key
        c.mismatch(String.format(Locale.ROOT, "%s: %d rows counted, %d expected", t.name(), census.rows(), size));
      }
      indexMismatch(t, census, settings.createSecondary || store.hasSecondaryIndex(t)).ifPresent(c::mismatch);
    }
    return c.covered(String.format(Locale.ROOT, "%d tables, %d rows (each read)", tables.size(), rows));
  }

  /** What of a row sysbench cannot have written, e.g. "holds k -3 (sysbench writes k from 1 up)". */
  static String odd(RowAudit.Row r) {
    List<String> why = new ArrayList<>();
    if (r.k() < RowAudit.MIN_K) {
      why.add("k " + r.k() + " (sysbench writes k from " + RowAudit.MIN_K + " up)");
    }
    if (r.c() == null || !r.c().stripTrailing().matches(RowAudit.C_PATTERN)) {
      why.add("c " + quoted(r.c()) + " (not ten groups of 11 digits joined by '-')");
    }
    if (r.pad() == null || !r.pad().stripTrailing().matches(RowAudit.PAD_PATTERN)) {
      why.add("pad " + quoted(r.pad()) + " (not five groups of 11 digits joined by '-')");
    }
    // the store's test and this one are the same; should they ever part, the row is still named
    return why.isEmpty() ? "holds k " + r.k() + ", c " + quoted(r.c()) + ", pad " + quoted(r.pad())
        + ", which the store found sysbench cannot write" : "holds " + String.join(", ", why);
  }

  private static String quoted(String v) {
    if (v == null) {
      return "NULL";
    }
    String s = v.stripTrailing();
    // both ends: a change is as likely at the end of a value as at its start
    return "\"" + (s.length() > 40 ? s.substring(0, 18) + "..." + s.substring(s.length() - 18) : s) + "\"";
  }

  private static java.util.Optional<String> indexMismatch(SysbenchTable t, TableCensus c, boolean indexExpected) {
    if (indexExpected && c.indexRows() < 0) {
      return java.util.Optional.of(t.name() + ": no index " + t.indexName() + " on k");
    }
    if (!c.indexAgrees()) {
      return java.util.Optional.of(String.format(Locale.ROOT, "%s: index %s lists %d rows with sum(k) %d, the table %d"
          + " rows with sum(k) %d", t.name(), t.indexName(), c.indexRows(), c.indexSumK(), c.rows(), c.sumK()));
    }
    return java.util.Optional.empty();
  }

  /** Ids named on one line of sysbench.verify; bin/ycsb verify lists them one a line. */
  private static final int NAMED = 10;

  private static boolean idsAgree(TableCensus c, int tableSize) {
    return c.rows() == tableSize && c.minId() == 1 && c.maxId() == tableSize;
  }

  /** "; missing ids 17, 500 (2); ids outside: 10001 (1)", for the census's line. */
  private static String named(RowAudit a) {
    String out = "";
    if (a.missing() > 0) {
      out += "; missing ids " + a.firstMissing().stream().map(String::valueOf).collect(
          java.util.stream.Collectors.joining(", ")) + (a.missing() > a.firstMissing().size() ? " ..." : "") + " ("
          + a.missing() + ")";
    }
    if (a.outside() > 0) {
      out += "; ids outside: " + a.firstOutside().stream().map(String::valueOf).collect(
          java.util.stream.Collectors.joining(", ")) + (a.outside() > a.firstOutside().size() ? " ..." : "") + " ("
          + a.outside() + ")";
    }
    return out;
  }

  /** What is wrong with one table's census; empty when nothing is. */
  static List<String> check(SysbenchTable t, TableCensus c, int tableSize, boolean indexExpected) {
    List<String> out = new ArrayList<>();
    if (!idsAgree(c, tableSize)) {
      out.add(String.format(Locale.ROOT, "%s: %d rows, ids %d..%d; %d rows with ids 1..%d expected", t.name(),
          c.rows(), c.minId(), c.maxId(), tableSize, tableSize));
    }
    indexMismatch(t, c, indexExpected).ifPresent(out::add);
    return out;
  }
}
