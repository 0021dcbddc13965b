package site.ycsbx.report;

import java.awt.BasicStroke;
import java.awt.Font;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The charts of one run's report, per operation: throughput over time, latency percentiles over
 * time (from the interval logs) and the latency percentile distribution of the whole run in
 * HdrHistogram's style (x: {@code 1/(1-p)} on a log scale labelled 90%, 99%, 99.9%, ...).
 * Drawn as the sweep's charts are ({@link Charts#svg}), smaller: three fit side by side.
 */
public final class RunCharts {
  static final int WIDTH = 440;
  static final int HEIGHT = 300;
  private static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 14);
  private static final java.awt.Color WINDOW = new java.awt.Color(255, 160, 0, 55);

  static {
    // charts are drawn off-screen, also on machines without a display
    System.setProperty("java.awt.headless", "true");
  }

  private RunCharts() {
  }

  /** One line of a time chart: values at the interval ends (seconds from the run's start). */
  public record Line(String name, double[] seconds, double[] values) {
  }

  /**
   * A stretch of time shaded on a time chart (filemeta's writers' window), in a {@code g.ycsbx-window}
   * group ({@code data-from}, {@code data-to}: seconds).
   */
  public record Window(double from, double to, String label) {
  }

  /** Lines against time in seconds; the y axis starts at 0. The experiment page draws its targets on one. */
  public static String timeChart(String id, String title, String yLabel, List<Line> lines) {
    return timeFigure(id, title, yLabel, lines, List.of()).svg();
  }

  /** The chart of {@link #timeChart} as a {@link Figure}, with {@code windows} shaded behind the lines. */
  public static Figure timeFigure(String id, String title, String yLabel, List<Line> lines, List<Window> windows) {
    return timeFigure(id, title, yLabel, lines, windows, new double[0]);
  }

  /**
   * As {@link #timeFigure(String, String, String, List, List)}, with a dashed level per line
   * ({@code levels[i]} for {@code lines.get(i)}, NaN: none) in its colour: the figure a table gives
   * for the whole of what the line draws interval by interval ({@code g.ycsbx-level[data-series][data-value]}).
   */
  public static Figure timeFigure(String id, String title, String yLabel, List<Line> lines, List<Window> windows,
      double[] levels) {
    XYSeriesCollection data = new XYSeriesCollection();
    for (Line l : lines) {
      XYSeries s = new XYSeries(l.name(), false, true);
      for (int i = 0; i < l.seconds().length; i++) {
        if (!Double.isNaN(l.values()[i])) {
          s.add(l.seconds()[i], l.values()[i]);
        }
      }
      data.addSeries(s);
    }
    JFreeChart chart = ChartFactory.createXYLineChart(title, "time (s)", yLabel, data, PlotOrientation.VERTICAL,
        lines.size() > 1, false, false);
    style(chart);
    XYPlot plot = chart.getXYPlot();
    NumberAxis y = (NumberAxis) plot.getRangeAxis();
    y.setAutoRangeIncludesZero(true);
    y.setAutoRangeMinimumSize(0.01);
    ((NumberAxis) plot.getDomainAxis()).setAutoRangeIncludesZero(true);
    // points only where a run has few intervals: a line alone would hide a single interval
    boolean shapes = lines.stream().mapToInt(l -> l.seconds().length).max().orElse(0) <= 30;
    Charts.MarkedRenderer r = new Charts.MarkedRenderer(true, shapes);
    for (int i = 0; i < lines.size(); i++) {
      r.setSeriesPaint(i, Charts.colour(i));
      r.setSeriesStroke(i, new BasicStroke(1.8f));
    }
    plot.setRenderer(r);
    for (int i = 0; i < levels.length && i < lines.size(); i++) {
      if (!Double.isNaN(levels[i])) {
        ValueMarker m = new ValueMarker(levels[i], Charts.colour(i), new BasicStroke(1.2f, BasicStroke.CAP_BUTT,
            BasicStroke.JOIN_MITER, 10f, new float[] {5f, 4f}, 0f));
        r.tag(m, Map.of("class", "ycsbx-level", "data-series", lines.get(i).name(), "data-value",
            String.format(Locale.ROOT, "%.6g", levels[i])));
        plot.addRangeMarker(m);
        // the level must be on the chart even when every point lies far from it
        NumberAxis axis = (NumberAxis) plot.getRangeAxis();
        if (levels[i] * 1.05 > axis.getUpperBound()) {
          axis.setUpperBound(levels[i] * 1.05);
        }
      }
    }
    for (Window w : windows) {
      IntervalMarker m = new IntervalMarker(w.from(), w.to(), WINDOW);
      m.setLabel(w.label());
      m.setLabelFont(new Font(Font.SANS_SERIF, Font.BOLD, 11));
      m.setLabelPaint(new java.awt.Color(150, 90, 0));
      m.setLabelBackgroundColor(new java.awt.Color(255, 255, 255, 0));
      m.setLabelAnchor(RectangleAnchor.TOP);
      m.setLabelTextAnchor(TextAnchor.TOP_CENTER);
      r.tag(m, Map.of("class", "ycsbx-window", "data-from", String.format(Locale.ROOT, "%.3f", w.from()),
          "data-to", String.format(Locale.ROOT, "%.3f", w.to())));
      plot.addDomainMarker(m, Layer.BACKGROUND);
    }
    return new Figure(chart, id, WIDTH, HEIGHT);
  }

  /**
   * The percentile distribution of {@code total}: latency against {@code 1/(1-p)} on a log10
   * axis, as HdrHistogram's plotter draws {@code outputPercentileDistribution}. The maximum sits at
   * {@code x = count} (the last value of {@code count} has {@code 1-p = 1/count}). Values are
   * divided by {@code unit} (1000: µs to ms).
   */
  static String percentileChart(String id, String title, String yLabel, Histogram total, double unit) {
    // x is plotted as log10(1/(1-p)) on a plain number axis: its tick labels stay SVG text (a
    // LogAxis draws them as glyph outlines), and ticks at whole numbers are 90%, 99%, 99.9%...
    XYSeries s = new XYSeries("latency", false, true);
    long count = total.getTotalCount();
    double maxX = Math.max(10, count);
    for (HistogramIterationValue v : total.percentiles(5)) {
      double p = v.getPercentileLevelIteratedTo() / 100.0;
      double x = p >= 1 - 1.0 / count ? maxX : 1 / (1 - p);
      s.add(Math.log10(x), v.getValueIteratedTo() / unit);
    }
    JFreeChart chart = ChartFactory.createXYLineChart(title, "percentile", yLabel, new XYSeriesCollection(s),
        PlotOrientation.VERTICAL, false, false, false);
    style(chart);
    XYPlot plot = chart.getXYPlot();
    NumberAxis x = new NumberAxis("percentile (log scale of 1/(1-p))");
    x.setTickUnit(new NumberTickUnit(1, new PercentileFormat()));
    x.setRange(0, Math.ceil(Math.log10(maxX)));
    plot.setDomainAxis(x);
    NumberAxis y = (NumberAxis) plot.getRangeAxis();
    y.setAutoRangeIncludesZero(true);
    y.setAutoRangeMinimumSize(0.01);
    XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, false);
    r.setSeriesPaint(0, Charts.colour(0));
    r.setSeriesStroke(0, new BasicStroke(1.8f));
    plot.setRenderer(r);
    return Charts.svg(chart, id, WIDTH, HEIGHT);
  }

  private static void style(JFreeChart chart) {
    Charts.plain(chart);
    chart.getTitle().setFont(TITLE);
    // room on the right for the last tick label (99.99%)
    chart.setPadding(new RectangleInsets(2, 2, 2, 18));
  }

  /** A tick of the percentile axis: e = log10(1/(1-p)) shown as p, e.g. 3 as 99.9%. */
  static final class PercentileFormat extends NumberFormat {
    private static final long serialVersionUID = 1L;

    static String label(double x) {
      if (x <= 1) {
        return "0%";
      }
      int decimals = Math.max(0, (int) Math.ceil(Math.log10(x) - 1e-9) - 2);
      return String.format(Locale.ROOT, "%." + decimals + "f%%", 100 - 100 / x);
    }

    @Override
    public StringBuffer format(double number, StringBuffer toAppendTo, FieldPosition pos) {
      return toAppendTo.append(label(Math.pow(10, number)));
    }

    @Override
    public StringBuffer format(long number, StringBuffer toAppendTo, FieldPosition pos) {
      return toAppendTo.append(label(Math.pow(10, number)));
    }

    @Override
    public Number parse(String source, ParsePosition parsePosition) {
      return null;
    }
  }
}
