package site.ycsbx.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import site.ycsbx.measurements.EfficiencyCsv;

/**
 * The host's CPU and disk second by second, from the {@code sample} (and {@code before}) rows of
 * a run folder's {@value EfficiencyCsv#FILE}: host CPU % as us, sy and wa, and disk KB/s read and
 * written, against the same time axis as the operations' charts. The summary row averages a
 * run; these show when the CPU saturated or the disk flushed.
 *
 * <p>Hooks for tests and scripts: each chart is an {@code svg} inside
 * {@code div.ycsbx-host-chart[data-kind][data-points]} (kinds {@value #CPU}, {@value #DISK}); a
 * chart that cannot be drawn is one {@code p.host-charts-missing} line.
 */
final class HostCharts {
  static final String CPU = "cpu";
  static final String DISK = "disk";

  private HostCharts() {
  }

  /** The charts of {@code dir}'s efficiency.csv, times from {@code originMs}; a one-line note when there are none. */
  static String html(Path dir, long originMs) throws IOException {
    Path csv = dir.resolve(EfficiencyCsv.FILE);
    if (!Files.isRegularFile(csv)) {
      return missing("No " + EfficiencyCsv.FILE + " in this folder: no CPU or disk chart.");
    }
    List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
    if (lines.isEmpty()) {
      return missing(EfficiencyCsv.FILE + " is empty: no CPU or disk chart.");
    }
    List<String> header = List.of(lines.get(0).split(",", -1));
    List<String[]> samples = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] v = line.split(",", -1);
      if (v.length == header.size() && (v[0].equals("sample") || v[0].equals("before"))) {
        samples.add(v);
      }
    }
    if (samples.isEmpty()) {
      return missing(EfficiencyCsv.FILE + " has no per-second sample (a run shorter than a second): no CPU or disk chart.");
    }
    double[] t = new double[samples.size()];
    int end = header.indexOf("end_epoch_ms");
    for (int i = 0; i < t.length; i++) {
      t[i] = (parse(samples.get(i)[end]) - originMs) / 1000.0;
    }
    StringBuilder sb = new StringBuilder("<div class=\"op-charts host-charts\">\n");
    List<String> notes = new ArrayList<>();
    List<RunCharts.Line> cpu = lines(header, samples, t, List.of("us_pct", "sy_pct", "wa_pct"), List.of("us", "sy", "wa"));
    if (cpu.isEmpty()) {
      notes.add("host CPU was not sampled");
    } else {
      sb.append(chart(CPU, t.length, RunCharts.timeChart("host-" + CPU, "host CPU", "% of host CPU", cpu)));
    }
    List<RunCharts.Line> disk = lines(header, samples, t, List.of("rkb_sec", "wkb_sec"), List.of("read", "written"));
    if (disk.isEmpty()) {
      notes.add("disk I/O was not sampled");
    } else {
      sb.append(chart(DISK, t.length, RunCharts.timeChart("host-" + DISK, "disk", "KB/s", disk)));
    }
    sb.append("</div>\n");
    String caption = String.format(Locale.ROOT, "<p class=\"note\">Host CPU (us: user, sy: system, wa: waiting for"
        + " I/O; %% of all cores) and disk KB/s read and written, each second of %s's samples.</p>%n", EfficiencyCsv.FILE);
    return sb + caption + (notes.isEmpty() ? "" : missing(String.join("; ", notes) + ": " + EfficiencyCsv.FILE
        + " has those columns empty."));
  }

  /** One line per column that has a value in some sample; none when every one is empty. */
  private static List<RunCharts.Line> lines(List<String> header, List<String[]> samples, double[] t, List<String> columns,
      List<String> names) {
    List<RunCharts.Line> out = new ArrayList<>();
    for (int c = 0; c < columns.size(); c++) {
      int at = header.indexOf(columns.get(c));
      if (at < 0) {
        continue;
      }
      double[] v = new double[samples.size()];
      boolean any = false;
      for (int i = 0; i < v.length; i++) {
        v[i] = parse(samples.get(i)[at]);
        any |= !Double.isNaN(v[i]);
      }
      if (any) {
        out.add(new RunCharts.Line(names.get(c), t, v));
      }
    }
    return out;
  }

  private static String chart(String kind, int points, String svg) {
    return "<div class=\"ycsbx-host-chart\" data-kind=\"" + kind + "\" data-points=\"" + points + "\">" + svg
        + "</div>\n";
  }

  private static String missing(String line) {
    return "<p class=\"note host-charts-missing\">" + ReportHtml.esc(line) + "</p>\n";
  }

  private static double parse(String s) {
    try {
      return s == null || s.isEmpty() ? Double.NaN : Double.parseDouble(s);
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }
}
