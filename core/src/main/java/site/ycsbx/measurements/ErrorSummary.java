package site.ycsbx.measurements;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import site.ycsbx.verdict.ErrorLog;
import site.ycsbx.verdict.RunVerdict;

/**
 * The end-of-run error table and the verdict, from YCSB's status counts per operation
 * ({@code Return=STATUS} records), corrected by the {@link BatchLedger} (rows counted
 * {@code BATCHED_OK} whose batch failed or was never sent count as failed) and by the operations
 * never attempted (asked for but not done: the run's threads stopped early). The share of
 * failures is taken over what the run was asked to do, so a load that stored nothing fails.
 * Statuses a workload ignores by design ({@link #IGNORED_STATUSES}: sysbench's ignored errors,
 * deadlocks among them) are shown and exported but are not failures: sysbench goes on past them,
 * and a run at many threads on hot rows meets them by the hundred.
 */
final class ErrorSummary {
  /** Operations never started, in the table and the export. */
  static final String NOT_ATTEMPTED = "NOT_ATTEMPTED";
  /** store.sysbench.IgnoredError's status: an error sysbench 1.0 ignores by default (ErrorSummaryTest ties them). */
  static final java.util.Set<String> IGNORED_STATUSES = java.util.Set.of("IGNORED_ERROR");

  /** One line of the table. */
  record Row(String op, long ok, long failed, long ignored, long batchFailed, long batchNotDone, String statuses,
      boolean roundTrips) {
  }

  final List<Row> rows = new ArrayList<>();
  long total;
  long failed;
  long ignored;
  long notAttempted;
  /** Whether {@link #notAttempted} counts against the run (false: time limit or signal). */
  boolean notAttemptedFails;
  String notAttemptedNote = "";
  String why;

  /**
   * @param returns op -> status -> count, as YCSB exported them
   * @param opsDone YCSB's count of completed operations, or -1 when unknown (an interrupted run)
   * @param runMillis the run's duration, or -1 when unknown
   */
  static ErrorSummary of(Map<String, Map<String, Long>> returns, long opsDone, long runMillis) {
    ErrorSummary s = new ErrorSummary();
    long insertCalls = 0;
    long failedInsertCalls = 0;
    for (Map.Entry<String, Map<String, Long>> e : returns.entrySet()) {
      String op = e.getKey();
      long ok = 0;
      long bad = 0;
      long ignored = 0;
      Map<String, Long> failures = new LinkedHashMap<>();
      for (Map.Entry<String, Long> st : e.getValue().entrySet()) {
        if (st.getKey().equals("OK") || st.getKey().equals("BATCHED_OK")) {
          ok += st.getValue();
        } else if (IGNORED_STATUSES.contains(st.getKey())) {
          ignored += st.getValue();
          failures.put(st.getKey(), st.getValue());
        } else {
          bad += st.getValue();
          failures.put(st.getKey(), st.getValue());
        }
      }
      if (op.equals("INSERT")) {
        insertCalls = ok + bad;
        failedInsertCalls = bad;
      }
      long lost = BatchLedger.failedRows(op);
      long notDone = BatchLedger.notDoneRows(op);
      if (lost > 0) {
        failures.put(BatchLedger.BATCH_FAILED, lost);
      }
      if (notDone > 0) {
        failures.put(BatchLedger.BATCH_NOT_DONE, notDone);
      }
      ok = Math.max(0, ok - lost - notDone);
      bad += lost + notDone;
      StringBuilder statuses = new StringBuilder();
      failures.forEach((k, v) -> statuses.append(statuses.length() == 0 ? "" : ", ").append(k).append('=').append(v)
          .append(IGNORED_STATUSES.contains(k) ? " (ignored, not failures)" : ""));
      // a batch round trip (INSERT_BATCH) re-times rows its operation counts one by one, and
      // the ledger has already moved the rows of a failed batch to failed
      boolean roundTrips = op.endsWith(ResultExporter.BATCH_SUFFIX);
      if (!roundTrips) {
        s.total += ok + bad + ignored;
        s.failed += bad;
        s.ignored += ignored;
      }
      s.rows.add(new Row(op, ok, bad, ignored, lost, notDone, statuses.toString(), roundTrips));
    }
    s.countNotAttempted(opsDone, runMillis, insertCalls, failedInsertCalls);
    s.decide();
    return s;
  }

  private void countNotAttempted(long opsDone, long runMillis, long insertCalls, long failedInsertCalls) {
    if (RunVerdict.requested() <= 0) {
      return;
    }
    // operations of the warm-up were attempted, just not recorded
    long requested = Math.max(0, RunVerdict.requested() - RunMeasurements.warmupCalls());
    long attempted;
    if (RunVerdict.isLoad()) {
      // a load only inserts, once per call of YCSB's thread loop; a failed insert ends its thread
      attempted = insertCalls;
    } else {
      attempted = opsDone >= 0 ? opsDone : total;
    }
    notAttempted = Math.max(0, requested - attempted);
    if (notAttempted == 0) {
      return;
    }
    long max = RunVerdict.maxExecutionSeconds();
    if (Interruption.current() != null) {
      notAttemptedNote = "the run was interrupted";
    } else if (max > 0 && runMillis + warmupMillis() >= max * 1000 - 1000) {
      notAttemptedNote = "maxexecutiontime=" + max + " ended the run";
    } else {
      notAttemptedFails = true;
      if (site.ycsbx.faults.Outages.hasGivenUp()) {
        notAttemptedNote = "the run gave up on the server (" + site.ycsbx.faults.Reconnect.GIVE_UP_PROPERTY
            + "); counted as failed";
      } else {
        notAttemptedNote = (RunVerdict.isLoad() && failedInsertCalls > 0 ? "a failed insert ends its client thread; "
            : "") + "counted as failed";
      }
    }
  }

  /** The warm-up's share of maxexecutiontime's clock: runMillis counts only the measured time after it. */
  private static long warmupMillis() {
    return Warmup.isOver() ? Warmup.millis() : 0;
  }

  private void decide() {
    long counted = notAttemptedFails ? notAttempted : 0;
    long asked = total + counted;
    double pct = 100.0 * (failed + counted) / Math.max(1, asked);
    double max = RunVerdict.maxErrorPercent();
    if (RunVerdict.checkFailure() != null) {
      why = RunVerdict.checkFailure();
    } else if (total == 0) {
      why = "no operation completed" + (counted > 0 ? " (" + counted + " not attempted)" : "");
    } else if (pct > max) {
      String share = counted > 0
          ? String.format("%d of %d operations failed and %d were not attempted (%.2f%% of %d)", failed, total, counted,
              pct, asked)
          : String.format("%d of %d operations failed (%.2f%%)", failed, total, pct);
      why = String.format("%s, above %s=%s for a %s", share, RunVerdict.MAX_ERROR_PERCENT_PROPERTY, stripZeros(max),
          RunVerdict.isLoad() ? "load" : "run");
    }
  }

  /** The table, the not-attempted line and the verdict line, as the run folder's summary.txt has them. */
  String render() {
    return renderTable() + verdictLine() + '\n';
  }

  /**
   * Whether the table says nothing the verdict line does not: nothing failed, everything asked
   * for was attempted, no signal. The console then leaves the table out.
   */
  boolean clean() {
    return failed == 0 && ignored == 0 && notAttempted == 0 && why == null && Interruption.current() == null;
  }

  /** The table and the not-attempted line, each line ending in a newline. */
  String renderTable() {
    StringBuilder t = new StringBuilder();
    t.append(String.format("[ERRORS] %-24s %12s %12s %8s  %s%n", "operation", "ok", "failed", "failed%",
        "failures by status"));
    for (Row r : rows) {
      t.append(String.format("[ERRORS] %-24s %12d %12d %8.2f  %s%n", r.op(), r.ok(), r.failed(),
          100.0 * r.failed() / Math.max(1, r.ok() + r.failed()), r.statuses()
              + (r.roundTrips() ? (r.statuses().isEmpty() ? "" : "; ") + "round trips, rows counted above" : "")));
      if (r.failed() > 0 || r.ignored() > 0) {
        for (String m : ErrorLog.messages(r.op())) {
          t.append(String.format("[ERRORS] %-24s first error: %s%n", "", m));
        }
      }
    }
    if (notAttempted > 0) {
      t.append(String.format("[ERRORS] %-24s %12s %12d %8s  of %s=%d (%s)%n", NOT_ATTEMPTED, "", notAttempted, "",
          RunVerdict.requestedBy(), RunVerdict.requested(), notAttemptedNote));
    }
    return t.toString();
  }

  /** The verdict: OK, FAILED with why, or INTERRUPTED; no newline. */
  String verdictLine() {
    Interruption.Signal sig = Interruption.current();
    Optional<String> first = ErrorLog.first();
    String firstError = first.map(f -> "; first error: " + f).orElse("");
    if (sig != null) {
      return String.format("[ERRORS] INTERRUPTED by %s at %s: %d operations measured, %d failed%s%s", sig.name(),
          sig.at(), total, failed, notAttempted > 0 ? ", " + notAttempted + " not attempted" : "", firstError);
    } else if (why != null) {
      return "[ERRORS] FAILED: " + why + firstError;
    }
    return String.format("[ERRORS] OK: %d operations, %d failed", total, failed)
        + (ignored > 0 ? ", " + ignored + " ignored (" + String.join(", ", IGNORED_STATUSES) + ")" : "");
  }

  /**
   * The counts for the export (numbers only, as every YCSB exporter takes them), as the table has
   * them: an interrupted run's threads may still settle a batch that was on the wire.
   */
  Map<String, Long> exportRows() {
    Map<String, Long> out = new LinkedHashMap<>();
    out.put("Operations", total);
    out.put("Failed", failed);
    out.put("Ignored", ignored);
    out.put(NOT_ATTEMPTED, notAttempted);
    for (Row r : rows) {
      if (r.batchFailed() > 0) {
        out.put(r.op() + "." + BatchLedger.BATCH_FAILED, r.batchFailed());
      }
      if (r.batchNotDone() > 0) {
        out.put(r.op() + "." + BatchLedger.BATCH_NOT_DONE, r.batchNotDone());
      }
    }
    return out;
  }

  private static String stripZeros(double d) {
    return d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
  }
}
