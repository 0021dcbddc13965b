package site.ycsbx.workloads.iibench;

import java.io.IOException;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import site.ycsbx.store.SizeReport;

/**
 * The insert benchmark's rounds. Each inserting client has a quota of rows; round k ends when
 * every client has stored its share of the first k x roundRows rows of this load (its planned
 * size), or has attempted its whole quota (clients do not wait for each other, as in the published
 * runs). Rounds advance on stored rows: a failing server does not make rounds pass, and rounds in
 * which nothing was stored are not printed (except the last), so a crash is one line, not dozens of
 * empty ones. Each round prints one aligned line and appends a CSV row: rows so far, DB size, bytes
 * per row, write rate, bytes written during the round and per row stored in it, seconds,
 * transactions/s, rows/s during the round and since the start, queries/s, and the spread of the
 * times at which the clients finished their share of the round. Every figure of a line is the
 * round's (from the previous round's end to its own) except those named cumulative. An appended
 * CSV continues its round numbers.
 */
public final class Rounds {
  /** Column names of the text lines, documented in workloads/iibench and docs/workloads/iibench.md. */
  public static final String TEXT_HEADER = String.format(
      "%-14s %6s %14s %11s %9s %11s %12s %12s %11s %12s %9s %9s %11s %11s %9s %9s", "[IIBENCH]", "round", "rows",
      "db_size_mb", "mem_mb", "bytes_row", "write_mb_s", "written_mb", "wr_b_row", "host_wr_mb", "secs", "tps", "rows_s",
      "cum_rows_s", "qps", "spread_s");
  /** Column names of the CSV file (bytes, not MB). */
  public static final String CSV_HEADER = "round,rows,db_size_bytes,memtable_bytes,bytes_per_row,write_bytes_per_s,"
      + "written_bytes,written_bytes_per_row,host_written_bytes,secs,tps,rows_per_s,cumulative_rows_per_s,queries_per_s,"
      + "client_spread_s,size_source,written_source";

  /**
   * One round's figures; -1 / NaN where not known. {@code plannedRows}: rows of this load the round
   * completes (k x roundRows, the last one the load's rows); {@code loadRows}: rows this load had
   * stored when it ended, {@code rows} with those the tables held before; {@code seconds} and the
   * rates over it, {@code writtenBytes}, {@code hostWrittenBytes}: the round's own; {@code
   * cumulative...}: since the load's start. A round that ended in the same instant as the one
   * before (a client crossed both with one transaction) has 0 seconds, no rates (NaN) and no writes
   * of its own (-1: the next round's count what the meters moved meanwhile).
   */
  public record Line(int round, long plannedRows, long loadRows, long rows, long dbBytes, long memtableBytes,
      double bytesPerRow, double writeBytesPerSec, long writtenBytes, double writtenBytesPerRow, long hostWrittenBytes,
      double seconds, double tps, double rowsPerSec, double queriesPerSec, double spreadSeconds,
      double cumulativeSeconds, double cumulativeRowsPerSec, long cumulativeWrittenBytes,
      long cumulativeHostWrittenBytes, String sizeSource) {
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
  private final WriteMeters meters;
  private final PrintStream out;
  private final Path csv;

  private final long[] progressed;
  private final long[] attempted;
  private final int[] nextRound;
  private final int roundOffset;
  private final Map<Integer, RoundState> rounds = new HashMap<>();
  private long insertedRows;
  private long transactions;
  private long startNanos = -1;
  private long lastStoredNanos;
  private long lastNanos;
  private long lastRows;
  private long lastTransactions;
  private long lastServerBytes;
  private long lastHostBytes;
  private long startServerBytes;
  private long startHostBytes;
  private boolean toldSameInstant;
  private long queries;
  private long lastQueries;
  private int completed;
  // the round being completed while its size is read
  private int completing;
  private long sizeNanos;
  private int sizeQueries;
  private boolean headerPrinted;
  private Line lastLine;
  private final List<Line> lines = new java.util.ArrayList<>();

  /**
   * @param quota rows each inserting client will insert
   * @param roundRows rows per round (all clients together)
   * @param existingRows rows the tables held before this run
   * @param meters bytes written by the server process and to this host's disks
   * @param csv CSV file to append to, or null
   */
  public Rounds(long[] quota, long roundRows, long existingRows, WriteMeters meters, PrintStream out, Path csv) {
    this.quota = quota.clone();
    long sum = 0;
    for (long q : quota) {
      sum += q;
    }
    this.totalRows = sum;
    this.roundRows = roundRows;
    this.existingRows = existingRows;
    this.meters = meters;
    this.out = out;
    this.csv = csv;
    this.progressed = new long[quota.length];
    this.attempted = new long[quota.length];
    this.nextRound = new int[quota.length];
    java.util.Arrays.fill(nextRound, 1);
    this.roundOffset = lastRound(csv);
  }

  /**
   * An existing round file must have this version's columns: appended rows under another header
   * would be read into the wrong columns.
   */
  static void checkCsv(String property, Path csv) {
    if (csv == null) {
      return;
    }
    // rounds are written as they end: a folder that is not there would lose every one of them
    Path folder = csv.toAbsolutePath().getParent();
    String accepts = property + " accepts a CSV file in an existing folder you can write (created when absent,"
        + " appended to when present)";
    if (Files.isDirectory(csv)) {
      throw new site.ycsbx.util.UserError(property + "=" + csv + " is a folder; " + accepts);
    }
    if (folder != null && !Files.isDirectory(folder)) {
      throw new site.ycsbx.util.UserError(property + "=" + csv + ": folder " + folder + " does not exist; " + accepts);
    }
    if (Files.exists(csv) ? !Files.isWritable(csv) : folder != null && !Files.isWritable(folder)) {
      throw new site.ycsbx.util.UserError(property + "=" + csv + ": permission denied; " + accepts);
    }
    if (!Files.isRegularFile(csv)) {
      return;
    }
    try (java.io.BufferedReader r = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
      String header = r.readLine();
      if (header != null && !header.isBlank() && !header.equals(CSV_HEADER)) {
        throw new site.ycsbx.util.UserError(property + "=" + csv + " holds rows with other columns (" + header
            + "); give another file, rounds are only appended under the same header");
      }
    } catch (IOException e) {
      throw new site.ycsbx.util.UserError(property + "=" + csv + " cannot be read: " + e.getMessage());
    }
  }

  /** The last round number in a CSV an earlier run wrote, 0 when there is none. */
  private static int lastRound(Path csv) {
    if (csv == null || !Files.isReadable(csv)) {
      return 0;
    }
    try {
      List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
      for (int i = lines.size() - 1; i > 0; i--) {
        String first = lines.get(i).split(",", 2)[0].trim();
        if (first.matches("\\d+")) {
          return Integer.parseInt(first);
        }
      }
    } catch (IOException | NumberFormatException e) {
      // unreadable: number from 1, the rows column still tells the runs apart
    }
    return 0;
  }

  /**
   * Two rounds once, on a copy that prints nowhere (and writes a temporary CSV when the run
   * writes one), before the first batch: the first round's line otherwise loads its classes (the
   * round's state, the line, its formatting, the CSV writer) on the client that ends round 1,
   * inside the clock. See docs/developing.md.
   */
  public void rehearse() {
    Path file = null;
    try {
      file = csv == null ? null : Files.createTempFile("ycsbx-rehearsal", ".csv");
      PrintStream nowhere = new PrintStream(java.io.OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8);
      Rounds dry = new Rounds(new long[] {2}, 1, 0, meters, nowhere, file);
      long t = System.nanoTime();
      Supplier<SizeReport> size = () -> new SizeReport(1, 1, "rehearsal");
      dry.onBatch(0, 1, 1, t, size);
      dry.onBatch(0, 1, 1, t + 1_000_000, size);
      dry.sizeQueryCost();
    } catch (IOException e) {
      // no temporary folder: the first round writes its CSV as it would have anyway
    } finally {
      if (file != null) {
        try {
          Files.deleteIfExists(file);
        } catch (IOException e) {
          // a temporary file left behind
        }
      }
    }
  }

  /** A query thread finished a query (counted in the round's queries/s). */
  public synchronized void onQuery() {
    queries++;
  }

  /** Number of rounds this run has (the last one may be short). */
  public int roundCount() {
    return Math.toIntExact(rounds(totalRows, roundRows));
  }

  /**
   * Rounds of {@code roundRows} in {@code rows}, at least 1, without overflow (3 billion rows in
   * rounds of 1 pass an int; rows + roundRows - 1 passes a long when roundRows is near its maximum).
   */
  static long rounds(long rows, long roundRows) {
    return Math.max(1, rows / roundRows + (rows % roundRows == 0 ? 0 : 1));
  }

  /** Starts the clock of round 1 (idempotent): call when the tables are ready. */
  public synchronized void start(long nowNanos) {
    if (startNanos < 0) {
      startNanos = nowNanos;
      lastNanos = nowNanos;
      lastServerBytes = meters.serverBytes();
      lastHostBytes = meters.hostBytes();
      startServerBytes = lastServerBytes;
      startHostBytes = lastHostBytes;
    }
  }

  /** Rows of this load that round k completes: k x roundRows, the last round the load's rows. */
  long plannedRows(int k) {
    // past the load's rows (or a long) when roundRows > totalRows / k
    return k >= roundCount() || roundRows > totalRows / k ? totalRows : k * roundRows;
  }

  // rows client i must have stored to finish round k
  private long threshold(int client, int k) {
    if (k >= roundCount()) {
      return quota[client];
    }
    // its share of the first k*roundRows rows, in proportion to its quota
    long globalRows = plannedRows(k);
    return Math.min(quota[client], (long) Math.ceil((double) globalRows * quota[client] / Math.max(1, totalRows)));
  }

  /**
   * A client finished a transaction. {@code acked} rows count as stored and move the client
   * through the rounds; {@code attempted} rows count toward its quota whether or not the
   * transaction succeeded, and a client that has attempted its whole quota has crossed every
   * round (a failing server must not make the run endless). Prints the lines of rounds this
   * completes, sizing the tables with {@code size}.
   *
   * @return the lines of rounds completed by this call (usually none)
   */
  public synchronized List<Line> onBatch(int client, int attempted, int acked, long nowNanos,
      Supplier<SizeReport> size) {
    start(nowNanos);
    progressed[client] += acked;
    this.attempted[client] += attempted;
    boolean quotaDone = this.attempted[client] >= quota[client];
    insertedRows += acked;
    if (acked > 0) {
      lastStoredNanos = Math.max(lastStoredNanos, nowNanos);
    }
    if (acked > 0) {
      transactions++;
    }
    List<Line> done = new java.util.ArrayList<>();
    while (nextRound[client] <= roundCount()
        && (quotaDone || progressed[client] >= threshold(client, nextRound[client]))) {
      int k = nextRound[client]++;
      RoundState r = rounds.computeIfAbsent(k, x -> new RoundState());
      r.minNanos = Math.min(r.minNanos, nowNanos);
      r.maxNanos = Math.max(r.maxNanos, nowNanos);
      r.crossed++;
      if (r.crossed == quota.length && k == completed + 1) {
        Line l = complete(k, r, nowNanos, size);
        if (l != null) {
          done.add(l);
        }
      }
    }
    return done;
  }

  /** Whether the size being read (from the size supplier of {@link #onBatch}) is the last round's. */
  public synchronized boolean sizingLastRound() {
    return completing == roundCount();
  }

  /** Whether every client has reached its quota. */
  public synchronized boolean finished() {
    return completed >= roundCount();
  }

  /** Rows inserted (acknowledged) by this run so far. */
  public synchronized long insertedRows() {
    return insertedRows;
  }

  /** Size queries run at the ends of rounds, and the seconds they took in all. */
  public synchronized String sizeQueryCost() {
    return String.format(Locale.ROOT, "%d size queries took %.3f s", sizeQueries, sizeNanos / 1e9);
  }

  /** The last round's line, or null. */
  public synchronized Line lastLine() {
    return lastLine;
  }

  /** The lines of the rounds this run printed, in order. */
  public synchronized List<Line> lines() {
    return List.copyOf(lines);
  }

  /** Seconds from the start to the end of the last completed round. */
  public synchronized double elapsedSeconds() {
    return startNanos < 0 ? 0 : (lastNanos - startNanos) / 1e9;
  }

  /**
   * Seconds from the start to the last stored batch: what {@link #insertedRows} took. The same as
   * {@link #elapsedSeconds} when every round ended; in a run stopped mid-round (maxexecutiontime, a
   * signal) the rows after the last round's end count, and so does their time (dividing them by the
   * last round's end gave 15300 rows in 0.0 s when no round had ended).
   */
  public synchronized double insertingSeconds() {
    return startNanos < 0 ? 0 : (Math.max(lastNanos, lastStoredNanos) - startNanos) / 1e9;
  }

  /**
   * The round's line, or null for a round that clients passed only by running out their quota
   * (nothing stored since the last line, fewer rows than the round holds) and is not the last.
   */
  private Line complete(int k, RoundState r, long nowNanos, Supplier<SizeReport> size) {
    rounds.remove(k);
    completed = k;
    long stored = insertedRows - lastRows;
    boolean filled = insertedRows >= plannedRows(k);
    if (!filled && stored == 0 && k < roundCount() && lastLine != null) {
      return null; // passed by clients that ran out their quota failing: its time goes to the next line
    }
    // clients read the clock before they queue for this lock: a later round can carry an earlier time
    long end = Math.max(nowNanos, lastNanos);
    long nanos = end - lastNanos;
    double secs = nanos / 1e9;
    long rowsSoFar = existingRows + insertedRows;
    long sizeStart = System.nanoTime();
    completing = k;
    SizeReport s = size.get(); // on the client that ended the round: it inserts nothing meanwhile
    sizeNanos += System.nanoTime() - sizeStart;
    sizeQueries++;
    long db = s.totalBytes();
    long serverNow = meters.serverBytes();
    long hostNow = meters.hostBytes();
    // a round that ended in the same instant as the one before has no time of its own: what the meters moved
    // meanwhile (the size queries' time) goes to the next round's writes, not to a round of 0 s
    boolean sameInstant = nanos == 0 && lastLine != null;
    long written = sameInstant ? -1 : delta(serverNow, lastServerBytes);
    long hostWritten = sameInstant ? -1 : delta(hostNow, lastHostBytes);
    double sinceStart = (end - startNanos) / 1e9;
    Line line = new Line(k + roundOffset, plannedRows(k), insertedRows, rowsSoFar, db, s.memtableBytes(),
        db < 0 || rowsSoFar == 0 ? Double.NaN : (double) db / rowsSoFar, per(written, secs), written,
        written < 0 || stored == 0 ? Double.NaN : (double) written / stored, hostWritten, secs,
        per(transactions - lastTransactions, secs), per(stored, secs), per(queries - lastQueries, secs),
        (r.maxNanos - r.minNanos) / 1e9, sinceStart, per(insertedRows, sinceStart), delta(serverNow, startServerBytes),
        delta(hostNow, startHostBytes), s.source());
    lastNanos = end;
    lastRows = insertedRows;
    lastTransactions = transactions;
    lastQueries = queries;
    if (!sameInstant) {
      lastServerBytes = serverNow;
      lastHostBytes = hostNow;
    }
    lastLine = line;
    lines.add(line);
    print(line);
    if (sameInstant && !toldSameInstant) {
      toldSameInstant = true;
      out.println(String.format(Locale.ROOT, "[IIBENCH] round %d ended in the same instant as round %d: one"
          + " transaction took its client past both (a client's share of a round is smaller than its transactions);"
          + " such a round has secs 0, no rates and no writes of its own (n/a: the next round's count them); rounds"
          + " of at least clients x iibench.batchsize rows (iibench.roundrows) end apart", line.round(),
          line.round() - 1));
    }
    return line;
  }

  // a count over seconds; not a rate when no time passed
  private static double per(long count, double secs) {
    return count < 0 || secs <= 0 ? Double.NaN : count / secs;
  }

  // bytes from one reading to another, -1 when either is not known
  private static long delta(long now, long before) {
    return now < 0 || before < 0 ? -1 : now - before;
  }

  private void print(Line l) {
    if (!headerPrinted) {
      out.println("[IIBENCH] written_mb, write_mb_s, wr_b_row: " + meters.serverSource() + "; host_wr_mb: "
          + meters.hostSource() + "; db_size_mb: on storage (" + l.sizeSource() + "); mem_mb: unflushed memtables");
      out.println(TEXT_HEADER);
      headerPrinted = true;
      writeCsv(CSV_HEADER, true);
    }
    out.println(String.format(Locale.ROOT,
        "%-14s %6d %14d %11s %9s %11s %12s %12s %11s %12s %9.3f %9s %11s %11s %9s %9.3f", "[IIBENCH]",
        l.round(), l.rows(), mb(l.dbBytes()), mb(l.memtableBytes()), num(l.bytesPerRow(), 1),
        mbRate(l.writeBytesPerSec()), mb(l.writtenBytes()), num(l.writtenBytesPerRow(), 1), mb(l.hostWrittenBytes()),
        l.seconds(), num(l.tps(), 1), num(l.rowsPerSec(), 1), num(l.cumulativeRowsPerSec(), 1),
        num(l.queriesPerSec(), 1), l.spreadSeconds()));
    out.flush();
    writeCsv(String.format(Locale.ROOT, "%d,%d,%s,%s,%s,%s,%s,%s,%s,%.3f,%s,%s,%s,%s,%.3f,%s,%s", l.round(),
        l.rows(), bytes(l.dbBytes()), bytes(l.memtableBytes()), csvNum(l.bytesPerRow(), 2),
        csvNum(l.writeBytesPerSec(), 0), bytes(l.writtenBytes()), csvNum(l.writtenBytesPerRow(), 2),
        bytes(l.hostWrittenBytes()), l.seconds(), csvNum(l.tps(), 3), csvNum(l.rowsPerSec(), 3),
        csvNum(l.cumulativeRowsPerSec(), 3), csvNum(l.queriesPerSec(), 3), l.spreadSeconds(), csvText(l.sizeSource()),
        csvText(meters.serverSource())), false);
  }

  private static String csvNum(double d, int decimals) {
    return Double.isNaN(d) ? "" : num(d, decimals);
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

  private static String bytes(long b) {
    return b < 0 ? "" : String.valueOf(b);
  }

  // a free-text column: quoted, as it may hold commas
  private static String csvText(String s) {
    return "\"" + s.replace("\"", "\"\"") + "\"";
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
