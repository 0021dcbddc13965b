package site.ycsbx.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
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

  private static List<String> command(Path profile) {
    return new ArrayList<>(List.of(binary(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
        "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--user-data-dir=" + profile, "--window-size=" + WIDTH + "," + HEIGHT));
  }

  /** Renders the page twice: once for its DOM, once for a PNG screenshot into {@code shotDir}. */
  public static Rendered open(Path html, Path shotDir) throws IOException {
    String url = html.toAbsolutePath().toUri().toString();
    Path profile = Files.createTempDirectory("ycsbx-chromium");
    List<String> dump = command(profile);
    dump.add("--dump-dom");
    dump.add(url);
    JavaProcess.Result d = JavaProcess.exec(dump, null, 120);
    assertEquals(0, d.exitCode(), "chromium --dump-dom failed:\n" + d.stderr());

    Path png = shotDir.resolve(html.getFileName().toString().replace(".html", "") + ".png");
    Path profile2 = Files.createTempDirectory("ycsbx-chromium");
    List<String> shot = command(profile2);
    shot.add("--screenshot=" + png.toAbsolutePath());
    shot.add(url);
    JavaProcess.Result s = JavaProcess.exec(shot, null, 120);
    assertEquals(0, s.exitCode(), "chromium --screenshot failed:\n" + s.stderr());
    assertTrue(Files.size(png) > 10_000, "screenshot too small: " + Files.size(png) + " bytes");
    BufferedImage img = ImageIO.read(png.toFile());
    assertEquals(WIDTH, img.getWidth());
    assertEquals(HEIGHT, img.getHeight());
    deleteTree(profile.toFile());
    deleteTree(profile2.toFile());
    return new Rendered(d.stdout(), png, img);
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
