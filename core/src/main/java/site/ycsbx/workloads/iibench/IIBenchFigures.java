package site.ycsbx.workloads.iibench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The figures an iibench run exports for readers (experiments): the headline ({@code [HEADLINE]}
 * rows) and each round's ({@code [ROUND]} rows), units in their names.
 */
final class IIBenchFigures {
  private IIBenchFigures() {
  }

  /**
   * The headline's figures: rows and their rate, the size at the last round's end and the server
   * process's writes from the load's start to it ({@code last}, may be null).
   */
  static Map<String, Double> headline(long rows, double secs, Rounds.Line last) {
    Map<String, Double> out = new LinkedHashMap<>();
    out.put("rows", (double) rows);
    out.put("secs", secs);
    out.put("rows_s", rows / Math.max(1e-9, secs));
    if (last != null) {
      // with much of the data still in memtables the size on storage is not the table's: left out (n/a in
      // tables), with what is in memory beside it, as the round lines' note says
      if (onStorage(last)) {
        out.put("db_size_mb", last.dbBytes() / 1048576.0);
        out.put("bytes_row", last.bytesPerRow());
      }
      if (last.memtableBytes() > 0) {
        out.put("mem_mb", last.memtableBytes() / 1048576.0);
      }
      // the whole load's writes, to the last round's end: since the start, cum_ as in the rounds' figures (a
      // round's written_mb is the round's own)
      if (last.cumulativeWrittenBytes() >= 0) {
        out.put("cum_written_mb", last.cumulativeWrittenBytes() / 1048576.0);
        if (last.loadRows() > 0) {
          out.put("cum_wr_b_row", (double) last.cumulativeWrittenBytes() / last.loadRows());
        }
      }
    }
    return out;
  }

  /**
   * Whether a round's size on storage is the table's: known, and not with more than a tenth of the
   * data still in memtables (MyRocks after a short load: 0 bytes of SST files).
   */
  static boolean onStorage(Rounds.Line l) {
    boolean inMemory = l.memtableBytes() > 0 && l.memtableBytes() > 0.1 * Math.max(0, l.dbBytes());
    return l.dbBytes() >= 0 && !inMemory;
  }

  /**
   * Each round's figures for the export ({@code [ROUND]} rows), each named as the 2014 post's
   * legend defines it, "during the test round": the round's {@code test_secs}, {@code rows_s} (its
   * TPS: rows stored in the round over its seconds), {@code written_mb} and {@code write_mb_s} (the
   * server process's writes), {@code host_wr_mb} and {@code host_wr_mb_s} (this host's disks, the
   * post's iostat view), {@code spread_s} and {@code qps}; the size on storage and bytes per row
   * at its end where it is the table's ({@link #onStorage}); its planned size ({@code
   * planned_rows}: rows of this load the round completes), the rows this load had stored ({@code
   * load_rows}) and the tables held ({@code rows}) at its end; and the same time, rate and writes
   * since the load's start under {@code cum_} names. A figure not measured is left out.
   */
  static List<Map<String, Double>> rounds(List<Rounds.Line> lines) {
    List<Map<String, Double>> out = new ArrayList<>();
    for (Rounds.Line l : lines) {
      Map<String, Double> f = new LinkedHashMap<>();
      f.put("round", (double) l.round());
      f.put("planned_rows", (double) l.plannedRows());
      f.put("load_rows", (double) l.loadRows());
      f.put("rows", (double) l.rows());
      if (onStorage(l)) {
        f.put("db_size_mb", l.dbBytes() / 1048576.0);
        f.put("bytes_row", l.bytesPerRow());
      }
      if (l.memtableBytes() > 0) {
        f.put("mem_mb", l.memtableBytes() / 1048576.0);
      }
      f.put("test_secs", l.seconds());
      put(f, "rows_s", l.rowsPerSec());
      writes(f, "", l.writtenBytes(), l.seconds());
      writes(f, "host_", l.hostWrittenBytes(), l.seconds());
      f.put("spread_s", l.spreadSeconds());
      put(f, "qps", l.queriesPerSec());
      f.put("cum_test_secs", l.cumulativeSeconds());
      put(f, "cum_rows_s", l.cumulativeRowsPerSec());
      writes(f, "cum_", l.cumulativeWrittenBytes(), l.cumulativeSeconds());
      writes(f, "cum_host_", l.cumulativeHostWrittenBytes(), l.cumulativeSeconds());
      out.add(f);
    }
    return out;
  }

  // the server's (written_mb, write_mb_s) or the host's (host_wr_mb, host_wr_mb_s) bytes and their rate
  private static void writes(Map<String, Double> f, String prefix, long bytes, double secs) {
    if (bytes < 0) {
      return;
    }
    boolean host = prefix.endsWith("host_");
    String mb = host ? "wr_mb" : "written_mb";
    f.put(prefix + mb, bytes / 1048576.0);
    if (secs > 0) {
      f.put(prefix + (host ? "wr_mb_s" : "write_mb_s"), bytes / 1048576.0 / secs);
    }
  }

  private static void put(Map<String, Double> f, String name, double v) {
    if (!Double.isNaN(v)) {
      f.put(name, v);
    }
  }
}
