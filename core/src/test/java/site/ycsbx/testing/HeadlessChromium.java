package site.ycsbx.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.imageio.ImageIO;

/**
 * Opens an HTML report in Debian's headless Chromium (installed by scripts/setup-chromium.sh,
 * which scripts/test.sh runs): dumps its DOM and takes a screenshot. A missing Chromium fails
 * the test; it is never skipped.
 */
public final class HeadlessChromium {
  public static final int WIDTH = 1200;
  public static final int HEIGHT = 900;

  /** What Chromium saw. */
  public record Rendered(String dom, Path screenshot, BufferedImage image) {
    /** How many different colours the screenshot has: a blank or error page has a handful. */
    public int colours() {
      Set<Integer> c = new HashSet<>();
      for (int y = 0; y < image.getHeight(); y += 2) {
        for (int x = 0; x < image.getWidth(); x += 2) {
          c.add(image.getRGB(x, y));
        }
      }
      return c.size();
    }
  }

  private HeadlessChromium() {
  }

  public static String binary() {
    for (String b : List.of("/usr/bin/chromium", "/usr/bin/chromium-browser")) {
      if (Files.isExecutable(Path.of(b))) {
        return b;
      }
    }
    throw new AssertionError("headless Chromium is not installed: run scripts/setup-chromium.sh (as root)");
  }

  private static List<String> command(Path profile, int width, int height) {
    return new ArrayList<>(List.of(binary(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
        "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--user-data-dir=" + profile, "--window-size=" + width + "," + height));
  }

  /** Renders the page twice: once for its DOM, once for a PNG screenshot into {@code shotDir}. */
  public static Rendered open(Path html, Path shotDir) throws IOException {
    return open(html, shotDir, WIDTH, HEIGHT);
  }

  /** The same in a window of {@code width} x {@code height} CSS pixels. */
  public static Rendered open(Path html, Path shotDir, int width, int height) throws IOException {
    String url = html.toAbsolutePath().toUri().toString();
    Path profile = Files.createTempDirectory("ycsbx-chromium");
    List<String> dump = command(profile, width, height);
    dump.add("--dump-dom");
    dump.add(url);
    JavaProcess.Result d = JavaProcess.exec(dump, null, 120);
    assertEquals(0, d.exitCode(), "chromium --dump-dom failed:\n" + d.stderr());

    Path png = shotDir.resolve(html.getFileName().toString().replace(".html", "") + ".png");
    Path profile2 = Files.createTempDirectory("ycsbx-chromium");
    List<String> shot = command(profile2, width, height);
    shot.add("--screenshot=" + png.toAbsolutePath());
    shot.add(url);
    JavaProcess.Result s = JavaProcess.exec(shot, null, 120);
    assertEquals(0, s.exitCode(), "chromium --screenshot failed:\n" + s.stderr());
    assertTrue(Files.size(png) > 10_000, "screenshot too small: " + Files.size(png) + " bytes");
    BufferedImage img = ImageIO.read(png.toFile());
    assertEquals(width, img.getWidth());
    assertEquals(height, img.getHeight());
    deleteTree(profile.toFile());
    deleteTree(profile2.toFile());
    return new Rendered(d.stdout(), png, img);
  }

  /**
   * Runs {@code script} in the page as Chromium lays it out in a window {@code width} pixels
   * wide, after the page has loaded, and returns what the script returns, as JSON. The page is
   * not changed: a copy beside it gets the script (an inline one, so nothing is loaded).
   */
  public static com.fasterxml.jackson.databind.JsonNode evaluate(Path html, int width, String script)
      throws IOException {
    String page = Files.readString(html);
    int end = page.lastIndexOf("</body>");
    assertTrue(end > 0, "no </body> in " + html);
    String probe = "<script>(function(){var out;try{out=(function(){" + script + "})();}catch(e){out={error:String(e)};}"
        + "var pre=document.createElement('pre');pre.id='ycsbx-probe';pre.textContent=JSON.stringify(out);"
        + "document.body.appendChild(pre);})();</script>";
    Path copy = html.resolveSibling(html.getFileName().toString().replace(".html", "") + "-probe.html");
    Files.writeString(copy, page.substring(0, end) + probe + page.substring(end));
    Path profile = Files.createTempDirectory("ycsbx-chromium");
    List<String> dump = command(profile, width, HEIGHT);
    dump.add("--dump-dom");
    dump.add(copy.toAbsolutePath().toUri().toString());
    JavaProcess.Result d = JavaProcess.exec(dump, null, 120);
    deleteTree(profile.toFile());
    Files.delete(copy);
    assertEquals(0, d.exitCode(), "chromium --dump-dom failed:\n" + d.stderr());
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?s)<pre id=\"ycsbx-probe\">(.*?)</pre>")
        .matcher(d.stdout());
    assertTrue(m.find(), "the probe script left no result in the DOM");
    String json = m.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&nbsp;", "\u00a0").replace("&amp;", "&");
    com.fasterxml.jackson.databind.JsonNode out = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json);
    assertFalse(out.has("error"), "the probe script failed: " + out.path("error").asText());
    return out;
  }

  /** Occurrences of {@code needle} in {@code s}. */
  public static int count(String s, String needle) {
    int n = 0;
    for (int i = s.indexOf(needle); i >= 0; i = s.indexOf(needle, i + 1)) {
      n++;
    }
    return n;
  }

  private static void deleteTree(File f) {
    File[] children = f.listFiles();
    if (children != null) {
      for (File c : children) {
        deleteTree(c);
      }
    }
    f.delete();
  }
}
