package site.ycsbx.report;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;

/**
 * A chart as drawn once: its SVG for a page (inline, {@link Charts#svg}) and, from the same
 * JFreeChart object, the files a blog takes, {@code <name>.svg} (the page's element, with an XML
 * declaration) and {@code <name>.png}. The PNG is JFreeChart's own ({@link ChartUtils}, drawn
 * onto a Java2D image and encoded by the JDK's ImageIO): the SVG and the PNG come from one
 * drawing code, and no SVG rasteriser (Batik: some 20 jars) is needed.
 */
public record Figure(JFreeChart chart, String id, int width, int height) {
  /** A PNG's pixels per SVG unit: sharp on a high-density screen and in a blog's wide column. */
  public static final int PNG_SCALE = 2;

  public String svg() {
    return Charts.svg(chart, id, width, height);
  }

  public byte[] png() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      ChartUtils.writeScaledChartAsPNG(out, chart, width, height, PNG_SCALE, PNG_SCALE);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  /**
   * Writes {@code <name>.svg} (the same element as {@code svg}, the page's) and {@code <name>.png}
   * into {@code dir}, each beside and moved into place; returns the SVG file.
   */
  public Path write(Path dir, String name, String svg) throws IOException {
    Files.createDirectories(dir);
    Path file = dir.resolve(name + ".svg");
    replace(file, fileText(svg).getBytes(StandardCharsets.UTF_8));
    replace(dir.resolve(name + ".png"), png());
    return file;
  }

  /** True when {@code dir} holds {@code <name>.svg} of this very SVG and its {@code .png}: nothing to write. */
  public static boolean same(Path dir, String name, String svg) throws IOException {
    Path file = dir.resolve(name + ".svg");
    return Files.isRegularFile(file) && Files.isRegularFile(dir.resolve(name + ".png"))
        && Files.readString(file, StandardCharsets.UTF_8).equals(fileText(svg));
  }

  private static String fileText(String svg) {
    return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + svg + "\n";
  }

  private static void replace(Path file, byte[] bytes) throws IOException {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    Files.write(tmp, bytes);
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }
}
