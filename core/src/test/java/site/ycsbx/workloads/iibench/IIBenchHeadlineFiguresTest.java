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
    return new Rounds.Line(4, 200000, dbBytes, memtableBytes, dbBytes / 200000.0, 1e6, 20L << 20, 104.9, 0, 1.0, 60,
        60000, 64000, 0, 0, "test");
  }

  @Test
  void aLoadOnStorageGivesItsSizeAndBytesPerRow() {
    Map<String, Double> f = IIBenchFigures.headline(200000, 3.125, line(40L << 20, 0));
    assertEquals(64000, f.get("rows_s"), 1e-9);
    assertEquals(40.0, f.get("db_size_mb"), 1e-9);
    assertEquals((40L << 20) / 200000.0, f.get("bytes_row"), 1e-9);
    assertFalse(f.containsKey("mem_mb"), f.toString());
    assertEquals(20.0, f.get("written_mb"), 1e-9);
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

  @Test
  void eachRoundGivesTheSecondsAndWritesSinceTheStartAsThe2014TablesDo() {
    Rounds.Line r1 = new Rounds.Line(1, 100000, 20L << 20, 0, 209.7, 1e6, 10L << 20, 104.9, 0, 2.0, 50, 50000, 50000, 0, 0,
        "test");
    Rounds.Line r2 = new Rounds.Line(2, 200000, 0, 60L << 20, 0, 1e6, 30L << 20, 314.6, 0, 3.0, 33, 33333, 40000, 5, 0,
        "test");
    java.util.List<Map<String, Double>> rounds = IIBenchFigures.rounds(java.util.List.of(r1, r2));
    assertEquals(2, rounds.size());
    assertEquals(100000.0, rounds.get(0).get("rows"));
    assertEquals(20.0, rounds.get(0).get("db_size_mb"), 1e-9);
    assertEquals(2.0, rounds.get(1).get("round"));
    assertEquals(5.0, rounds.get(1).get("test_secs"), 1e-9, "the rounds' seconds added");
    assertEquals(40.0, rounds.get(1).get("written_mb"), 1e-9, "the rounds' writes added");
    assertEquals(8.0, rounds.get(1).get("write_mb_s"), 1e-9);
    assertEquals(40000.0, rounds.get(1).get("cum_rows_s"), 1e-9);
    assertFalse(rounds.get(1).containsKey("db_size_mb"), "in memtables: not measured, not 0");
    // a round whose writes are not known: no total from it on
    Rounds.Line unknown = new Rounds.Line(3, 300000, 30L << 20, 0, 104.9, Double.NaN, -1, Double.NaN, 0, 1.0, 10,
        10000, 30000, 0, 0, "test");
    java.util.List<Map<String, Double>> more = IIBenchFigures.rounds(java.util.List.of(r1, unknown));
    assertFalse(more.get(1).containsKey("written_mb"), more.toString());
  }
}
