package site.ycsbx.tools.checks;

import java.util.List;
import site.ycsbx.faults.OperationTimeout;
import site.ycsbx.faults.Reconnect;
import site.ycsbx.faults.StartWait;
import site.ycsbx.measurements.DiskStats;
import site.ycsbx.measurements.Efficiency;
import site.ycsbx.measurements.Intervals;
import site.ycsbx.measurements.Progress;
import site.ycsbx.measurements.ResultExporter;
import site.ycsbx.verdict.RunVerdict;
import site.ycsbx.measurements.OtherLoad;
import site.ycsbx.measurements.ServerProcess;
import site.ycsbx.measurements.Warmup;
import site.ycsbx.results.RunFolder;
import site.ycsbx.tools.clients.ClientSlice;
import site.ycsbx.tools.clients.StartAt;
import site.ycsbx.util.PropertyDef;
import site.ycsbx.util.PropertyOwner;

/**
 * The {@code ycsbx.*} properties of YCSB-X's launcher and exporter, every workload's. The
 * names are the constants of the classes that read them; a binding's own {@code ycsbx.*}
 * setting ({@code ycsbx.drop}) is the binding's.
 */
public final class LauncherProperties {

  private static final List<PropertyDef> PROPERTIES = List.of(
      new PropertyDef(RunVerdict.MAX_ERROR_PERCENT_PROPERTY, PropertyDef.show(RunVerdict.MAX_ERROR_PERCENT_LOAD_DEFAULT)
          + " (load), " + PropertyDef.show(RunVerdict.MAX_ERROR_PERCENT_RUN_DEFAULT) + " (run)", "highest percent of"
          + " failed or never attempted operations that still exits 0"),
      PropertyDef.noDefault(RunFolder.OUT_PROPERTY, "the run folder (new or empty): summary.txt, result.json, <OP>.hdr,"
          + " efficiency.csv, report.html"),
      PropertyDef.of(ResultExporter.REPORT_PROPERTY, true, "false: no report.html in the run folder"),
      PropertyDef.of(Warmup.PROPERTY, 0, "seconds of operations run unrecorded at the start"),
      PropertyDef.of(Progress.PROPERTY, Progress.PROPERTY_DEFAULT, "0: no [STATUS] line (the intervals are"
          + " still exported); another value only notes that the line follows ycsbx.interval"),
      PropertyDef.of(Intervals.INTERVAL_PROPERTY, Intervals.INTERVAL_PROPERTY_DEFAULT, "seconds per interval (0.1 to 86400):"
          + " the [STATUS] line, the export's [INTERVAL-OP] rows, the CSV and the run folder's logs; 0 for none"),
      PropertyDef.noDefault(Intervals.FILE_PROPERTY, "CSV file of the intervals (its folder must exist)"),
      PropertyDef.of(Efficiency.PROPERTY, true, "false: no /proc sampling, no efficiency table"),
      new PropertyDef(DiskStats.DISKS_PROPERTY, "every physical disk", "disks the efficiency table counts, names from"
          + " /proc/diskstats, comma-separated"),
      new PropertyDef(ServerProcess.PID_PROPERTY, "found by port", "the server's process id, when it is not the one"
          + " listening on the server's port"),
      PropertyDef.of(OtherLoad.CPU_PROPERTY, OtherLoad.CPU_PROPERTY_DEFAULT, "percent of the host's CPU that neither"
          + " client nor server may take before the run is marked as run beside other load"),
      PropertyDef.of(OtherLoad.SERVER_PROPERTY, OtherLoad.SERVER_PROPERTY_DEFAULT, "rows the server may write or read"
          + " for others, in percent of this run's (MariaDB, PostgreSQL; MongoDB: operations), before the run is marked"
          + " as run beside other load"),
      PropertyDef.of(Reconnect.BACKOFF_PROPERTY, Reconnect.BACKOFF_PROPERTY_DEFAULT, "wait before the first attempt to"
          + " re-open a broken connection (ms)"),
      PropertyDef.of(Reconnect.MAX_BACKOFF_PROPERTY, Reconnect.MAX_BACKOFF_PROPERTY_DEFAULT, "each failed attempt"
          + " doubles the wait, up to this (ms)"),
      PropertyDef.of(Reconnect.GIVE_UP_PROPERTY, Reconnect.GIVE_UP_PROPERTY_DEFAULT, "seconds an outage may last"
          + " before the run gives up on the server (exit 1); 0: at the first broken connection"),
      PropertyDef.of(StartWait.PROPERTY, StartWait.PROPERTY_DEFAULT, "true: a server away when the run starts"
          + " (refused, no answer) is waited for as an outage, within the reconnect limits; bin/ycsb experiment sets it"
          + " for its cells"),
      new PropertyDef(OperationTimeout.PROPERTY, PropertyDef.show(OperationTimeout.PROPERTY_DEFAULT) + " (off)",
          "seconds an operation may wait for the server before it fails"),
      PropertyDef.noDefault(ClientSlice.CLIENTS_PROPERTY, "clients of one run, each its own process or host (with"
          + " ycsbx.client)"),
      PropertyDef.noDefault(ClientSlice.CLIENT_PROPERTY, "this client's index, 0 to ycsbx.clients-1: it loads its"
          + " slice of the work"),
      PropertyDef.noDefault(StartAt.PROPERTY, "start the timed phase at this instant (ISO-8601 with a zone, or epoch"
          + " ms), after the checks"),
      PropertyDef.noDefault(site.ycsbx.store.DatabaseLock.HOLDER_PROPERTY, "set by bin/ycsb experiment on its cells: the"
          + " token of the lock it holds on each target's database, which lets its own cells through"),
      PropertyDef.of(ResultExporter.DELEGATE_PROPERTY, ResultExporter.DELEGATE_PROPERTY_DEFAULT, "set by bin/ycsb"
          + " from exporter: the exporter YCSB-X's own wraps"));

  static final PropertyOwner OWNER = PropertyOwner.of("ycsbx.", PROPERTIES);

  private LauncherProperties() {
  }
}
