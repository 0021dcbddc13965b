package site.ycsbx.tools.checks;

import java.util.List;
import site.ycsb.Client;
import site.ycsb.Workload;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OneMeasurementHdrHistogram;
import site.ycsb.measurements.OneMeasurementHistogram;
import site.ycsb.measurements.OneMeasurementTimeSeries;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;
import site.ycsb.workloads.CoreWorkload;
import site.ycsbx.util.PropertyDef;

/**
 * YCSB 0.17's own properties (its Client, measurements and CoreWorkload) that YCSB-X knows: a
 * near miss of one of them is refused ({@link PropertyCheck}), and {@code bin/ycsb help
 * properties ycsb} lists them. Defaults are YCSB's constants where YCSB has them; the others are
 * the literals of YCSB 0.17's Client and Measurements.
 */
public final class YcsbProperties {
  public static final List<PropertyDef> ALL = List.of(
      PropertyDef.noDefault(Client.WORKLOAD_PROPERTY, "the workload class (workloads/<name> files set it)"),
      PropertyDef.of(Client.DB_PROPERTY, "site.ycsb.BasicDB", "the binding's DB class (bin/ycsb sets it from the"
          + " binding's name)"),
      PropertyDef.of(Client.RECORD_COUNT_PROPERTY, Client.DEFAULT_RECORD_COUNT, "records a load inserts, and the key"
          + " range a run reads from (an int)"),
      PropertyDef.of(Client.OPERATION_COUNT_PROPERTY, 0, "operations a run does, all threads together (an int; 0:"
          + " none, unless maxexecutiontime ends the run)"),
      PropertyDef.of(Client.THREAD_COUNT_PROPERTY, 1, "client threads (-threads)"),
      PropertyDef.of(Client.TARGET_PROPERTY, 0, "operations per second to aim for, all threads together (-target);"
          + " 0: as fast as possible"),
      PropertyDef.of(Client.MAX_EXECUTION_TIME, 0, "seconds after which the run ends; 0: no limit"),
      PropertyDef.of(Client.DO_TRANSACTIONS_PROPERTY, true, "false: the load phase (-load), true: the run (-t);"
          + " bin/ycsb sets it from load or run"),
      PropertyDef.of(Client.EXPORTER_PROPERTY, TextMeasurementsExporter.class.getName(), "the class that writes the"
          + " results (YCSB-X wraps it)"),
      new PropertyDef(Client.EXPORT_FILE_PROPERTY, "stdout", "file the results are written to"),
      PropertyDef.of(Client.STATUS_PROPERTY, false, "true: a status line every status.interval seconds on stderr (-s)"),
      new PropertyDef(Client.LABEL_PROPERTY, "empty", "label of the status lines (-l)"),
      PropertyDef.of(Workload.INSERT_START_PROPERTY, Workload.INSERT_START_PROPERTY_DEFAULT, "the first record a load"
          + " inserts (a client's slice of the keys)"),
      new PropertyDef(Workload.INSERT_COUNT_PROPERTY, "recordcount - insertstart", "records a load inserts from"
          + " insertstart"),
      PropertyDef.of(Measurements.MEASUREMENT_TYPE_PROPERTY, "hdrhistogram", "how latencies are recorded:"
          + " hdrhistogram, histogram, timeseries, hdrhistogram+histogram, hdrhistogram+raw, raw"),
      PropertyDef.of(Measurements.MEASUREMENT_INTERVAL, "op", "latency from each operation's start (op), its"
          + " intended start (intended) or both; bin/ycsb sets both with -target"),
      PropertyDef.of(Measurements.MEASUREMENT_TRACK_JVM_PROPERTY, Measurements.MEASUREMENT_TRACK_JVM_PROPERTY_DEFAULT,
          "true: the status thread records GC, memory and threads of the JVM (needs -s)"),
      PropertyDef.of(OneMeasurementHistogram.BUCKETS, OneMeasurementHistogram.BUCKETS_DEFAULT, "histogram"
          + " measurement: buckets of 1 ms (latencies above the last go to one bucket)"),
      PropertyDef.of(OneMeasurementTimeSeries.GRANULARITY, OneMeasurementTimeSeries.GRANULARITY_DEFAULT, "timeseries"
          + " measurement: ms per point"),
      PropertyDef.of(OneMeasurementHdrHistogram.PERCENTILES_PROPERTY,
          OneMeasurementHdrHistogram.PERCENTILES_PROPERTY_DEFAULT, "percentiles reported per operation,"
          + " comma-separated"),
      PropertyDef.of("hdrhistogram.fileoutput", false, "true: YCSB writes an HdrHistogram log per operation"),
      new PropertyDef("hdrhistogram.output.path", "empty", "prefix of those logs' file names (a folder ends in /)"),
      PropertyDef.of("status.interval", 10, "seconds between status lines (-s)"),
      PropertyDef.of(CoreWorkload.TABLENAME_PROPERTY, CoreWorkload.TABLENAME_PROPERTY_DEFAULT, "CoreWorkload: the"
          + " table (collection)"),
      PropertyDef.of(CoreWorkload.FIELD_COUNT_PROPERTY, CoreWorkload.FIELD_COUNT_PROPERTY_DEFAULT, "CoreWorkload:"
          + " fields per record"),
      PropertyDef.of(CoreWorkload.FIELD_LENGTH_PROPERTY, CoreWorkload.FIELD_LENGTH_PROPERTY_DEFAULT, "CoreWorkload:"
          + " bytes per field (the largest, when not constant)"),
      PropertyDef.of(CoreWorkload.MIN_FIELD_LENGTH_PROPERTY, CoreWorkload.MIN_FIELD_LENGTH_PROPERTY_DEFAULT,
          "CoreWorkload: the smallest field, for a uniform or zipfian field length"),
      PropertyDef.of(CoreWorkload.FIELD_LENGTH_DISTRIBUTION_PROPERTY,
          CoreWorkload.FIELD_LENGTH_DISTRIBUTION_PROPERTY_DEFAULT, "CoreWorkload: constant, uniform, zipfian or"
          + " histogram"),
      PropertyDef.of(CoreWorkload.FIELD_LENGTH_HISTOGRAM_FILE_PROPERTY,
          CoreWorkload.FIELD_LENGTH_HISTOGRAM_FILE_PROPERTY_DEFAULT, "CoreWorkload: the field length histogram"
          + " file, for fieldlengthdistribution=histogram"),
      PropertyDef.of(CoreWorkload.FIELD_NAME_PREFIX, CoreWorkload.FIELD_NAME_PREFIX_DEFAULT, "CoreWorkload: fields"
          + " are named <prefix>0, <prefix>1, ..."),
      PropertyDef.of(CoreWorkload.READ_ALL_FIELDS_PROPERTY, CoreWorkload.READ_ALL_FIELDS_PROPERTY_DEFAULT,
          "CoreWorkload: true, a read reads every field; false, one"),
      PropertyDef.of(CoreWorkload.WRITE_ALL_FIELDS_PROPERTY, CoreWorkload.WRITE_ALL_FIELDS_PROPERTY_DEFAULT,
          "CoreWorkload: true, an update writes every field; false, one"),
      PropertyDef.of(CoreWorkload.DATA_INTEGRITY_PROPERTY, CoreWorkload.DATA_INTEGRITY_PROPERTY_DEFAULT,
          "CoreWorkload: true, values are a function of key and field, and reads check them (VERIFY)"),
      PropertyDef.of(CoreWorkload.READ_PROPORTION_PROPERTY, CoreWorkload.READ_PROPORTION_PROPERTY_DEFAULT,
          "CoreWorkload: share of reads"),
      PropertyDef.of(CoreWorkload.UPDATE_PROPORTION_PROPERTY, CoreWorkload.UPDATE_PROPORTION_PROPERTY_DEFAULT,
          "CoreWorkload: share of updates"),
      PropertyDef.of(CoreWorkload.INSERT_PROPORTION_PROPERTY, CoreWorkload.INSERT_PROPORTION_PROPERTY_DEFAULT,
          "CoreWorkload: share of inserts of new records"),
      PropertyDef.of(CoreWorkload.SCAN_PROPORTION_PROPERTY, CoreWorkload.SCAN_PROPORTION_PROPERTY_DEFAULT,
          "CoreWorkload: share of scans"),
      PropertyDef.of(CoreWorkload.READMODIFYWRITE_PROPORTION_PROPERTY,
          CoreWorkload.READMODIFYWRITE_PROPORTION_PROPERTY_DEFAULT, "CoreWorkload: share of read-modify-writes"),
      PropertyDef.of(CoreWorkload.REQUEST_DISTRIBUTION_PROPERTY, CoreWorkload.REQUEST_DISTRIBUTION_PROPERTY_DEFAULT,
          "CoreWorkload: which keys operations go to: uniform, zipfian, latest, hotspot, sequential, exponential"),
      PropertyDef.of(CoreWorkload.HOTSPOT_DATA_FRACTION, CoreWorkload.HOTSPOT_DATA_FRACTION_DEFAULT, "CoreWorkload,"
          + " hotspot: share of the keys that are hot"),
      PropertyDef.of(CoreWorkload.HOTSPOT_OPN_FRACTION, CoreWorkload.HOTSPOT_OPN_FRACTION_DEFAULT, "CoreWorkload,"
          + " hotspot: share of the operations that go to the hot keys"),
      PropertyDef.of(CoreWorkload.MIN_SCAN_LENGTH_PROPERTY, CoreWorkload.MIN_SCAN_LENGTH_PROPERTY_DEFAULT,
          "CoreWorkload: fewest records per scan"),
      PropertyDef.of(CoreWorkload.MAX_SCAN_LENGTH_PROPERTY, CoreWorkload.MAX_SCAN_LENGTH_PROPERTY_DEFAULT,
          "CoreWorkload: most records per scan"),
      PropertyDef.of(CoreWorkload.SCAN_LENGTH_DISTRIBUTION_PROPERTY,
          CoreWorkload.SCAN_LENGTH_DISTRIBUTION_PROPERTY_DEFAULT, "CoreWorkload: records per scan: uniform or"
          + " zipfian"),
      PropertyDef.of(CoreWorkload.INSERT_ORDER_PROPERTY, CoreWorkload.INSERT_ORDER_PROPERTY_DEFAULT, "CoreWorkload:"
          + " hashed (keys scattered) or ordered (keys in insert order)"),
      PropertyDef.of(CoreWorkload.ZERO_PADDING_PROPERTY, CoreWorkload.ZERO_PADDING_PROPERTY_DEFAULT, "CoreWorkload:"
          + " digits a key's number is zero-padded to"),
      PropertyDef.of(CoreWorkload.INSERTION_RETRY_LIMIT, CoreWorkload.INSERTION_RETRY_LIMIT_DEFAULT, "CoreWorkload:"
          + " retries of a failed insert in a load; 0: the first failure ends the thread's load"),
      PropertyDef.of(CoreWorkload.INSERTION_RETRY_INTERVAL, CoreWorkload.INSERTION_RETRY_INTERVAL_DEFAULT,
          "CoreWorkload: seconds between those retries"));

  private YcsbProperties() {
  }
}
