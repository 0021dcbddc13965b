package site.ycsbx.measurements;

import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** {@value #FILE} of a run folder: one row per second sample, then the phase's summary row. */
public final class EfficiencyCsv {
  /** The file in the run folder. */
  public static final String FILE = "efficiency.csv";
  /** Each of {@link EfficiencyFigures#COLUMNS} as the file names it. */
  public static final List<String> COLUMNS = List.of("cs_sec", "cpu_sec", "cs_op", "cpu_kop", "r_sec", "rkb_sec",
      "wkb_sec", "r_op", "rkb_op", "wkb_op", "client_cpu_kop", "server_cpu_kop", "us_pct", "sy_pct", "wa_pct");
  /** The header line. */
  public static final String HEADER = "row,end_epoch_ms,elapsed_s,seconds,ops,cs_sec,cpu_sec,cs_op,cpu_kop,"
      + "r_sec,rkb_sec,wkb_sec,r_op,rkb_op,wkb_op,client_cpu_sec,server_cpu_sec,client_cpu_kop,server_cpu_kop,"
      + "us_pct,sy_pct,wa_pct";

  private EfficiencyCsv() {
  }

  /**
   * Writes the file into {@code out}: rows {@code sample} (each second inside the window) or
   * {@code before} (earlier: the start, a warm-up), rates only; then the phase's row with the
   * per-operation figures. Returns "", or the line saying why it could not be written.
   */
  static String write(Path out, List<EfficiencySample> all, EfficiencySample windowStart, EfficiencyFigures summary) {
    Path file = out.resolve(FILE);
    try {
      Files.createDirectories(out);
      try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
        w.write(HEADER);
        w.write('\n');
        for (int i = 1; i < all.size(); i++) {
          EfficiencySample a = all.get(i - 1);
          EfficiencySample b = all.get(i);
          String row = b.nanos() <= windowStart.nanos() ? "before" : "sample";
          w.write(row(EfficiencyFigures.between(row, a, b, -1), (b.nanos() - windowStart.nanos()) / 1e9));
          w.write('\n');
        }
        w.write(row(summary, summary.seconds()));
        w.write('\n');
      }
      return "";
    } catch (IOException e) {
      return EfficiencyTable.PREFIX + " cannot write " + file + ": " + e.getMessage() + "\n";
    }
  }

  static String row(EfficiencyFigures f, double elapsed) {
    StringBuilder sb = new StringBuilder(f.row()).append(',').append(f.endEpochMillis()).append(',')
        .append(num(elapsed)).append(',').append(num(f.seconds())).append(',')
        .append(f.ops() < 0 ? "" : String.valueOf(f.ops()));
    double[] c = {f.csSec(), f.cpuSec(), f.csOp(), f.cpuKop(), f.rSec(), f.rkbSec(), f.wkbSec(), f.rOp(), f.rkbOp(),
        f.wkbOp(), f.clientCpuSec(), f.serverCpuSec(), f.clientKop(), f.serverKop(), f.usPct(), f.syPct(), f.waPct()};
    for (double v : c) {
      sb.append(',').append(num(v));
    }
    return sb.toString();
  }

  private static String num(double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return "";
    }
    return v == 0 ? "0" : new BigDecimal(v).round(new MathContext(7)).stripTrailingZeros().toPlainString();
  }
}
