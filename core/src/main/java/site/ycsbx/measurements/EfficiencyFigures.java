package site.ycsbx.measurements;

import static site.ycsbx.measurements.EfficiencySample.CLIENT_TICKS;
import static site.ycsbx.measurements.EfficiencySample.CTXT;
import static site.ycsbx.measurements.EfficiencySample.IDLE;
import static site.ycsbx.measurements.EfficiencySample.IOWAIT;
import static site.ycsbx.measurements.EfficiencySample.IRQ;
import static site.ycsbx.measurements.EfficiencySample.NICE;
import static site.ycsbx.measurements.EfficiencySample.READS;
import static site.ycsbx.measurements.EfficiencySample.SECTORS_READ;
import static site.ycsbx.measurements.EfficiencySample.SECTORS_WRITTEN;
import static site.ycsbx.measurements.EfficiencySample.SERVER_TICKS;
import static site.ycsbx.measurements.EfficiencySample.SOFTIRQ;
import static site.ycsbx.measurements.EfficiencySample.STEAL;
import static site.ycsbx.measurements.EfficiencySample.SYSTEM;
import static site.ycsbx.measurements.EfficiencySample.USER;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The figures of a window: rates per second, and per operation when {@code ops > 0}.
 * CPU figures are CPU seconds (per second, or per 1000 operations: CPU milliseconds per operation).
 */
public record EfficiencyFigures(String row, long endEpochMillis, double seconds, long ops, double csSec, double cpuSec,
    double rSec, double rkbSec, double wkbSec, double clientCpuSec, double serverCpuSec, double usPct, double syPct,
    double waPct) {
  /** The columns users know (vmstat/iostat per operation), in this order. */
  public static final List<String> COLUMNS = List.of("cs.sec", "cpu.sec", "cs.op", "cpu.Kop", "r.sec", "rkb.sec",
      "wkb.sec", "r.op", "rkb.op", "wkb.op", "client.Kop", "server.Kop", "us", "sy", "wa");

  /** The figures from sample {@code a} to sample {@code b}. */
  static EfficiencyFigures between(String row, EfficiencySample a, EfficiencySample b, long ops) {
    double secs = (b.nanos() - a.nanos()) / 1e9;
    long[] x = a.v();
    long[] y = b.v();
    double hz = ProcStat.TICKS_PER_SECOND;
    long busyA = sum(x, USER, NICE, SYSTEM, IRQ, SOFTIRQ, STEAL);
    long busyB = sum(y, USER, NICE, SYSTEM, IRQ, SOFTIRQ, STEAL);
    long total = busyB < 0 || busyA < 0 ? -1 : busyB - busyA + d(x, y, IDLE) + d(x, y, IOWAIT);
    return new EfficiencyFigures(row, b.epochMillis(), secs, ops,
        rate(d(x, y, CTXT), secs),
        busyA < 0 || busyB < 0 ? Double.NaN : rate(busyB - busyA, secs) / hz,
        rate(d(x, y, READS), secs),
        rate(d(x, y, SECTORS_READ), secs) / 2, // 512-byte sectors: 2 per KB
        rate(d(x, y, SECTORS_WRITTEN), secs) / 2,
        rate(d(x, y, CLIENT_TICKS), secs) / hz,
        rate(d(x, y, SERVER_TICKS), secs) / hz,
        pct(d(x, y, USER) + d(x, y, NICE), total), pct(d(x, y, SYSTEM) + d(x, y, IRQ) + d(x, y, SOFTIRQ), total),
        pct(d(x, y, IOWAIT), total));
  }

  private static long sum(long[] v, int... idx) {
    long s = 0;
    for (int i : idx) {
      if (v[i] < 0) {
        return -1;
      }
      s += v[i];
    }
    return s;
  }

  // the growth of counter i, -1 when either end is not measured
  private static long d(long[] x, long[] y, int i) {
    return x[i] < 0 || y[i] < 0 ? -1 : y[i] - x[i];
  }

  private static double rate(long delta, double secs) {
    return delta < 0 || secs <= 0 ? Double.NaN : delta / secs;
  }

  private static double pct(long part, long total) {
    return part < 0 || total <= 0 ? Double.NaN : 100.0 * part / total;
  }

  double perOp(double perSecond) {
    return ops <= 0 || seconds <= 0 ? Double.NaN : perSecond * seconds / ops;
  }

  public double csOp() {
    return perOp(csSec);
  }

  public double cpuKop() {
    return perOp(cpuSec) * 1000;
  }

  public double rOp() {
    return perOp(rSec);
  }

  public double rkbOp() {
    return perOp(rkbSec);
  }

  public double wkbOp() {
    return perOp(wkbSec);
  }

  public double clientKop() {
    return perOp(clientCpuSec) * 1000;
  }

  public double serverKop() {
    return perOp(serverCpuSec) * 1000;
  }

  /** The values of {@link #COLUMNS}, in order. */
  public double[] columns() {
    return new double[] {csSec, cpuSec, csOp(), cpuKop(), rSec, rkbSec, wkbSec, rOp(), rkbOp(), wkbOp(), clientKop(),
        serverKop(), usPct, syPct, waPct};
  }

  /** The figures by column name. */
  Map<String, Double> asMap() {
    Map<String, Double> m = new LinkedHashMap<>();
    double[] c = columns();
    for (int i = 0; i < COLUMNS.size(); i++) {
      m.put(COLUMNS.get(i), c[i]);
    }
    return m;
  }
}
