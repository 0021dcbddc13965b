package site.ycsbx.workloads.iibench;

import org.junit.jupiter.api.Tag;
import site.ycsbx.measurements.DiskStats;
import site.ycsbx.store.SizeReport;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("fast")
class RoundsTest {
  private static final long S = 1_000_000_000L;

  @Test
  void roundEndsWhenEveryClientFinishedItsShareAndReportsTheSpread(@TempDir Path dir) throws Exception {
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    Path csv = dir.resolve("rounds.csv");
    // two clients of 1000 rows each, rounds of 1000 rows: each client's share of round 1 is 500
    Rounds r = new Rounds(new long[] {1000, 1000}, 1000, 100, WriteMeters.NONE, new PrintStream(text), csv);
    r.start(0);
    assertEquals(2, r.roundCount());
    assertTrue(r.onBatch(0, 500, 500, 2 * S, () -> new SizeReport(1000, 500, "t")).isEmpty());
    List<Rounds.Line> done = r.onBatch(1, 500, 500, 5 * S, () -> new SizeReport(1000, 500, "t"));
    assertEquals(1, done.size());
    Rounds.Line l = done.get(0);
    assertEquals(1, l.round());
    assertEquals(1100, l.rows(), "existing + inserted");
    assertEquals(1500, l.dbBytes());
    assertEquals(1500.0 / 1100, l.bytesPerRow(), 1e-9);
    assertEquals(5.0, l.seconds(), 1e-9);
    assertEquals(3.0, l.spreadSeconds(), 1e-9, "client 0 finished at 2 s, client 1 at 5 s");
    assertEquals(200.0, l.rowsPerSec(), 1e-9);
    assertEquals(0.4, l.tps(), 1e-9);
    assertTrue(Double.isNaN(l.writeBytesPerSec()), "no disks: n/a");
    // a failed transaction moves the quota on but inserts nothing
    r.onBatch(0, 500, 0, 6 * S, () -> SizeReport.UNKNOWN);
    Rounds.Line last = r.onBatch(1, 500, 500, 7 * S, () -> SizeReport.UNKNOWN).get(0);
    assertEquals(2, last.round());
    assertEquals(1600, last.rows());
    assertEquals(-1, last.dbBytes());
    assertTrue(r.finished());
    assertTrue(r.sizeQueryCost().startsWith("2 size queries took "), r.sizeQueryCost());
    String out = text.toString();
    assertTrue(out.startsWith("[IIBENCH] written_mb, write_mb_s, wr_b_row: not measured; host_wr_mb: not measured;"), out);
    assertTrue(out.contains("\n" + Rounds.TEXT_HEADER + "\n"), out);
    assertTrue(out.contains(" n/a "), out);
    List<String> lines = Files.readAllLines(csv);
    assertEquals(Rounds.CSV_HEADER, lines.get(0));
    assertEquals(3, lines.size());
    assertTrue(lines.get(1).equals("1,1100,1500,,1.36,,,,,5.000,0.400,200.000,200.000,0.000,3.000,\"t\",\"not measured\""), lines.get(1));
  }

  /**
   * Seen: an embedded load reported 3885 MB written in one round, another process's writes. The
   * server's own bytes are the per-row figure; the host's are printed apart, under their name.
   */
  @Test
  void writesPerRowComeFromTheServerProcessAndHostDisksAreApart(@TempDir Path dir) throws Exception {
    long[] server = {10_000};
    long[] host = {1_000_000};
    WriteMeters meters = new WriteMeters(() -> server[0], "server process pid 7 mariadbd", () -> host[0], "every process on this host, disks sda");
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    Path csv = dir.resolve("rounds.csv");
    Rounds r = new Rounds(new long[] {2000}, 1000, 0, meters, new PrintStream(text), csv);
    r.start(0);
    server[0] += 250_000; // the server wrote 250 B per row
    host[0] += 4_000_000_000L; // someone else wrote 4 GB to the same disk
    Rounds.Line l = r.onBatch(0, 1000, 1000, S, () -> new SizeReport(60_000, 40_000, 3_000_000, "sst")).get(0);
    assertEquals(250_000, l.writtenBytes());
    assertEquals(250.0, l.writtenBytesPerRow(), 1e-9);
    assertEquals(250_000.0, l.writeBytesPerSec(), 1e-9);
    assertEquals(4_000_000_000L, l.hostWrittenBytes());
    assertEquals(100_000, l.dbBytes(), "on storage only");
    assertEquals(3_000_000, l.memtableBytes(), "the memtable in its own column, not in db_size");
    assertEquals(100.0, l.bytesPerRow(), 1e-9);
    server[0] = -1; // the server process went away: n/a, not a negative figure
    Rounds.Line gone = r.onBatch(0, 1000, 1000, 2 * S, () -> new SizeReport(1, 1, "sst")).get(0);
    assertEquals(-1, gone.writtenBytes());
    assertTrue(Double.isNaN(gone.writtenBytesPerRow()));
    String out = text.toString();
    assertTrue(out.startsWith("[IIBENCH] written_mb, write_mb_s, wr_b_row: server process pid 7 mariadbd; host_wr_mb: every"
        + " process on this host, disks sda; db_size_mb: on storage (sst); mem_mb: unflushed memtables"), out);
    String row = out.lines().filter(x -> x.matches("\\[IIBENCH\\]\\s+1\\s.*")).findFirst().orElseThrow();
    assertEquals(List.of("[IIBENCH]", "1", "1000", "0.1", "2.9", "100.0", "0.24", "0.2", "250.0", "3814.7"),
        List.of(row.trim().split("\\s+")).subList(0, 10), row);
    assertEquals("1,1000,100000,3000000,100.00,250000,250000,250.00,4000000000,1.000,1.000,1000.000,1000.000,0.000,0.000,"
        + "\"sst\",\"server process pid 7 mariadbd\"", Files.readAllLines(csv).get(1));
  }

  /** Seen after a server crash: dozens of empty rounds printed as the failing clients ran out their quotas. */
  @Test
  void roundsAdvanceOnStoredRowsAndACrashIsOneLine() {
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    // one client, 10 rounds of 100 rows; the server dies after 200 rows
    Rounds r = new Rounds(new long[] {1000}, 100, 0, WriteMeters.NONE, new PrintStream(text), null);
    r.start(0);
    assertEquals(List.of(1), r.onBatch(0, 100, 100, S, () -> SizeReport.UNKNOWN).stream().map(Rounds.Line::round).toList());
    assertEquals(List.of(2), r.onBatch(0, 100, 100, 2 * S, () -> SizeReport.UNKNOWN).stream().map(Rounds.Line::round).toList());
    for (int i = 0; i < 7; i++) {
      assertTrue(r.onBatch(0, 100, 0, (3 + i) * S, () -> SizeReport.UNKNOWN).isEmpty(), "failed batches pass no round");
    }
    List<Rounds.Line> end = r.onBatch(0, 100, 0, 10 * S, () -> SizeReport.UNKNOWN);
    assertEquals(1, end.size(), "the quota is attempted: one last line, not eight empty ones");
    assertEquals(10, end.get(0).round());
    assertEquals(200, end.get(0).rows());
    assertEquals(0.0, end.get(0).rowsPerSec(), 1e-9);
    assertEquals(8.0, end.get(0).seconds(), 1e-9, "the silent rounds' time goes to the last line");
    assertTrue(r.finished());
    assertEquals(5, text.toString().split("\n").length, "legend, header and three lines:\n" + text);
  }

  /**
   * A run stopped before its first round ended (maxexecutiontime): its rows took the time to their
   * last stored batch, not 0 s (seen: "inserted 15300 rows in 0.0 s (15300000000000.0 rows/s)").
   */
  @Test
  void aRunStoppedMidRoundTakesTheTimeToItsLastStoredBatch() {
    Rounds r = new Rounds(new long[] {100_000}, 50_000, 0, WriteMeters.NONE,
        new PrintStream(new ByteArrayOutputStream()), null);
    r.start(0);
    for (int i = 1; i <= 15; i++) {
      assertTrue(r.onBatch(0, 1000, 1000, i * S / 3, () -> SizeReport.UNKNOWN).isEmpty());
    }
    r.onBatch(0, 1000, 0, 6 * S, () -> SizeReport.UNKNOWN); // a failed batch: its time is not the rows'
    assertEquals(15_000, r.insertedRows());
    assertEquals(0.0, r.elapsedSeconds(), 1e-9, "no round ended");
    assertEquals(5.0, r.insertingSeconds(), 1e-9, "15 batches, the last stored at 5 s");
    // every round ended: the same as the last round's end
    Rounds done = new Rounds(new long[] {2000}, 1000, 0, WriteMeters.NONE, new PrintStream(new ByteArrayOutputStream()),
        null);
    done.start(0);
    done.onBatch(0, 1000, 1000, 2 * S, () -> SizeReport.UNKNOWN);
    done.onBatch(0, 1000, 1000, 5 * S, () -> SizeReport.UNKNOWN);
    assertEquals(5.0, done.insertingSeconds(), 1e-9);
    assertEquals(done.elapsedSeconds(), done.insertingSeconds(), 1e-9);
  }

  @Test
  void queriesAndTheCumulativeRateAreInTheRoundLine() {
    Rounds r = new Rounds(new long[] {2000}, 1000, 0, WriteMeters.NONE, new PrintStream(new ByteArrayOutputStream()), null);
    r.start(0);
    r.onBatch(0, 1000, 1000, 2 * S, () -> SizeReport.UNKNOWN);
    for (int i = 0; i < 30; i++) {
      r.onQuery();
    }
    Rounds.Line l = r.onBatch(0, 1000, 1000, 5 * S, () -> SizeReport.UNKNOWN).get(0);
    assertEquals(10.0, l.queriesPerSec(), 1e-9, "30 queries in the round's 3 s");
    assertEquals(400.0, l.cumulativeRowsPerSec(), 1e-9, "2000 rows in 5 s");
    assertEquals(1000.0 / 3, l.rowsPerSec(), 1e-9);
  }

  @Test
  void anAppendedRunContinuesTheRoundNumbersOfItsCsv(@TempDir Path dir) throws Exception {
    Path csv = dir.resolve("r.csv");
    for (int run = 0; run < 2; run++) {
      Rounds r = new Rounds(new long[] {300}, 100, run * 300L, WriteMeters.NONE, new PrintStream(new ByteArrayOutputStream()), csv);
      r.start(0);
      r.onBatch(0, 300, 300, S, () -> SizeReport.UNKNOWN);
    }
    List<String> lines = Files.readAllLines(csv);
    assertEquals(7, lines.size(), lines.toString());
    assertEquals(List.of("1", "2", "3", "4", "5", "6"), lines.subList(1, 7).stream().map(l -> l.split(",")[0]).toList());
    assertTrue(lines.get(6).startsWith("6,600,"), lines.get(6));
  }

  @Test
  void aRoundFileWithOtherColumnsIsRefused(@TempDir Path dir) throws Exception {
    Path csv = dir.resolve("old.csv");
    Files.writeString(csv, "round,rows,db_size_bytes\n1,100,5\n");
    site.ycsbx.util.UserError e = org.junit.jupiter.api.Assertions.assertThrows(site.ycsbx.util.UserError.class,
        () -> Rounds.checkCsv("iibench.roundfile", csv));
    assertTrue(e.getMessage().startsWith("iibench.roundfile=" + csv + " holds rows with other columns"), e.getMessage());
    Rounds.checkCsv("iibench.roundfile", dir.resolve("new.csv"));
  }

  @Test
  void aClientThatRunsAheadCrossesSeveralRoundsInOneBatch() {
    Rounds r = new Rounds(new long[] {3000, 1000}, 1000, 0, WriteMeters.NONE, new PrintStream(new ByteArrayOutputStream()), null);
    r.start(0);
    assertTrue(r.onBatch(0, 3000, 3000, S, () -> SizeReport.UNKNOWN).isEmpty());
    List<Rounds.Line> done = r.onBatch(1, 1000, 1000, 2 * S, () -> SizeReport.UNKNOWN);
    assertEquals(List.of(1, 2, 3, 4), done.stream().map(Rounds.Line::round).toList());
    assertTrue(r.finished());
  }

  @Test
  void zeroRowsIsOneEmptyRound() {
    Rounds r = new Rounds(new long[] {0, 0}, 10, 5, WriteMeters.NONE, new PrintStream(new ByteArrayOutputStream()), null);
    r.onBatch(0, 0, 0, S, () -> SizeReport.UNKNOWN);
    assertEquals(1, r.onBatch(1, 0, 0, S, () -> SizeReport.UNKNOWN).size());
    assertTrue(r.finished());
  }

  @Test
  void roundCountsPastAnIntAreRefusedNotWrapped() {
    // 3 billion rows in rounds of 1 wrapped to a negative round count (the run printed no round)
    assertEquals(3_000_000_000L, Rounds.rounds(3_000_000_000L, 1));
    assertEquals(1, Rounds.rounds(10, Long.MAX_VALUE), "rows + roundRows - 1 overflowed");
    assertEquals(2, Rounds.rounds(1001, 1000));
    Rounds r = new Rounds(new long[] {3_000_000_000L}, 1, 0, WriteMeters.NONE, new PrintStream(new ByteArrayOutputStream()),
        null);
    assertThrows(ArithmeticException.class, r::roundCount);
    java.util.Properties p = new java.util.Properties();
    p.setProperty("iibench.rows", "3000000000");
    p.setProperty("recordcount", "2147483647");
    p.setProperty("dotransactions", "false");
    p.setProperty("iibench.roundrows", "1");
    site.ycsbx.util.UserError e = assertThrows(site.ycsbx.util.UserError.class, () -> new IIBenchSettings(p));
    assertEquals("iibench.roundrows=1 cuts 3000000000 rows into 3000000000 rounds, more than the 2147483647 a run"
        + " numbers; iibench.roundrows accepts at least 2 for these rows", e.getMessage());
    p.setProperty("iibench.roundrows", "2");
    assertEquals(1_500_000_000L, Rounds.rounds(new IIBenchSettings(p).rows(), 2));
  }
}
