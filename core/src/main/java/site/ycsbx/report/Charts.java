package site.ycsbx.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Rectangle;
import java.awt.geom.Rectangle2D;
import java.text.DecimalFormat;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CrosshairState;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.Marker;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYItemRendererState;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.renderer.xy.YIntervalRenderer;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.IntervalXYDataset;
import org.jfree.data.xy.XYDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;
import org.jfree.svg.SVGGraphics2D;
import org.jfree.svg.SVGHints;
import org.jfree.svg.ViewBox;

/**
 * Charts of a sweep or a comparison, drawn by JFreeChart onto JFreeSVG's SVG canvas, so the
 * HTML report carries its charts inline and opens without a network.
 *
 * <p>What a chart marks is drawn inside SVG groups with a class, so a page (and its tests) can
 * find it: {@code g.ycsbx-spread} one error bar (the spread over repeats at one thread count,
 * {@code data-series}, {@code data-threads}, {@code data-low}, {@code data-high}, {@code data-runs}),
 * {@code g.ycsbx-knee} the knee, {@code g.ycsbx-range} the recommended thread range
 * ({@code data-low}, {@code data-high}), {@code g.ycsbx-limit} the latency limit ({@code data-value}).
 */
public final class Charts {
  public static final int WIDTH = 660;
  public static final int HEIGHT = 400;
  /** Colours of the measured series, in order (fitted curves are grey). */
  static final Color[] PALETTE = {new Color(31, 119, 180), new Color(255, 127, 14), new Color(44, 160, 44),
      new Color(148, 103, 189), new Color(140, 86, 75), new Color(227, 119, 194), new Color(23, 190, 207)};
  static final Color KNEE = new Color(200, 30, 30);
  static final Color RANGE = new Color(46, 139, 87);
  static final Color LIMIT = new Color(120, 40, 160);

  /**
   * One line: y against thread counts, with the spread of its repeats when {@code low} and
   * {@code high} are given (NaN at a thread count without spread, e.g. a single run).
   *
   * @param runs runs behind each value (0 when unknown); shown on the error bar
   */
  public record Series(String name, int[] threads, double[] values, double[] low, double[] high, int[] runs) {
    public Series(String name, int[] threads, double[] values) {
      this(name, threads, values, null, null, null);
    }

    public boolean hasSpread(int i) {
      return low != null && high != null && !Double.isNaN(low[i]) && !Double.isNaN(high[i]);
    }

    boolean isFit() {
      return name.startsWith("fit");
    }
  }

  /**
   * What a chart marks besides its lines.
   *
   * @param kneeThreads a vertical line at the knee (0: none)
   * @param rangeLow smallest recommended thread count, shaded with rangeHigh (0: none)
   * @param rangeHigh largest recommended thread count
   * @param limit a horizontal line at this y value (NaN: none)
   * @param limitLabel its label
   */
  public record Marks(int kneeThreads, int rangeLow, int rangeHigh, double limit, String limitLabel) {
    public static final Marks NONE = new Marks(0, 0, 0, Double.NaN, null);

    /** The same marks without the limit line (it belongs on the latency chart only). */
    public Marks withoutLimit() {
      return new Marks(kneeThreads, rangeLow, rangeHigh, Double.NaN, null);
    }
  }

  static {
    // charts are drawn off-screen, also on machines without a display
    System.setProperty("java.awt.headless", "true");
  }

  private Charts() {
  }

  /**
   * An SVG element (with a view box, so it shrinks with a narrow page): the series against
   * threads on a log2 axis, with error bars where a series has a spread, and the marks.
   */
  public static String threadsChart(String id, String title, String yLabel, List<Series> series, Marks marks) {
    return threadsFigure(id, title, yLabel, series, marks, Map.of()).svg();
  }

  /**
   * The chart of {@link #threadsChart} as a {@link Figure}, with a knee per series besides the
   * marks' one: {@code knees} maps a series' name to the thread count where its rate levels off
   * (or peaks), drawn as a dashed line in the series' colour, labelled with its name, in a
   * {@code g.ycsbx-knee} group ({@code data-series}, {@code data-threads}).
   */
  public static Figure threadsFigure(String id, String title, String yLabel, List<Series> series, Marks marks,
      Map<String, Integer> knees) {
    XYSeriesCollection data = new XYSeriesCollection();
    YIntervalSeriesCollection spread = new YIntervalSeriesCollection();
    Map<Integer, Color> spreadColours = new LinkedHashMap<>();
    Map<Integer, Series> spreadSeries = new LinkedHashMap<>();
    int colour = 0;
    Color[] paints = new Color[series.size()];
    for (int s = 0; s < series.size(); s++) {
      Series sr = series.get(s);
      paints[s] = sr.isFit() ? Color.GRAY : PALETTE[colour++ % PALETTE.length];
      XYSeries xy = new XYSeries(sr.name(), true, true);
      YIntervalSeries bars = new YIntervalSeries(sr.name() + " spread", true, true);
      for (int i = 0; i < sr.threads().length; i++) {
        if (!Double.isNaN(sr.values()[i])) {
          xy.addOrUpdate(sr.threads()[i], sr.values()[i]);
          if (sr.hasSpread(i)) {
            bars.add(sr.threads()[i], sr.values()[i], sr.low()[i], sr.high()[i]);
          }
        }
      }
      data.addSeries(xy);
      if (bars.getItemCount() > 0) {
        spreadColours.put(spread.getSeriesCount(), paints[s]);
        spreadSeries.put(spread.getSeriesCount(), sr);
        spread.addSeries(bars);
      }
    }
    JFreeChart chart = ChartFactory.createXYLineChart(title, "threads", yLabel, data, PlotOrientation.VERTICAL,
        series.size() > 1, false, false);
    plain(chart);
    XYPlot plot = chart.getXYPlot();
    LogAxis x = new LogAxis("threads (log2)");
    x.setBase(2);
    x.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
    x.setNumberFormatOverride(new DecimalFormat("0"));
    x.setSmallestValue(0.5);
    plot.setDomainAxis(x);
    NumberAxis y = (NumberAxis) plot.getRangeAxis();
    y.setAutoRangeIncludesZero(true);
    // an all-zero series (e.g. sub-microsecond latencies) still gets a readable axis
    y.setAutoRangeMinimumSize(0.01);
    MarkedRenderer r = new MarkedRenderer();
    for (int i = 0; i < series.size(); i++) {
      r.setSeriesPaint(i, paints[i]);
      if (series.get(i).isFit()) {
        // a model, not measurements: dashed, without point markers
        r.setSeriesStroke(i, new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f,
            new float[] {4f, 4f}, 0f));
        r.setSeriesShapesVisible(i, false);
      } else {
        r.setSeriesStroke(i, new BasicStroke(2.0f));
      }
    }
    plot.setRenderer(r);
    if (spread.getSeriesCount() > 0) {
      SpreadRenderer bars = new SpreadRenderer(spreadSeries);
      for (Map.Entry<Integer, Color> e : spreadColours.entrySet()) {
        bars.setSeriesPaint(e.getKey(), e.getValue());
        bars.setSeriesStroke(e.getKey(), new BasicStroke(1.5f));
        // the caps of the bar: a short horizontal stroke at its ends
        bars.setSeriesShape(e.getKey(), new Rectangle2D.Double(-5, -0.75, 10, 1.5));
      }
      bars.setDefaultSeriesVisibleInLegend(false);
      plot.setDataset(1, spread);
      plot.setRenderer(1, bars);
      plot.setDatasetRenderingOrder(DatasetRenderingOrder.FORWARD);
    }
    // labels run away from the right edge of the chart, so none is cut off
    int largest = series.stream().flatMapToInt(sr -> java.util.Arrays.stream(sr.threads())).max().orElse(0);
    if (marks.rangeLow() > 0) {
      // a band of a quarter doubling either side, so a single recommended count is visible too
      IntervalMarker band = new IntervalMarker(marks.rangeLow() / Math.pow(2, 0.25), marks.rangeHigh() * Math.pow(2, 0.25),
          new Color(RANGE.getRed(), RANGE.getGreen(), RANGE.getBlue(), 45));
      band.setLabel("recommended: " + (marks.rangeLow() == marks.rangeHigh() ? String.valueOf(marks.rangeLow())
          : marks.rangeLow() + "-" + marks.rangeHigh()));
      band.setLabelFont(new Font(Font.SANS_SERIF, Font.BOLD, 12));
      band.setLabelPaint(RANGE.darker());
      band.setLabelBackgroundColor(new Color(255, 255, 255, 210));
      boolean atRight = marks.rangeHigh() >= largest;
      band.setLabelAnchor(atRight ? RectangleAnchor.BOTTOM_RIGHT : RectangleAnchor.BOTTOM_LEFT);
      band.setLabelTextAnchor(atRight ? TextAnchor.BOTTOM_RIGHT : TextAnchor.BOTTOM_LEFT);
      r.tag(band, Map.of("class", "ycsbx-range", "data-low", String.valueOf(marks.rangeLow()),
          "data-high", String.valueOf(marks.rangeHigh())));
      plot.addDomainMarker(band, Layer.BACKGROUND);
    }
    if (marks.kneeThreads() > 0) {
      ValueMarker m = new ValueMarker(marks.kneeThreads(), KNEE, new BasicStroke(1.5f,
          BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
      m.setLabel("knee: " + marks.kneeThreads());
      m.setLabelFont(new Font(Font.SANS_SERIF, Font.BOLD, 12));
      m.setLabelPaint(KNEE);
      m.setLabelBackgroundColor(new Color(255, 255, 255, 210));
      boolean atRight = marks.kneeThreads() >= largest;
      m.setLabelAnchor(atRight ? RectangleAnchor.TOP_LEFT : RectangleAnchor.TOP_RIGHT);
      m.setLabelTextAnchor(atRight ? TextAnchor.TOP_RIGHT : TextAnchor.TOP_LEFT);
      r.tag(m, Map.of("class", "ycsbx-knee", "data-threads", String.valueOf(marks.kneeThreads())));
      plot.addDomainMarker(m);
    }
    for (int s = 0; s < series.size(); s++) {
      Integer k = knees.get(series.get(s).name());
      if (k != null && k > 0) {
        ValueMarker m = new ValueMarker(k, paints[s], new BasicStroke(1.5f, BasicStroke.CAP_BUTT,
            BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
        m.setLabel(series.size() > 1 ? series.get(s).name() + " knee: " + k : "knee: " + k);
        m.setLabelFont(new Font(Font.SANS_SERIF, Font.BOLD, 11));
        m.setLabelPaint(paints[s].darker());
        m.setLabelBackgroundColor(new Color(255, 255, 255, 210));
        boolean atRight = k >= largest;
        m.setLabelAnchor(atRight ? RectangleAnchor.TOP_LEFT : RectangleAnchor.TOP_RIGHT);
        m.setLabelTextAnchor(atRight ? TextAnchor.TOP_RIGHT : TextAnchor.TOP_LEFT);
        // labels of several knees one under the other, so that two at one thread count do not overlap
        m.setLabelOffset(new org.jfree.chart.ui.RectangleInsets(4 + 14 * s, 4, 4, 4));
        r.tag(m, Map.of("class", "ycsbx-knee", "data-series", series.get(s).name(), "data-threads",
            String.valueOf(k)));
        plot.addDomainMarker(m);
      }
    }
    if (!Double.isNaN(marks.limit())) {
      ValueMarker m = new ValueMarker(marks.limit(), LIMIT, new BasicStroke(2f, BasicStroke.CAP_BUTT,
          BasicStroke.JOIN_MITER, 10f, new float[] {10f, 4f}, 0f));
      m.setLabel(marks.limitLabel());
      m.setLabelFont(new Font(Font.SANS_SERIF, Font.BOLD, 12));
      m.setLabelPaint(LIMIT);
      m.setLabelBackgroundColor(new Color(255, 255, 255, 210));
      m.setLabelAnchor(RectangleAnchor.TOP_LEFT);
      m.setLabelTextAnchor(TextAnchor.BOTTOM_LEFT);
      r.tag(m, Map.of("class", "ycsbx-limit", "data-value", String.format(Locale.ROOT, "%.6g", marks.limit())));
      plot.addRangeMarker(m);
      // the line must be on the chart even when every point lies far below it
      if (marks.limit() * 1.15 > y.getUpperBound()) {
        y.setUpperBound(marks.limit() * 1.15);
      }
    }
    if (y.getLowerBound() < 0) {
      // throughputs and latencies are never negative: an axis of all-zero values starts at 0, not below
      y.setRange(0, Math.max(y.getUpperBound(), 0.01));
    }
    return new Figure(chart, id, WIDTH, HEIGHT);
  }

  /**
   * The one way a chart becomes inline SVG on YCSB-X's pages: drawn at {@code width} x
   * {@code height} with a view box (so it shrinks with a narrow page), the element's id {@code id},
   * the ids inside it prefixed by it.
   */
  public static String svg(JFreeChart chart, String id, int width, int height) {
    SVGGraphics2D g = new SVGGraphics2D(width, height);
    // the clip paths' ids from the chart's id, not a clock: unique on a page (its charts' ids are) and
    // the same chart drawn twice is the same text (a chart file is not rewritten for nothing)
    g.setDefsKeyPrefix(id.replaceAll("[^A-Za-z0-9_-]", "_") + "-");
    chart.draw(g, new Rectangle(0, 0, width, height));
    return g.getSVGElement(id, true, new ViewBox(0, 0, width, height), null, null);
  }

  /** The look every chart shares: white background, light grey grid lines. */
  public static void plain(JFreeChart chart) {
    chart.setBackgroundPaint(Color.WHITE);
    XYPlot plot = chart.getXYPlot();
    plot.setBackgroundPaint(Color.WHITE);
    plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
  }

  /** The i-th colour of the measured series. */
  public static Color colour(int i) {
    return PALETTE[i % PALETTE.length];
  }

  /** Opens an SVG group {@code <g k='v' ...>} around what {@code draw} paints. */
  static void group(Graphics2D g2, Map<String, String> attributes, Runnable draw) {
    if (attributes == null || !(g2 instanceof SVGGraphics2D)) {
      // a PNG's Java2D canvas has no groups (and refuses JFreeSVG's hints)
      draw.run();
      return;
    }
    g2.setRenderingHint(SVGHints.KEY_BEGIN_GROUP, attributes);
    draw.run();
    g2.setRenderingHint(SVGHints.KEY_END_GROUP, "end");
  }

  /** The lines' renderer; draws the markers inside groups named by their tags. */
  static final class MarkedRenderer extends XYLineAndShapeRenderer {
    private static final long serialVersionUID = 1L;
    private final transient Map<Marker, Map<String, String>> tags = new IdentityHashMap<>();

    MarkedRenderer() {
      this(true, true);
    }

    MarkedRenderer(boolean lines, boolean shapes) {
      super(lines, shapes);
    }

    void tag(Marker m, Map<String, String> attributes) {
      tags.put(m, attributes);
    }

    @Override
    public void drawDomainMarker(Graphics2D g2, XYPlot plot, ValueAxis axis, Marker marker, Rectangle2D area) {
      group(g2, tags.get(marker), () -> super.drawDomainMarker(g2, plot, axis, marker, area));
    }

    @Override
    public void drawRangeMarker(Graphics2D g2, XYPlot plot, ValueAxis axis, Marker marker, Rectangle2D area) {
      group(g2, tags.get(marker), () -> super.drawRangeMarker(g2, plot, axis, marker, area));
    }
  }

  /** Error bars: each drawn in its own group, so the page knows where and what they are. */
  private static final class SpreadRenderer extends YIntervalRenderer {
    private static final long serialVersionUID = 1L;
    private final transient Map<Integer, Series> series;

    SpreadRenderer(Map<Integer, Series> series) {
      this.series = series;
    }

    @Override
    public void drawItem(Graphics2D g2, XYItemRendererState state, Rectangle2D dataArea, PlotRenderingInfo info,
        XYPlot plot, ValueAxis domainAxis, ValueAxis rangeAxis, XYDataset dataset, int s, int item,
        CrosshairState crosshairState, int pass) {
      IntervalXYDataset d = (IntervalXYDataset) dataset;
      Series sr = series.get(s);
      int threads = (int) Math.round(d.getXValue(s, item));
      int runs = 0;
      for (int i = 0; sr.runs() != null && i < sr.threads().length; i++) {
        if (sr.threads()[i] == threads) {
          runs = sr.runs()[i];
        }
      }
      Map<String, String> a = new LinkedHashMap<>();
      a.put("class", "ycsbx-spread");
      a.put("data-series", sr.name());
      a.put("data-threads", String.valueOf(threads));
      a.put("data-low", String.format(Locale.ROOT, "%.6g", d.getStartYValue(s, item)));
      a.put("data-high", String.format(Locale.ROOT, "%.6g", d.getEndYValue(s, item)));
      a.put("data-runs", String.valueOf(runs));
      group(g2, a, () -> super.drawItem(g2, state, dataArea, info, plot, domainAxis, rangeAxis, dataset, s, item,
          crosshairState, pass));
    }
  }

  public static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}
