package site.ycsbx.measurements;

import java.io.IOException;

/** Where each finished {@link Interval} goes: the console line, a CSV file, the export rows. */
interface IntervalSink {
  /** Interval 0 starts now (the run's first measured operation). */
  default void start() {
  }

  void accept(Interval interval) throws IOException;

  /**
   * Does the work of {@link #accept} on {@code sample} and keeps and writes nothing: run before
   * the first operation, it loads the classes that work needs (the JDK's number formatting, a
   * log's compression) before the client's hot path is compiled; see {@link Intervals#rehearse}.
   */
  void rehearse(Interval sample);

  /** After the run's last interval. */
  default void close() throws IOException {
  }
}
