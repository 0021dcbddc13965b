package site.ycsbx.tools.sweep;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Rectangle;
import java.text.DecimalFormat;
import java.util.List;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.svg.SVGGraphics2D;

/**
 * Charts of a sweep or a comparison, drawn by JFreeChart onto JFreeSVG's SVG canvas, so the
 * HTML report carries its charts inline and opens without a network.
 */
public final class Charts {
  public static final int WIDTH = 900;
  public static final int HEIGHT = 420;

  /** One line: y against thread counts. */
  public record Series(String name, int[] threads, double[] values) {
  }

  static {
    // charts are drawn off-screen, also on machines without a display
    System.setProperty("java.awt.headless", "true");
  }

  private Charts() {
  }

  /**
   * An SVG element: the series against threads on a log2 axis, with a vertical marker at
   * {@code markerThreads} (0: none).
   */
  public static String threadsChart(String title, String yLabel, List<Series> series, int markerThreads,
      String markerLabel) {
    XYSeriesCollection data = new XYSeriesCollection();
    for (Series s : series) {
      XYSeries xy = new XYSeries(s.name(), true, true);
      for (int i = 0; i < s.threads().length; i++) {
        if (!Double.isNaN(s.values()[i])) {
          xy.addOrUpdate(s.threads()[i], s.values()[i]);
        }
      }
      data.addSeries(xy);
    }
    JFreeChart chart = ChartFactory.createXYLineChart(title, "threads", yLabel, data, PlotOrientation.VERTICAL,
        series.size() > 1, false, false);
    chart.setBackgroundPaint(Color.WHITE);
    XYPlot plot = chart.getXYPlot();
    plot.setBackgroundPaint(Color.WHITE);
    plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
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
    XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, true);
    for (int i = 0; i < series.size(); i++) {
      if (series.get(i).name().startsWith("fit")) {
        // a model, not measurements: dashed, without point markers
        r.setSeriesStroke(i, new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f,
            new float[] {4f, 4f}, 0f));
        r.setSeriesShapesVisible(i, false);
        r.setSeriesPaint(i, Color.GRAY);
      } else {
        r.setSeriesStroke(i, new BasicStroke(2.0f));
      }
    }
    plot.setRenderer(r);
    if (markerThreads > 0) {
      ValueMarker m = new ValueMarker(markerThreads, new Color(200, 30, 30), new BasicStroke(1.5f,
          BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
      m.setLabel(markerLabel);
      m.setLabelFont(new Font(Font.SANS_SERIF, Font.BOLD, 12));
      m.setLabelPaint(new Color(200, 30, 30));
      m.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
      m.setLabelTextAnchor(TextAnchor.TOP_LEFT);
      plot.addDomainMarker(m);
    }
    SVGGraphics2D g = new SVGGraphics2D(WIDTH, HEIGHT);
    chart.draw(g, new Rectangle(0, 0, WIDTH, HEIGHT));
    return g.getSVGElement();
  }

  /** A self-contained HTML page: a title, preformatted text blocks and inline SVG charts. */
  public static String page(String title, String verdict, String table, List<String> svgs) {
    StringBuilder sb = new StringBuilder();
    sb.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>").append(escape(title))
        .append("</title>\n<style>body{font-family:sans-serif;margin:24px;color:#222}"
            + "pre{background:#f6f6f6;padding:12px;overflow-x:auto;font-size:13px}"
            + ".verdict{font-size:18px;font-weight:bold;margin:12px 0}figure{margin:16px 0}</style></head>\n<body>\n")
        .append("<h1>").append(escape(title)).append("</h1>\n")
        .append("<p class=\"verdict\">").append(escape(verdict)).append("</p>\n");
    for (String svg : svgs) {
      sb.append("<figure class=\"chart\">").append(svg).append("</figure>\n");
    }
    sb.append("<pre>").append(escape(table)).append("</pre>\n</body></html>\n");
    return sb.toString();
  }

  public static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}
