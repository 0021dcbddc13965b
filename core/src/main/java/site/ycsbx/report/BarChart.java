package site.ycsbx.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * Grouped bars: a bar per series in each category, series and categories in the order first
 * added, a series' bars in its colour ({@link Charts#colour}). The experiment's page arranges its
 * latency percentiles and response-time histograms as these.
 */
public final class BarChart {
  /** The size of a time chart beside it, so both read at one scale. */
  public static final int WIDTH = 440;
  public static final int HEIGHT = 300;

  private final DefaultCategoryDataset data = new DefaultCategoryDataset();

  /** The bar of {@code series} in {@code category}; a null value leaves a gap. */
  public BarChart add(Double value, String series, String category) {
    data.addValue(value, series, category);
    return this;
  }

  /**
   * The chart's figure, {@link #WIDTH} by {@link #HEIGHT}.
   *
   * @param xLabel the categories' axis title, or null for none
   * @param slanted the category labels at 45 degrees (many of them)
   */
  public Figure figure(String id, String title, String xLabel, String yLabel, boolean slanted) {
    JFreeChart chart = ChartFactory.createBarChart(title, xLabel, yLabel, data, PlotOrientation.VERTICAL, true,
        false, false);
    chart.setBackgroundPaint(Color.WHITE);
    chart.getTitle().setFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
    CategoryPlot plot = chart.getCategoryPlot();
    plot.setBackgroundPaint(Color.WHITE);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    NumberAxis y = (NumberAxis) plot.getRangeAxis();
    y.setAutoRangeIncludesZero(true);
    // sub-microsecond latencies (the null binding) still get a readable axis
    y.setAutoRangeMinimumSize(0.001);
    if (y.getLowerBound() < 0) {
      // latencies and shares are never negative: an axis of all-zero bars starts at 0, not below
      y.setRange(0, Math.max(y.getUpperBound(), 0.001));
    }
    CategoryAxis x = plot.getDomainAxis();
    if (slanted) {
      x.setCategoryLabelPositions(CategoryLabelPositions.UP_45);
    } else if (data.getColumnKeys().stream().anyMatch(k -> k.toString().contains(" "))) {
      // a label of words ("mongo26 t1") wraps onto a second line rather than run into its neighbour's
      x.setMaximumCategoryLabelLines(2);
    } else {
      // a number (a bucket's bound) may take a little more than its category's width rather than break or end in "..."
      x.setMaximumCategoryLabelWidthRatio(1.5f);
    }
    BarRenderer r = new BarRenderer();
    // flat bars: JFreeChart's default gradient becomes SVG gradients that read badly when shrunk
    r.setBarPainter(new StandardBarPainter());
    r.setShadowVisible(false);
    r.setItemMargin(0.05);
    for (int p = 0; p < data.getRowCount(); p++) {
      r.setSeriesPaint(p, Charts.colour(p));
      r.setSeriesOutlineStroke(p, new BasicStroke(0.5f));
    }
    plot.setRenderer(r);
    return new Figure(chart, id, WIDTH, HEIGHT);
  }
}
