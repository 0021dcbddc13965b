package site.ycsbx.tools.checks;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import site.ycsb.Client;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.exporter.MeasurementsExporter;
import site.ycsb.workloads.CoreWorkload;
import site.ycsbx.measurements.ResultExporter;
import site.ycsbx.util.Props;
import site.ycsbx.util.UserError;

/**
 * The values of YCSB's own Client and CoreWorkload properties, checked before anything starts.
 * YCSB reads them late and loosely: a word it does not know is an exception after the table
 * exists, an exporter it cannot build loses the results after the whole run, an empty number is
 * a NumberFormatException trace.
 */
public final class YcsbValueCheck {
  /** YCSB 0.17's Measurements: measurementtype values. */
  static final List<String> MEASUREMENT_TYPES = List.of("hdrhistogram", "histogram", "hdrhistogram+histogram",
      "hdrhistogram+raw", "timeseries", "raw");
  static final List<String> MEASUREMENT_INTERVALS = List.of("op", "intended", "both");
  /** YCSB 0.17's CoreWorkload: requestdistribution, fieldlengthdistribution, scanlengthdistribution. */
  static final List<String> REQUEST_DISTRIBUTIONS = List.of("uniform", "zipfian", "latest", "hotspot", "sequential",
      "exponential");
  static final List<String> FIELD_LENGTH_DISTRIBUTIONS = List.of("constant", "uniform", "zipfian", "histogram");
  static final List<String> SCAN_LENGTH_DISTRIBUTIONS = List.of("uniform", "zipfian");
  /** YCSB takes anything but "hashed" as ordered; a misspelt "hashed" would silently load in key order. */
  static final List<String> INSERT_ORDERS = List.of("hashed", "ordered");

  private YcsbValueCheck() {
  }

  /** What YCSB's Client and Measurements read, for any workload; before the workload is built. */
  public static void checkClient(Properties p) {
    oneOf(p, Measurements.MEASUREMENT_TYPE_PROPERTY, MEASUREMENT_TYPES);
    oneOf(p, Measurements.MEASUREMENT_INTERVAL, MEASUREMENT_INTERVALS);
    wholeNumber(p, "status.interval", 1, 86_400);
    wholeNumber(p, "histogram.buckets", 1, Integer.MAX_VALUE);
    checkExporter(p.getProperty(Client.EXPORTER_PROPERTY));
    checkExportFile(p.getProperty(Client.EXPORT_FILE_PROPERTY));
    if (bool(p, "hdrhistogram.fileoutput")) {
      checkHistogramPrefix(p.getProperty("hdrhistogram.output.path", ""));
    }
  }

  /**
   * YCSB writes one {@code <prefix><OPERATION>.hdr} per operation at the end of the run: a prefix
   * in a folder that does not exist loses them after the run.
   */
  static void checkHistogramPrefix(String prefix) {
    String key = "hdrhistogram.output.path";
    String accepts = key + " accepts a file name prefix in an existing folder you can write, e.g. results/run1-";
    Path folder;
    try {
      folder = Path.of(prefix + "x").toAbsolutePath().getParent();
    } catch (InvalidPathException e) {
      throw new UserError(key + "=" + prefix + " is not a valid path; " + accepts);
    }
    if (folder != null && !Files.isDirectory(folder)) {
      throw new UserError(key + "=" + prefix + ": folder " + folder + " does not exist; " + accepts);
    }
    if (folder != null && !Files.isWritable(folder)) {
      throw new UserError(key + "=" + prefix + ": permission denied in " + folder + "; " + accepts);
    }
  }

  /** What YCSB's CoreWorkload reads; its init() would fail only once the binding is connected. */
  static void checkCoreWorkload(Properties p) {
    wholeNumber(p, CoreWorkload.FIELD_COUNT_PROPERTY, 1, 100_000);
    long length = wholeNumber(p, CoreWorkload.FIELD_LENGTH_PROPERTY, 1, Integer.MAX_VALUE);
    long minLength = wholeNumber(p, CoreWorkload.MIN_FIELD_LENGTH_PROPERTY, 1, Integer.MAX_VALUE);
    String fieldDist = oneOf(p, CoreWorkload.FIELD_LENGTH_DISTRIBUTION_PROPERTY, FIELD_LENGTH_DISTRIBUTIONS);
    if ("uniform".equals(fieldDist) && length > 0 && minLength > length) {
      throw new UserError(CoreWorkload.MIN_FIELD_LENGTH_PROPERTY + "=" + minLength + " is above "
          + CoreWorkload.FIELD_LENGTH_PROPERTY + "=" + length + "; " + CoreWorkload.MIN_FIELD_LENGTH_PROPERTY
          + " accepts 1 to " + CoreWorkload.FIELD_LENGTH_PROPERTY);
    }
    if ("histogram".equals(fieldDist)) {
      String file = p.getProperty(CoreWorkload.FIELD_LENGTH_HISTOGRAM_FILE_PROPERTY, "hist.txt");
      if (!Files.isRegularFile(Path.of(file))) {
        throw new UserError(CoreWorkload.FIELD_LENGTH_HISTOGRAM_FILE_PROPERTY + "=" + file + " does not exist; "
            + CoreWorkload.FIELD_LENGTH_DISTRIBUTION_PROPERTY + "=histogram needs that file");
      }
    }
    boolean integrity = bool(p, CoreWorkload.DATA_INTEGRITY_PROPERTY);
    if (integrity && fieldDist != null && !fieldDist.equals("constant")) {
      throw new UserError(CoreWorkload.DATA_INTEGRITY_PROPERTY + "=true needs "
          + CoreWorkload.FIELD_LENGTH_DISTRIBUTION_PROPERTY + "=constant (YCSB checks values of a known length)");
    }
    bool(p, CoreWorkload.READ_ALL_FIELDS_PROPERTY);
    bool(p, CoreWorkload.WRITE_ALL_FIELDS_PROPERTY);
    oneOf(p, CoreWorkload.REQUEST_DISTRIBUTION_PROPERTY, REQUEST_DISTRIBUTIONS);
    oneOf(p, CoreWorkload.SCAN_LENGTH_DISTRIBUTION_PROPERTY, SCAN_LENGTH_DISTRIBUTIONS);
    oneOf(p, CoreWorkload.INSERT_ORDER_PROPERTY, INSERT_ORDERS);
    long minScan = wholeNumber(p, CoreWorkload.MIN_SCAN_LENGTH_PROPERTY, 1, Integer.MAX_VALUE);
    long maxScan = wholeNumber(p, CoreWorkload.MAX_SCAN_LENGTH_PROPERTY, 1, Integer.MAX_VALUE);
    if (minScan > 0 && maxScan > 0 && minScan > maxScan) {
      throw new UserError(CoreWorkload.MIN_SCAN_LENGTH_PROPERTY + "=" + minScan + " is above "
          + CoreWorkload.MAX_SCAN_LENGTH_PROPERTY + "=" + maxScan + "; " + CoreWorkload.MIN_SCAN_LENGTH_PROPERTY
          + " accepts 1 to " + CoreWorkload.MAX_SCAN_LENGTH_PROPERTY);
    }
    wholeNumber(p, CoreWorkload.ZERO_PADDING_PROPERTY, 1, 100);
    wholeNumber(p, CoreWorkload.INSERT_COUNT_PROPERTY, 0, Integer.MAX_VALUE);
    wholeNumber(p, CoreWorkload.INSERTION_RETRY_LIMIT, 0, Integer.MAX_VALUE);
    wholeNumber(p, CoreWorkload.INSERTION_RETRY_INTERVAL, 0, Integer.MAX_VALUE);
    fraction(p, CoreWorkload.HOTSPOT_DATA_FRACTION);
    fraction(p, CoreWorkload.HOTSPOT_OPN_FRACTION);
  }

  /**
   * A value YCSB parses as a number: empty is refused too (YCSB would throw on ""); 0 when absent.
   */
  static long wholeNumber(Properties p, String key, long min, long max) {
    String v = p.getProperty(key);
    if (v == null) {
      return 0;
    }
    if (v.isBlank()) {
      throw new UserError(key + " is empty; " + key + " accepts a whole number from " + min + " to " + max);
    }
    return Props.getLong(p, key, 0, min, max);
  }

  private static void fraction(Properties p, String key) {
    if (p.getProperty(key) != null && p.getProperty(key).isBlank()) {
      throw new UserError(key + " is empty; " + key + " accepts a number from 0 to 1");
    }
    Props.getDouble(p, key, 0, 0, 1);
  }

  private static boolean bool(Properties p, String key) {
    if (p.getProperty(key) != null && p.getProperty(key).isBlank()) {
      throw new UserError(key + " is empty; " + key + " accepts true or false");
    }
    return Props.getBoolean(p, key, false);
  }

  /** The value when it is one of {@code accepted}; null when absent. */
  private static String oneOf(Properties p, String key, List<String> accepted) {
    String v = p.getProperty(key);
    if (v == null) {
      return null;
    }
    if (!accepted.contains(v.trim())) {
      throw new UserError(key + "=" + v + (v.isBlank() ? " is empty" : " is not known") + "; " + key + " accepts "
          + String.join(", ", accepted));
    }
    return v.trim();
  }

  /**
   * YCSB's Client builds the exporter only after the run, and falls back to printing when it
   * cannot: the results of a long run would be lost to a typo.
   */
  static void checkExporter(String className) {
    if (className == null) {
      return;
    }
    String accepts = "exporter accepts a class implementing site.ycsb.measurements.exporter.MeasurementsExporter with"
        + " a constructor taking an OutputStream, e.g. " + ResultExporter.DELEGATE_PROPERTY_DEFAULT
        + " or site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter";
    if (className.isBlank()) {
      throw new UserError("exporter is empty; " + accepts);
    }
    if (className.trim().equals(ResultExporter.class.getName())) {
      throw new UserError("exporter=" + className + " is the exporter bin/ycsb wraps around the one you choose;"
          + " leave exporter out (text) or name the one it should wrap; " + accepts);
    }
    Class<?> c;
    try {
      c = Class.forName(className.trim(), false, YcsbValueCheck.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new UserError("exporter=" + className + " is not on the class path; " + accepts);
    }
    if (!MeasurementsExporter.class.isAssignableFrom(c)) {
      throw new UserError("exporter=" + className + " is not a MeasurementsExporter; " + accepts);
    }
    try {
      c.getConstructor(OutputStream.class);
    } catch (NoSuchMethodException e) {
      throw new UserError("exporter=" + className + " has no public constructor taking an OutputStream; " + accepts);
    }
  }

  /**
   * YCSB opens the export file only after the run: a folder that does not exist, or one it
   * cannot write, would lose every result. Checked without creating the file.
   */
  static void checkExportFile(String file) {
    if (file == null) {
      return;
    }
    String key = Client.EXPORT_FILE_PROPERTY;
    String accepts = key + " accepts a file in an existing folder you can write (absent: standard output)";
    if (file.isBlank()) {
      throw new UserError(key + " is empty; " + accepts);
    }
    Path path;
    try {
      path = Path.of(file).toAbsolutePath();
    } catch (InvalidPathException e) {
      throw new UserError(key + "=" + file + " is not a valid path; " + accepts);
    }
    Path folder = path.getParent();
    if (Files.isDirectory(path)) {
      throw new UserError(key + "=" + file + " is a folder; " + accepts);
    }
    if (folder != null && !Files.isDirectory(folder)) {
      throw new UserError(key + "=" + file + ": folder " + folder + " does not exist; " + accepts);
    }
    if (Files.exists(path) ? !Files.isWritable(path) : folder != null && !Files.isWritable(folder)) {
      throw new UserError(key + "=" + file + ": permission denied; " + accepts);
    }
  }
}
