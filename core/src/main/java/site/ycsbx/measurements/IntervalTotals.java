package site.ycsbx.measurements;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Every interval's histograms added up per operation: the run's exact p50 and p99 for the
 * summary at its end (YCSB's export has no p50), whichever made the intervals.
 */
final class IntervalTotals implements IntervalSink {
  private final SortedMap<String, Histogram> totals = new TreeMap<>();
  /** Each interval's [seconds, operations], for {@link WarmupRamp}. */
  private final List<double[]> rates = new ArrayList<>();

  @Override
  public synchronized void accept(Interval interval) {
    interval.operations().forEach((op, h) -> totals.computeIfAbsent(op, k -> new Histogram(3)).add(h));
    // the workload's operations once: not their intended-start copies, nor batch round trips that re-time them
    long ops = interval.operations().entrySet().stream().filter(e -> ConsoleExport.operation(e.getKey())
        && !e.getKey().startsWith(Intervals.INTENDED_PREFIX) && !e.getKey().endsWith("_BATCH"))
        .mapToLong(e -> e.getValue().getTotalCount()).sum();
    rates.add(new double[] {interval.seconds(), ops});
  }

  /** Each interval so far as [seconds, operations], in order; a copy. */
  synchronized List<double[]> rates() {
    return new ArrayList<>(rates);
  }

  @Override
  public void rehearse(Interval sample) {
    new IntervalTotals().accept(sample); // its lambdas and streams bootstrap at their first call
  }

  /** Operation to its latencies over the run so far; a copy. */
  synchronized SortedMap<String, Histogram> totals() {
    SortedMap<String, Histogram> out = new TreeMap<>();
    totals.forEach((op, h) -> out.put(op, h.copy()));
    return Collections.unmodifiableSortedMap(out);
  }
}
