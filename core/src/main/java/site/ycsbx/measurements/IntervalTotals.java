package site.ycsbx.measurements;

import java.util.Collections;
import java.util.SortedMap;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Every interval's histograms added up per operation: the run's exact p50 and p99 for the
 * summary at its end (YCSB's export has no p50), whichever made the intervals.
 */
final class IntervalTotals implements IntervalSink {
  private final SortedMap<String, Histogram> totals = new TreeMap<>();

  @Override
  public synchronized void accept(Interval interval) {
    interval.operations().forEach((op, h) -> totals.computeIfAbsent(op, k -> new Histogram(3)).add(h));
  }

  @Override
  public void rehearse(Interval sample) {
    new Histogram(3).add(sample.operations().values().iterator().next());
  }

  /** Operation to its latencies over the run so far; a copy. */
  synchronized SortedMap<String, Histogram> totals() {
    SortedMap<String, Histogram> out = new TreeMap<>();
    totals.forEach((op, h) -> out.put(op, h.copy()));
    return Collections.unmodifiableSortedMap(out);
  }
}
