package site.ycsbx.workloads.iibench;

import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The insert benchmark's rounds. Each inserting client has a quota of rows; round k ends when
 * every client has inserted its share of the first k x roundRows rows (clients do not wait for
 * each other, as in the published runs). Each round prints one aligned line and appends a CSV
 * row: rows so far, DB size, bytes per row, write rate and bytes written during the round,
 * seconds, transactions/s, rows/s, and the spread of the times at which the clients finished
 * their share of the round.
 */
public final class Rounds {
  /** Column names of the text lines, documented in workloads/iibench and the README. */
  public static final String TEXT_HEADER = String.format("%-14s %6s %14s %11s %11s %12s %12s %9s %9s %11s %9s",
      "[IIBENCH]", "round", "rows", "db_size_mb", "bytes_row", "write_mb_s", "written_mb", "secs", "tps",
      "rows_s", "spread_s");
  /** Column names of the CSV file (bytes, not MB). */
  public static final String CSV_HEADER = "round,rows,db_size_bytes,bytes_per_row,write_bytes_per_s,written_bytes,"
      + "secs,tps,rows_per_s,client_spread_s,size_source";

  /** One round's figures; -1 / NaN where not known. */
  public record Line(int round, long rows, long dbBytes, double bytesPerRow, double writeBytesPerSec,
      long writtenBytes, double seconds, double tps, double rowsPerSec, double spreadSeconds, String sizeSource) {
  }

  private static final class RoundState {
    long minNanos = Long.MAX_VALUE;
    long maxNanos = Long.MIN_VALUE;
    int crossed;
  }

  private final long[] quota;
  private final long totalRows;
  private final long roundRows;
  private final long existingRows;
  private final DiskStats disks;
  private final PrintStream out;
  private final Path csv;

  private final long[] progressed;
  private final int[] nextRound;
  private final Map<Integer, RoundState> rounds = new HashMap<>();
  private long insertedRows;
  private long transactions;
  private long startNanos = -1;
  private long lastNanos;
  private long lastRows;
  private long lastTransactions;
  private long lastDiskBytes;
  private int completed;
  private boolean headerPrinted;
  private Line lastLine;

  /**
   * @param quota rows each inserting client will insert
   * @param roundRows rows per round (all clients together)
   * @param existingRows rows the tables held before this run
   * @param disks this host's disks, or null when the server is remote or /proc/diskstats is missing
   * @param csv CSV file to append to, or null
   */
  public Rounds(long[] quota, long roundRows, long existingRows, DiskStats disks, PrintStream out, Path csv) {
    this.quota = quota.clone();
    long sum = 0;
    for (long q : quota) {
      sum += q;
    }
    this.totalRows = sum;
    this.roundRows = roundRows;
    this.existingRows = existingRows;
    this.disks = disks;
    this.out = out;
    this.csv = csv;
    this.progressed = new long[quota.length];
    this.nextRound = new int[quota.length];
    java.util.Arrays.fill(nextRound, 1);
  }

  /** Number of rounds this run has (the last one may be short). */
  public int roundCount() {
    return (int) Math.max(1, (totalRows + roundRows - 1) / roundRows);
  }

  /** Starts the clock of round 1 (idempotent): call when the tables are ready. */
  public synchronized void start(long nowNanos) {
    if (startNanos < 0) {
      startNanos = nowNanos;
      lastNanos = nowNanos;
      lastDiskBytes = disks == null ? -1 : disks.bytesWritten();
    }
  }

  // rows client i must have attempted to finish round k
  private long threshold(int client, int k) {
    if (k >= roundCount()) {
      return quota[client];
    }
    // its share of the first k*roundRows rows, in proportion to its quota
    long globalRows = Math.min(totalRows, (long) k * roundRows);
    return Math.min(quota[client], (long) Math.ceil((double) globalRows * quota[client] / Math.max(1, totalRows)));
  }

  /**
   * A client finished a transaction. {@code attempted} counts toward its quota whether or not
   * the transaction succeeded (a failing server must not make the run endless); {@code acked}
   * rows count as inserted. Prints the lines of rounds this completes, sizing the tables with
   * {@code size}.
   *
   * @return the lines of rounds completed by this call (usually none)
   */
  public synchronized java.util.List<Line> onBatch(int client, int attempted, int acked, long nowNanos,
      Supplier<SizeReport> size) {
    start(nowNanos);
    progressed[client] += attempted;
    insertedRows += acked;
    if (acked > 0) {
      transactions++;
    }
    java.util.List<Line> done = new java.util.ArrayList<>();
    while (nextRound[client] <= roundCount() && progressed[client] >= threshold(client, nextRound[client])) {
      int k = nextRound[client]++;
      RoundState r = rounds.computeIfAbsent(k, x -> new RoundState());
      r.minNanos = Math.min(r.minNanos, nowNanos);
      r.maxNanos = Math.max(r.maxNanos, nowNanos);
      r.crossed++;
      if (r.crossed == quota.length && k == completed + 1) {
        done.add(complete(k, r, nowNanos, size));
      }
    }
    return done;
  }

  /** Whether every client has reached its quota. */
  public synchronized boolean finished() {
    return completed >= roundCount();
  }

  /** Rows inserted (acknowledged) by this run so far. */
  public synchronized long insertedRows() {
    return insertedRows;
  }

  /** The last round's line, or null. */
  public synchronized Line lastLine() {
    return lastLine;
  }

  /** Seconds from the start to the end of the last completed round. */
  public synchronized double elapsedSeconds() {
    return startNanos < 0 ? 0 : (lastNanos - startNanos) / 1e9;
  }

  private Line complete(int k, RoundState r, long nowNanos, Supplier<SizeReport> size) {
    rounds.remove(k);
    completed = k;
    double secs = Math.max(1e-9, (nowNanos - lastNanos) / 1e9);
    long rowsSoFar = existingRows + insertedRows;
    SizeReport s = size.get();
    long db = s.totalBytes();
    long diskNow = disks == null ? -1 : disks.bytesWritten();
    long written = disks == null ? -1 : diskNow - lastDiskBytes;
    Line line = new Line(k, rowsSoFar, db, db < 0 || rowsSoFar == 0 ? Double.NaN : (double) db / rowsSoFar,
        written < 0 ? Double.NaN : written / secs, written, secs, (transactions - lastTransactions) / secs,
        (insertedRows - lastRows) / secs, (r.maxNanos - r.minNanos) / 1e9, s.source());
    lastNanos = nowNanos;
    lastRows = insertedRows;
    lastTransactions = transactions;
    lastDiskBytes = diskNow;
    lastLine = line;
    print(line);
    return line;
  }

  private void print(Line l) {
    if (!headerPrinted) {
      out.println(TEXT_HEADER);
      headerPrinted = true;
      writeCsv(CSV_HEADER, true);
    }
    out.println(String.format(Locale.ROOT, "%-14s %6d %14d %11s %11s %12s %12s %9.1f %9.1f %11.1f %9.3f",
        "[IIBENCH]", l.round(), l.rows(), mb(l.dbBytes()), num(l.bytesPerRow(), 1), mbRate(l.writeBytesPerSec()),
        mb(l.writtenBytes()), l.seconds(), l.tps(), l.rowsPerSec(), l.spreadSeconds()));
    out.flush();
    writeCsv(String.format(Locale.ROOT, "%d,%d,%s,%s,%s,%s,%.3f,%.3f,%.3f,%.3f,%s", l.round(), l.rows(),
        l.dbBytes() < 0 ? "" : String.valueOf(l.dbBytes()), num(l.bytesPerRow(), 2).replace("n/a", ""),
        num(l.writeBytesPerSec(), 0).replace("n/a", ""), l.writtenBytes() < 0 ? "" : String.valueOf(l.writtenBytes()),
        l.seconds(), l.tps(), l.rowsPerSec(), l.spreadSeconds(), l.sizeSource()), false);
  }

  private void writeCsv(String row, boolean header) {
    if (csv == null) {
      return;
    }
    try {
      boolean exists = Files.exists(csv) && Files.size(csv) > 0;
      if (header && exists) {
        return; // appending to the file of an earlier run: one header
      }
      try (Writer w = Files.newBufferedWriter(csv, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
          StandardOpenOption.APPEND)) {
        w.write(row);
        w.write('\n');
      }
    } catch (IOException e) {
      out.println("[IIBENCH] cannot write " + csv + ": " + e.getMessage());
    }
  }

  private static String mb(long bytes) {
    return bytes < 0 ? "n/a" : String.format(Locale.ROOT, "%.1f", bytes / 1048576.0);
  }

  private static String mbRate(double bytesPerSec) {
    return Double.isNaN(bytesPerSec) ? "n/a" : String.format(Locale.ROOT, "%.2f", bytesPerSec / 1048576.0);
  }

  private static String num(double d, int decimals) {
    return Double.isNaN(d) ? "n/a" : String.format(Locale.ROOT, "%." + decimals + "f", d);
  }
}
