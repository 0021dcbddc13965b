package site.ycsbx.workloads.iibench;

import java.util.function.LongSupplier;
import site.ycsbx.measurements.DiskStats;
import site.ycsbx.measurements.ServerProcess;

/**
 * The two counters of bytes written that the rounds read. The server process's own writes are
 * the figure per row; the host's disks also carry every other process's writes (the client's
 * logs, a backup, another benchmark), so they are printed apart and named as the host's.
 *
 * @param server bytes the server process has written so far, or null when its process is not known
 * @param serverSource what {@code server} reads, for the legend line
 * @param host bytes written to this host's chosen disks so far, or null
 * @param hostSource what {@code host} reads
 */
public record WriteMeters(LongSupplier server, String serverSource, LongSupplier host, String hostSource) {
  public static final WriteMeters NONE = new WriteMeters(null, "not measured", null, "not measured");

  /** Meters of a server on this host ({@code process} may be null) and this host's disks (may be null). */
  static WriteMeters of(ServerProcess process, DiskStats disks, String whyNoProcess) {
    return new WriteMeters(process == null ? null : process::bytesWritten,
        process == null ? "n/a (" + whyNoProcess + ")" : "server process " + process.describe(),
        disks == null ? null : disks::bytesWritten,
        disks == null ? "n/a" : "every process on this host, disks " + String.join(",", disks.devices())
            + " (/proc/diskstats)");
  }

  long serverBytes() {
    return server == null ? -1 : server.getAsLong();
  }

  long hostBytes() {
    return host == null ? -1 : host.getAsLong();
  }
}
