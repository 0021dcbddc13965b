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
   * The headline's figures: rows and their rate, and the size and writes at the last round's end
   * ({@code last}, may be null).
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
      if (last.writtenBytes() >= 0) {
        out.put("written_mb", last.writtenBytes() / 1048576.0);
        out.put("wr_b_row", last.writtenBytesPerRow());
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
   * Each round's figures for the export ({@code [ROUND]} rows), as the 2014 post's table per size
   * gives them: rows at the round's end, seconds and MB the server wrote since the start of the
   * run (the sums of the rounds' lines: a round not printed gives its time to the next line), the
   * write rate and rows/s over that time, the size on storage and bytes per row where it is the
   * table's ({@link #onStorage}), and the round's own seconds, rows/s and queries/s.
   */
  static List<Map<String, Double>> rounds(List<Rounds.Line> lines) {
    List<Map<String, Double>> out = new ArrayList<>();
    double secs = 0;
    long written = 0;
    for (Rounds.Line l : lines) {
      secs += l.seconds();
      written = written < 0 || l.writtenBytes() < 0 ? -1 : written + l.writtenBytes();
      Map<String, Double> f = new LinkedHashMap<>();
      f.put("round", (double) l.round());
      f.put("rows", (double) l.rows());
      f.put("test_secs", secs);
      if (onStorage(l)) {
        f.put("db_size_mb", l.dbBytes() / 1048576.0);
        f.put("bytes_row", l.bytesPerRow());
      }
      if (l.memtableBytes() > 0) {
        f.put("mem_mb", l.memtableBytes() / 1048576.0);
      }
      if (written >= 0) {
        f.put("written_mb", written / 1048576.0);
        f.put("write_mb_s", written / 1048576.0 / Math.max(1e-9, secs));
      }
      f.put("cum_rows_s", l.cumulativeRowsPerSec());
      f.put("round_secs", l.seconds());
      f.put("round_rows_s", l.rowsPerSec());
      f.put("qps", l.queriesPerSec());
      out.add(f);
    }
    return out;
  }

}
