package site.ycsbx.workloads.iibench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The [HEADLINE] figures of an iibench load: a size on storage only where it is the table's size. */
@Tag("fast")
class IIBenchHeadlineFiguresTest {
  private static Rounds.Line line(long dbBytes, long memtableBytes) {
    return new Rounds.Line(4, 200000, 200000, 200000, dbBytes, memtableBytes, dbBytes / 200000.0, 1e6, 20L << 20, 104.9,
        0, 1.0, 60, 60000, 0, 0, 3.125, 64000, 80L << 20, 0, "test");
  }

  @Test
  void aLoadOnStorageGivesItsSizeAndBytesPerRow() {
    Map<String, Double> f = IIBenchFigures.headline(200000, 3.125, line(40L << 20, 0));
    assertEquals(64000, f.get("rows_s"), 1e-9);
    assertEquals(40.0, f.get("db_size_mb"), 1e-9);
    assertEquals((40L << 20) / 200000.0, f.get("bytes_row"), 1e-9);
    assertFalse(f.containsKey("mem_mb"), f.toString());
    // the load's writes to its last round's end (80 MB for 200000 rows), not the last round's 20 MB
    assertEquals(80.0, f.get("cum_written_mb"), 1e-9);
    assertEquals((80L << 20) / 200000.0, f.get("cum_wr_b_row"), 1e-9);
    assertFalse(f.containsKey("written_mb"), "a round's figure; the load's is cum_written_mb");
  }

  @Test
  void aSizeWithMostOfTheDataInMemtablesIsLeftOutNotGivenAsZero() {
    // MyRocks after a short load: 0 bytes of SST files, 60 MB in memtables
    Map<String, Double> f = IIBenchFigures.headline(200000, 3.125, line(0, 60L << 20));
    assertFalse(f.containsKey("db_size_mb"), f.toString());
    assertFalse(f.containsKey("bytes_row"), f.toString());
    assertEquals(60.0, f.get("mem_mb"), 1e-9);
    // a little still in memory beside much on storage: the size stands, the memtables beside it
    Map<String, Double> mostly = IIBenchFigures.headline(200000, 3.125, line(100L << 20, 5L << 20));
    assertEquals(100.0, mostly.get("db_size_mb"), 1e-9);
    assertTrue(mostly.containsKey("mem_mb"));
  }

  /**
   * The 2014 post's legend: Write-rate, Bytes-written, Test-secs and TPS "during the test round".
   * Each round's figures are its own; those since the load's start carry cum_ in their names.
   */
  @Test
  void eachRoundGivesItsOwnFiguresAndThoseSinceTheStartUnderCumNames() {
    Rounds.Line r1 = new Rounds.Line(1, 100000, 100000, 100000, 20L << 20, 0, 209.7, 5L << 20, 10L << 20, 104.9,
        30L << 20, 2.0, 50, 50000, 0, 0.5, 2.0, 50000, 10L << 20, 30L << 20, "test");
    Rounds.Line r2 = new Rounds.Line(2, 200000, 200000, 200000, 0, 60L << 20, 0, 10L << 20, 30L << 20, 314.6, -1, 3.0,
        33, 33333, 5, 1.5, 5.0, 40000, 40L << 20, -1, "test");
    java.util.List<Map<String, Double>> rounds = IIBenchFigures.rounds(java.util.List.of(r1, r2));
    assertEquals(2, rounds.size());
    assertEquals(100000.0, rounds.get(0).get("rows"));
    assertEquals(20.0, rounds.get(0).get("db_size_mb"), 1e-9);
    Map<String, Double> two = rounds.get(1);
    assertEquals(2.0, two.get("round"));
    assertEquals(200000.0, two.get("planned_rows"));
    assertEquals(3.0, two.get("test_secs"), 1e-9, "the round's seconds");
    assertEquals(33333.0, two.get("rows_s"), 1e-9, "the round's rows/s");
    assertEquals(30.0, two.get("written_mb"), 1e-9, "the round's writes");
    assertEquals(10.0, two.get("write_mb_s"), 1e-9);
    assertEquals(1.5, two.get("spread_s"), 1e-9);
    assertEquals(5.0, two.get("cum_test_secs"), 1e-9);
    assertEquals(40000.0, two.get("cum_rows_s"), 1e-9);
    assertEquals(40.0, two.get("cum_written_mb"), 1e-9);
    assertEquals(8.0, two.get("cum_write_mb_s"), 1e-9);
    assertEquals(30.0, rounds.get(0).get("host_wr_mb"), 1e-9);
    assertEquals(15.0, rounds.get(0).get("host_wr_mb_s"), 1e-9);
    assertFalse(two.containsKey("host_wr_mb"), "not known: left out, not 0");
    assertFalse(two.containsKey("cum_host_wr_mb"), two.toString());
    assertFalse(two.containsKey("db_size_mb"), "in memtables: not measured, not 0");
    assertFalse(two.containsKey("round_secs"), "one name per figure");
  }
}
