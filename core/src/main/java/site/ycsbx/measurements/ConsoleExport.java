package site.ycsbx.measurements;

import java.io.IOException;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * YCSB's text export as the console gets it when no {@code exportfile} is given: the
 * {@code [OVERALL]} rows and each operation's (YCSB's own figures of the run, what its users read
 * there), and an interrupted run's marker. The rest of the export is left to the files
 * ({@code -p exportfile=FILE}, the run folder's summary.txt and result.json), since the console
 * already shows it in a form to read: the fingerprint at the start, the intervals as status
 * lines, the error and efficiency tables at the end, the family's headline figures in the
 * summary; garbage collection and YCSB's CLEANUP are
 * figures of the client, not of the run. Without the cut, a 37 s load printed 120 lines of export.
 */
final class ConsoleExport implements MeasurementsExporter {
  private final MeasurementsExporter delegate;

  ConsoleExport(MeasurementsExporter delegate) {
    this.delegate = delegate;
  }

  /** Whether {@code metric}'s rows are on the console. */
  static boolean shown(String metric) {
    return metric.equals("OVERALL") || metric.equals(ResultExporter.INTERRUPTED_METRIC) || operation(metric);
  }

  /** Whether {@code metric} is an operation of the run (its failure series included). */
  static boolean operation(String metric) {
    return !metric.equals("OVERALL") && !metric.startsWith("TOTAL_GC") && !metric.equals(ResultExporter.FINGERPRINT_METRIC)
        && !metric.startsWith(Intervals.EXPORT_METRIC_PREFIX) && !metric.equals(ResultExporter.ERRORS_METRIC)
        && !metric.equals(Efficiency.METRIC) && !metric.equals(OtherLoad.METRIC) && !metric.equals(Schedule.METRIC)
        && !metric.equals(ResultExporter.INTERRUPTED_METRIC) && !metric.equals(ResultExporter.HEADLINE_METRIC)
        && !metric.equals(ResultExporter.ROUND_METRIC)
        && !metric.equals(RunMeasurements.CLEANUP)
        && !metric.equals(RunMeasurements.INTENDED_CLEANUP);
  }

  @Override
  public void write(String metric, String measurement, int i) throws IOException {
    if (shown(metric)) {
      delegate.write(metric, measurement, i);
    }
  }

  @Override
  public void write(String metric, String measurement, long i) throws IOException {
    if (shown(metric)) {
      delegate.write(metric, measurement, i);
    }
  }

  @Override
  public void write(String metric, String measurement, double d) throws IOException {
    if (shown(metric)) {
      delegate.write(metric, measurement, d);
    }
  }

  @Override
  public void close() throws IOException {
    delegate.close();
  }
}
