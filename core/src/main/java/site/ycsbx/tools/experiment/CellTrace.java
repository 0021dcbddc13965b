package site.ycsbx.tools.experiment;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import site.ycsbx.results.RunFolder;

/**
 * One cell's interval logs as its time charts read them: per interval its end (seconds from the
 * first interval's start) and length, and per operation its calls and p99 (µs) in it. Every log of
 * a run has the same interval boundaries: intervals are matched by their start.
 */
record CellTrace(double[] ends, double[] secs, Map<String, double[]> calls, Map<String, double[]> p99us) {
  static final CellTrace EMPTY = new CellTrace(new double[0], new double[0], Map.of(), Map.of());

  static CellTrace read(Path runFolder) {
    RunFolder rf = RunFolder.read(runFolder);
    TreeMap<Long, Long> bounds = new TreeMap<>();
    Map<String, Map<Long, double[]>> perOp = new LinkedHashMap<>();
    for (String op : rf.operationNames()) {
      Map<Long, double[]> byStart = new TreeMap<>();
      rf.forEachInterval(op, in -> {
        bounds.merge(in.startMs(), in.endMs(), Math::max);
        long n = in.histogram().getTotalCount();
        byStart.put(in.startMs(), new double[] {n, n > 0 ? in.histogram().getValueAtPercentile(99) : Double.NaN});
      });
      perOp.put(op, byStart);
    }
    if (bounds.isEmpty()) {
      return EMPTY;
    }
    long origin = bounds.firstKey();
    List<Long> starts = new ArrayList<>(bounds.keySet());
    double[] ends = new double[starts.size()];
    double[] secs = new double[starts.size()];
    for (int i = 0; i < ends.length; i++) {
      long start = starts.get(i);
      ends[i] = (bounds.get(start) - origin) / 1000.0;
      secs[i] = (bounds.get(start) - start) / 1000.0;
    }
    Map<String, double[]> calls = new LinkedHashMap<>();
    Map<String, double[]> p99 = new LinkedHashMap<>();
    perOp.forEach((op, byStart) -> {
      double[] c = new double[ends.length];
      double[] p = new double[ends.length];
      for (int i = 0; i < ends.length; i++) {
        double[] v = byStart.get(starts.get(i));
        c[i] = v == null ? 0 : v[0];
        p[i] = v == null ? Double.NaN : v[1];
      }
      calls.put(op, c);
      p99.put(op, p);
    });
    return joinShortLast(new CellTrace(ends, secs, calls, p99));
  }

  /**
   * The run's end cuts its last interval short: one of less than half the others' length is joined
   * to the one before (calls added, the higher p99), so that a few calls over a fraction of a second
   * do not draw a spike (seen: 60000 rows/s from 0.4 s at the end of a 20000 rows/s load).
   */
  static CellTrace joinShortLast(CellTrace t) {
    int n = t.ends.length;
    if (n < 2 || t.secs[n - 1] >= 0.5 * t.secs[n - 2]) {
      return t;
    }
    double[] ends = java.util.Arrays.copyOf(t.ends, n - 1);
    double[] secs = java.util.Arrays.copyOf(t.secs, n - 1);
    ends[n - 2] = t.ends[n - 1];
    secs[n - 2] += t.secs[n - 1];
    Map<String, double[]> calls = new LinkedHashMap<>();
    t.calls.forEach((op, c) -> {
      double[] j = java.util.Arrays.copyOf(c, n - 1);
      j[n - 2] += c[n - 1];
      calls.put(op, j);
    });
    Map<String, double[]> p99 = new LinkedHashMap<>();
    t.p99us.forEach((op, p) -> {
      double[] j = java.util.Arrays.copyOf(p, n - 1);
      j[n - 2] = Double.isNaN(j[n - 2]) || p[n - 1] > j[n - 2] ? p[n - 1] : j[n - 2];
      p99.put(op, j);
    });
    return new CellTrace(ends, secs, calls, p99);
  }

  int intervals() {
    return ends.length;
  }

  /** The cell's length: the last interval's end. */
  double seconds() {
    return ends.length == 0 ? 0 : ends[ends.length - 1];
  }

  /** The longest interval: the cell's ycsbx.interval (the last interval is cut short by the run's end). */
  double interval() {
    return java.util.Arrays.stream(secs).max().orElse(0);
  }

  /** Calls of the operations in {@code ops} in interval {@code i}. */
  double calls(java.util.Collection<String> ops, int i) {
    return ops.stream().mapToDouble(op -> calls.getOrDefault(op, new double[ends.length])[i]).sum();
  }

  /** Calls of the operations in {@code ops} over the whole cell. */
  double calls(java.util.Collection<String> ops) {
    double n = 0;
    for (int i = 0; i < ends.length; i++) {
      n += calls(ops, i);
    }
    return n;
  }
}
