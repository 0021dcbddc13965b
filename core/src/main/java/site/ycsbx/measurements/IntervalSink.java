package site.ycsbx.measurements;

import java.io.IOException;

/** Where each finished {@link Interval} goes: the console line, a CSV file, the export rows. */
interface IntervalSink {
  void accept(Interval interval) throws IOException;

  /** After the run's last interval. */
  default void close() throws IOException {
  }
}
