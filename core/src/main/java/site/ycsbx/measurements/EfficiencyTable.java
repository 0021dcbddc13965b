package site.ycsbx.measurements;

import java.util.Locale;

/** The console table of a phase's efficiency: a legend line, the aligned header, the phase's row. */
public final class EfficiencyTable {
  static final String PREFIX = "[EFFICIENCY]";

  private EfficiencyTable() {
  }

  /** The whole table, {@code disks} and {@code serverNote} saying what was measured. */
  static String render(EfficiencyFigures f, DiskStats disks, String serverNote) {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "%s %s phase: %.1f s, %s operations (%s/s); host CPU %s; %s; client this JVM"
            + " (pid %d); %s%n", PREFIX, f.row(), f.seconds(), f.ops() < 0 ? "n/a" : String.valueOf(f.ops()),
        f.ops() < 0 ? "n/a" : num(f.ops() / Math.max(1e-9, f.seconds())),
        ProcStat.cpus(Efficiency.PROC_STAT) + " CPUs (/proc/stat)",
        disks == null ? "disks n/a (no /proc/diskstats)" : disks.describe(), ProcessHandle.current().pid(), serverNote));
    sb.append(header()).append('\n');
    sb.append(row(f)).append('\n');
    sb.append(PREFIX).append(" cs: context switches; cpu: host CPU seconds busy (user+nice+system+irq+softirq+steal);"
        + " .Kop: CPU seconds per 1000 operations; r: disk reads; rkb/wkb: KB read/written; us/sy/wa: % of host CPU\n");
    return sb.toString();
  }

  /** The aligned header line. */
  public static String header() {
    StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%-12s %-5s", PREFIX, "phase"));
    for (String c : EfficiencyFigures.COLUMNS) {
      sb.append(String.format(Locale.ROOT, " %10s", c));
    }
    return sb.toString();
  }

  static String row(EfficiencyFigures f) {
    StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%-12s %-5s", PREFIX, f.row()));
    for (double v : f.columns()) {
      sb.append(String.format(Locale.ROOT, " %10s", num(v)));
    }
    return sb.toString();
  }

  /** 4 significant digits, no exponent; whole numbers from 1000 up; n/a when not measured. */
  public static String num(double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return "n/a";
    }
    if (Math.abs(v) >= 1000) {
      return String.format(Locale.ROOT, "%.0f", v);
    }
    if (v == 0) {
      return "0";
    }
    int decimals = 3 - (int) Math.floor(Math.log10(Math.abs(v)));
    return String.format(Locale.ROOT, "%." + Math.max(0, decimals) + "f", v);
  }
}
