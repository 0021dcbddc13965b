package site.ycsbx.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The browser checks of {@link PageLayoutChecks} and {@link ChartChecks} on experiment folders a
 * user ran, outside JUnit: {@code scripts/shipped-pages.sh} runs the shipped experiments at their
 * defaults and calls this on their folders. Prints one line per page ({@code OK} or each problem)
 * and writes the top of each page, as a reader first sees it at 1400 px, to
 * {@code <shots>/<folder name>.png}. Exit 1 when a page has a problem, 2 on bad arguments.
 */
public final class PublishedPages {
  /** The screenshot's height: the header and the first step's table and charts. */
  static final int SHOT_HEIGHT = 1600;

  private PublishedPages() {
  }

  public static void main(String[] args) throws Exception {
    if (args.length < 3 || !args[0].equals("--shots")) {
      System.err.println("usage: PublishedPages --shots DIR EXPERIMENT_FOLDER...");
      System.exit(2);
    }
    Path shots = Files.createDirectories(Path.of(args[1]));
    int bad = 0;
    for (int i = 2; i < args.length; i++) {
      Path folder = Path.of(args[i]);
      Path html = folder.resolve("experiment.html");
      if (!Files.isRegularFile(html)) {
        System.out.println(folder.getFileName() + ": no experiment.html in " + folder);
        bad++;
        continue;
      }
      List<String> problems = new ArrayList<>(PageLayoutChecks.problems(PageLayoutChecks.layout(html)));
      problems.addAll(ChartChecks.problems(ChartChecks.layout(html)));
      Path tmp = Files.createTempDirectory("ycsbx-shot");
      HeadlessChromium.Rendered shot = HeadlessChromium.open(html, tmp, PageLayoutChecks.WIDTH, SHOT_HEIGHT);
      if (shot.colours() <= 50) {
        problems.add("the screenshot has " + shot.colours() + " colours: a blank or error page");
      }
      Files.move(shot.screenshot(), shots.resolve(folder.getFileName() + ".png"), StandardCopyOption.REPLACE_EXISTING);
      Files.delete(tmp);
      if (problems.isEmpty()) {
        System.out.println(folder.getFileName() + ": OK (" + shots.resolve(folder.getFileName() + ".png") + ")");
      } else {
        bad++;
        problems.forEach(p -> System.out.println(folder.getFileName() + ": " + p));
      }
    }
    System.exit(bad == 0 ? 0 : 1);
  }
}
