package site.ycsbx.measurements;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * The export of a run a signal stopped: what YCSB's Client would export at its end, from YCSB's
 * Measurements as they stand, through the {@link ResultExporter} (the chosen exporter and
 * {@code exportfile}, the fingerprint, the marker of {@link Interruption}, the error table).
 * YCSB 0.17's Client has no hook for this: its own export is private to its main method. Also
 * the export of a run whose client threads hung past {@code maxexecutiontime} (see
 * {@code site.ycsbx.faults.Deadline}), unmarked since no signal stopped it.
 */
public final class InterruptedExport {
  private InterruptedExport() {
  }

  /** Exports what was measured so far; false when YCSB's own export had begun. */
  public static boolean run() throws IOException {
    // after a warm-up, the run's measured part began when it ended
    long since = Math.max(ResultExporter.runStartMillis(), Warmup.millis() > 0 ? Warmup.endEpochMillis() : 0);
    long runtime = Math.max(1, System.currentTimeMillis() - since);
    String file = ResultExporter.exportFile();
    ResultExporter ex = ResultExporter.forInterruptedRun(() -> open(file));
    if (ex == null) {
      return false;
    }
    // read only once the export is ours: reading moves YCSB's interval histograms into its totals
    Held measured = new Held();
    Measurements.getMeasurements().exportMeasurements(measured);
    try (ex) {
      // YCSB writes its totals first; it counts operations as its threads' loops do, which an
      // interrupted run cannot ask, so the count is of the operations with a status
      ex.write("OVERALL", "RunTime(ms)", runtime);
      ex.write("OVERALL", "Throughput(ops/sec)", 1000.0 * measured.calls / runtime);
      for (Row r : measured.rows) {
        if (r.value() instanceof Long) {
          ex.write(r.metric(), r.measurement(), r.value().longValue());
        } else {
          ex.write(r.metric(), r.measurement(), r.value().doubleValue());
        }
      }
    }
    return true;
  }

  private static OutputStream open(String file) {
    try {
      return file == null ? System.out : new FileOutputStream(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private record Row(String metric, String measurement, Number value) {
  }

  /** Measurements held back, so the run's totals can be written before them, as YCSB does. */
  private static final class Held implements MeasurementsExporter {
    final List<Row> rows = new ArrayList<>();
    long calls;

    @Override
    public void write(String metric, String measurement, int i) {
      write(metric, measurement, (long) i);
    }

    @Override
    public void write(String metric, String measurement, long i) {
      if (measurement.startsWith("Return=") && !metric.endsWith(ResultExporter.BATCH_SUFFIX)) {
        calls += i;
      }
      rows.add(new Row(metric, measurement, i));
    }

    @Override
    public void write(String metric, String measurement, double d) {
      rows.add(new Row(metric, measurement, d));
    }

    @Override
    public void close() {
    }
  }
}
