package site.ycsbx.workloads.iibench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.store.SizeReport;

/**
 * The experiment's insert-benchmark load (25000 rows in rounds of 6250, transactions of 1000 rows)
 * at 1, 3 and 10 clients, each batch's end at a chosen time; every round's figures worked out by
 * hand: the round's own seconds, rows/s and writes (the 2014 post's "during the test round"),
 * the same since the start under cum_ names, the clients' end spread, and the planned size of
 * the round beside the rows at its end (which with several clients, or rows there before, is past
 * it). The server writes 100 bytes per row stored, the host's disks 300.
 */
@Tag("fast")
class RoundsByClientsTest {
  private static final long MS = 1_000_000L;
  private static final double MB = 1048576.0;

  private record Batch(int client, int rows, long ms) {
  }

  private final long[] server = {0};
  private final long[] host = {0};
  private final ByteArrayOutputStream text = new ByteArrayOutputStream();
  // bytes the server writes while a round's size is read (a background flush), in none of the batches' time
  private long sizeQueryBytes;

  private Rounds rounds(long[] quotas, long existing) {
    WriteMeters meters = new WriteMeters(() -> server[0], "server process pid 7 test", () -> host[0], "disks test");
    Rounds r = new Rounds(quotas, 6250, existing, meters, new PrintStream(text, true, StandardCharsets.UTF_8), null);
    r.start(0);
    return r;
  }

  // the batches in the order of their ends, the meters moved by each batch's rows before the round reads them
  private List<Rounds.Line> feed(Rounds r, List<Batch> batches) {
    List<Batch> sorted = new ArrayList<>(batches);
    sorted.sort(Comparator.comparingLong(Batch::ms).thenComparingInt(Batch::client));
    List<Rounds.Line> out = new ArrayList<>();
    for (Batch b : sorted) {
      server[0] += 100L * b.rows();
      host[0] += 300L * b.rows();
      out.addAll(r.onBatch(b.client(), b.rows(), b.rows(), b.ms() * MS, () -> {
        server[0] += sizeQueryBytes;
        return new SizeReport(1000, 1000, "test");
      }));
    }
    assertTrue(r.finished());
    return out;
  }

  private void check(Rounds.Line l, long planned, long loadRows, long rows, double secs, double rowsS,
      double cumSecs, double spread) {
    String at = "round " + l.round();
    assertEquals(planned, l.plannedRows(), at);
    assertEquals(loadRows, l.loadRows(), at);
    assertEquals(rows, l.rows(), at);
    assertEquals(secs, l.seconds(), 1e-9, at);
    assertEquals(rowsS, l.rowsPerSec(), 1e-6, at);
    assertEquals(cumSecs, l.cumulativeSeconds(), 1e-9, at);
    assertEquals(loadRows / cumSecs, l.cumulativeRowsPerSec(), 1e-6, at);
    assertEquals(spread, l.spreadSeconds(), 1e-9, at);
    assertEquals(100 * loadRows + sizeQueryBytes * l.round(), l.cumulativeWrittenBytes(), at);
    assertEquals(300 * loadRows, l.cumulativeHostWrittenBytes(), at);
  }

  /**
   * One client, 50 rows in the table before: rounds end at 7000, 13000, 19000, 25000 rows of the
   * load (its transactions of 1000 pass 6250 at 7000), at 0.7, 1.9, 2.2 and 2.5 s.
   */
  @Test
  void oneClient() {
    Rounds r = rounds(new long[] {25000}, 50);
    List<Batch> batches = new ArrayList<>();
    for (int i = 1; i <= 25; i++) {
      long ms = i <= 7 ? 100L * i : i <= 13 ? 700 + 200L * (i - 7) : 1900 + 50L * (i - 13);
      batches.add(new Batch(0, 1000, ms));
    }
    List<Rounds.Line> l = feed(r, batches);
    assertEquals(4, l.size());
    check(l.get(0), 6250, 7000, 7050, 0.7, 10000, 0.7, 0);
    check(l.get(1), 12500, 13000, 13050, 1.2, 5000, 1.9, 0);
    check(l.get(2), 18750, 19000, 19050, 0.3, 20000, 2.2, 0);
    check(l.get(3), 25000, 25000, 25050, 0.3, 20000, 2.5, 0);
    assertEquals(600_000, l.get(1).writtenBytes(), "the round's 6000 rows x 100 B");
    assertEquals(500_000, l.get(1).writeBytesPerSec(), 1e-6);
    assertEquals(1_800_000, l.get(1).hostWrittenBytes());
    assertEquals(5.0, l.get(1).tps(), 1e-9, "6 transactions in 1.2 s");

    Map<String, Double> round2 = IIBenchFigures.rounds(l).get(1);
    assertEquals(1.2, round2.get("test_secs"), 1e-9);
    assertEquals(5000, round2.get("rows_s"), 1e-6);
    assertEquals(600_000 / MB, round2.get("written_mb"), 1e-12);
    assertEquals(600_000 / MB / 1.2, round2.get("write_mb_s"), 1e-12);
    assertEquals(1_800_000 / MB, round2.get("host_wr_mb"), 1e-12);
    assertEquals(1_800_000 / MB / 1.2, round2.get("host_wr_mb_s"), 1e-12);
    assertEquals(1.9, round2.get("cum_test_secs"), 1e-9);
    assertEquals(13000 / 1.9, round2.get("cum_rows_s"), 1e-6);
    assertEquals(1_300_000 / MB, round2.get("cum_written_mb"), 1e-12);
    assertEquals(1_300_000 / MB / 1.9, round2.get("cum_write_mb_s"), 1e-12);
    assertEquals(3_900_000 / MB, round2.get("cum_host_wr_mb"), 1e-12);
    assertEquals(12500, round2.get("planned_rows"));
    assertEquals(13000, round2.get("load_rows"));
    assertEquals(13050, round2.get("rows"));
    // the console's line says the same round figures
    String line = text.toString().lines().filter(x -> x.matches("\\[IIBENCH\\] +2 .*")).findFirst().orElseThrow();
    List<String> cols = List.of(line.trim().split("\\s+"));
    List<String> head = List.of(Rounds.TEXT_HEADER.trim().split("\\s+"));
    assertEquals("1.200", cols.get(head.indexOf("secs")));
    assertEquals("5000.0", cols.get(head.indexOf("rows_s")));
    assertEquals("6842.1", cols.get(head.indexOf("cum_rows_s")));
    assertEquals("0.6", cols.get(head.indexOf("written_mb")));
  }

  /**
   * Three clients of 8334, 8333 and 8333 rows: each client's share of round 1 is 2084 rows
   * (passed with its 3rd transaction), of round 2 4167 (5th), of round 3 6251 or 6250 (7th);
   * clients 0 and 1 end a transaction every 100 ms (client 1 10 ms later), client 2 every 150 ms,
   * so each round ends with client 2: at 450, 750, 1050, 1350 ms, and the others have gone on.
   */
  @Test
  void threeClients() {
    Rounds r = rounds(new long[] {8334, 8333, 8333}, 0);
    List<Batch> batches = new ArrayList<>();
    for (int c = 0; c < 3; c++) {
      for (int j = 1; j <= 9; j++) {
        batches.add(new Batch(c, j < 9 ? 1000 : c == 0 ? 334 : 333, c == 2 ? 150L * j : 100L * j + 10 * c));
      }
    }
    List<Rounds.Line> l = feed(r, batches);
    assertEquals(4, l.size());
    // round 1 at 450 ms: clients 0 and 1 have stored 4000 each, client 2 3000; client 0 passed its share at 300 ms
    check(l.get(0), 6250, 11000, 11000, 0.45, 11000 / 0.45, 0.45, 0.15);
    check(l.get(1), 12500, 19000, 19000, 0.3, 8000 / 0.3, 0.75, 0.25);
    check(l.get(2), 18750, 23667, 23667, 0.3, 4667 / 0.3, 1.05, 0.35);
    check(l.get(3), 25000, 25000, 25000, 0.3, 1333 / 0.3, 1.35, 0.45);
    Map<String, Double> round3 = IIBenchFigures.rounds(l).get(2);
    assertEquals(0.3, round3.get("test_secs"), 1e-9);
    assertEquals(4667 / 0.3, round3.get("rows_s"), 1e-6);
    assertEquals(0.35, round3.get("spread_s"), 1e-9);
    assertEquals(1.05, round3.get("cum_test_secs"), 1e-9);
    assertEquals(466_700 / MB, round3.get("written_mb"), 1e-12);
  }

  /**
   * Ten clients of 2500 rows: shares of 625, 1250, 1875 and 2500 rows, passed with transactions of
   * 1000, 2000, 2000 and 500 rows; client c ends its j-th at j s + c x 100 ms. Rounds 2 and 3 end
   * with the same transaction of client 9: round 3 took no time, and has no rates (not 0 rows/s).
   */
  @Test
  void tenClientsWhoseTransactionsPassTwoRoundsAtOnce() {
    long[] quotas = new long[10];
    java.util.Arrays.fill(quotas, 2500);
    Rounds r = rounds(quotas, 0);
    sizeQueryBytes = 1000;
    List<Batch> batches = new ArrayList<>();
    for (int c = 0; c < 10; c++) {
      for (int j = 1; j <= 3; j++) {
        batches.add(new Batch(c, j < 3 ? 1000 : 500, 1000L * j + 100L * c));
      }
    }
    List<Rounds.Line> l = feed(r, batches);
    assertEquals(4, l.size());
    check(l.get(0), 6250, 10000, 10000, 1.9, 10000 / 1.9, 1.9, 0.9);
    check(l.get(1), 12500, 20000, 20000, 1.0, 10000, 2.9, 0.9);
    Rounds.Line same = l.get(2);
    assertEquals(18750, same.plannedRows());
    assertEquals(20000, same.loadRows());
    assertEquals(0.0, same.seconds());
    assertTrue(Double.isNaN(same.rowsPerSec()), "no time: no rate");
    assertTrue(Double.isNaN(same.tps()));
    assertTrue(Double.isNaN(same.writeBytesPerSec()));
    assertEquals(-1, same.writtenBytes(), "no time of its own: no writes of its own");
    assertEquals(-1, same.hostWrittenBytes());
    assertEquals(2_003_000, same.cumulativeWrittenBytes(), "3 size queries so far");
    assertEquals(0.9, same.spreadSeconds(), 1e-9);
    check(l.get(3), 25000, 25000, 25000, 1.0, 5000, 3.9, 0.9);
    // round 4's writes: its 5000 rows, its size query and round 3's, which had no time of its own
    assertEquals(502_000, l.get(3).writtenBytes());
    assertEquals(1_001_000, l.get(1).writtenBytes(), "round 2: its 10000 rows and its size query");
    assertEquals(l.get(3).cumulativeWrittenBytes(), l.get(0).writtenBytes() + l.get(1).writtenBytes()
        + l.get(3).writtenBytes(), "the rounds' writes add up to the load's");
    Map<String, Double> export = IIBenchFigures.rounds(l).get(2);
    assertFalse(export.containsKey("rows_s"), export.toString());
    assertFalse(export.containsKey("write_mb_s"), export.toString());
    assertFalse(export.containsKey("written_mb"), export.toString());
    assertFalse(export.containsKey("host_wr_mb"), export.toString());
    assertEquals(2_003_000 / 1048576.0, export.get("cum_written_mb"), 1e-12);
    assertEquals(0.0, export.get("test_secs"));
    assertEquals(2.9, export.get("cum_test_secs"), 1e-9);
    String out = text.toString();
    String line = out.lines().filter(x -> x.matches("\\[IIBENCH\\] +3 .*")).findFirst().orElseThrow();
    assertTrue(line.matches(".* 0\\.000 +n/a +n/a +6896\\.6 +n/a +0\\.900"), line);
    assertEquals(1, out.lines().filter(x -> x.startsWith("[IIBENCH] round 3 ended in the same instant as round 2"))
        .count(), out);
  }

  /** A client stopped (its time limit) before its share of round 2: the rounds it did not end are not printed. */
  @Test
  void aLoadStoppedBeforeARoundHasNoLineForIt() {
    Rounds r = rounds(new long[] {12500, 12500}, 0);
    List<Rounds.Line> l = new ArrayList<>();
    for (int j = 1; j <= 4; j++) {
      l.addAll(r.onBatch(0, 1000, 1000, j * 100 * MS, () -> SizeReport.UNKNOWN));
      l.addAll(r.onBatch(1, 1000, 1000, (j * 100 + 50) * MS, () -> SizeReport.UNKNOWN));
    }
    l.addAll(r.onBatch(0, 1000, 1000, 500 * MS, () -> SizeReport.UNKNOWN));
    // client 1's share of round 1 (3125) ended at its 4th transaction; of round 2 (6250) never
    assertEquals(1, l.size());
    assertEquals(6250, l.get(0).plannedRows());
    assertEquals(8000, l.get(0).loadRows());
    assertEquals(8000 / 0.45, l.get(0).rowsPerSec(), 1e-6);
    assertFalse(r.finished());
    assertEquals(9000, r.insertedRows());
  }
}
