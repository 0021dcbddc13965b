package site.ycsbx.workloads.filemeta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsb.Status;

/**
 * The file-metadata post's reads/s and writes/s apart, and the readers' p99 before, during and
 * after a writer window, from operations placed by hand on a 10 s run.
 */
@Tag("fast")
class ReadWriteFiguresTest {
  private static final long S = 1_000_000_000L;
  private static final long T0 = 1_000 * S;

  private static WriterWindow window(int start, int seconds) {
    Properties p = new Properties();
    p.setProperty(WriterWindow.START, String.valueOf(start));
    p.setProperty(WriterWindow.SECONDS, String.valueOf(seconds));
    p.setProperty("maxexecutiontime", "10");
    return WriterWindow.read(p, false, 1);
  }

  // a read starting at second `at` that took `ms` milliseconds
  private static void read(ReadWriteFigures f, double at, long ms) {
    long from = T0 + (long) (at * S);
    f.record(FileMetaWorkload.LATEST_BY_USER, Status.OK, from, from + ms * 1_000_000);
  }

  /**
   * A 10 s run, the writer on from 2 s for 3 s: 100 reads of 1 ms before (0-2 s), 100 of 1 ms and
   * 2 of 50 ms during (2-5 s), 100 of 2 ms after (5-10 s, the last ending at 10 s); 30 writes, one
   * failed read and one failed write that count nowhere.
   */
  @Test
  void readsAndWritesApartAndTheReadersAroundTheWriter() {
    ReadWriteFigures f = new ReadWriteFigures(window(2, 3));
    f.start(T0);
    for (int i = 0; i < 100; i++) {
      read(f, i * 0.019, 1);
      read(f, 2 + i * 0.029, 1);
      read(f, 5 + i * 0.049, 2);
    }
    read(f, 3, 50);
    read(f, 4, 50);
    for (int i = 0; i < 30; i++) {
      long at = T0 + 2 * S + i * 90_000_000L;
      f.record(FileMetaWorkload.INSERT_FILE, Status.OK, at, at + 5_000_000);
    }
    f.record(FileMetaWorkload.UPDATE_FILE, Status.ERROR, T0 + 3 * S, T0 + 3 * S + 1);
    f.record(FileMetaWorkload.COUNT_DELETED, Status.ERROR, T0 + 6 * S, T0 + 6 * S + 1);
    f.record(FileMetaWorkload.LATEST_BY_USER, Status.OK, T0 + 9 * S, T0 + 10 * S); // the last: 1 s, after
    Map<String, Double> out = f.figures();
    assertEquals(List.of("reads_s", "writes_s", "reads_s_before", "read_p99_ms_before", "reads_s_during",
        "read_p99_ms_during", "reads_s_after", "read_p99_ms_after"), List.copyOf(out.keySet()));
    assertEquals(303 / 10.0, out.get("reads_s"), 1e-9);
    assertEquals(3.0, out.get("writes_s"), 1e-9);
    assertEquals(100 / 2.0, out.get("reads_s_before"), 1e-9);
    assertEquals(102 / 3.0, out.get("reads_s_during"), 1e-9);
    assertEquals(101 / 5.0, out.get("reads_s_after"), 1e-9);
    // p99 of 100 reads of 1 ms: 1 ms (HdrHistogram's 3 digits); of 102 with two of 50 ms: 50 ms
    assertEquals(1.0, out.get("read_p99_ms_before"), 0.001);
    assertEquals(50.0, out.get("read_p99_ms_during"), 0.05);
    assertEquals(2.0, out.get("read_p99_ms_after"), 0.002);
    // asked again (an interrupted run's export, then the summary's): the same figures
    assertEquals(out, f.figures());
  }

  /** A writer on to the end has no "after"; a run without a window only reads/s and writes/s. */
  @Test
  void noAfterWhenTheWriterRunsToTheEndNoWindowFiguresWithoutOne() {
    ReadWriteFigures toEnd = new ReadWriteFigures(window(4, 0));
    toEnd.start(T0);
    read(toEnd, 1, 1);
    read(toEnd, 7, 1);
    Map<String, Double> out = toEnd.figures();
    assertFalse(out.containsKey("reads_s_after") || out.containsKey("read_p99_ms_after"), out.toString());
    assertEquals(1 / 4.0, out.get("reads_s_before"), 1e-9);
    ReadWriteFigures plain = new ReadWriteFigures(null);
    plain.start(T0);
    read(plain, 1, 1);
    assertEquals(List.of("reads_s", "writes_s"), List.copyOf(plain.figures().keySet()));
    assertEquals(Map.of(), new ReadWriteFigures(null).figures());
  }
}
