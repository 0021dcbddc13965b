package site.ycsbx.workloads.linkbench;

import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * LinkBench's own Distribution.dat (Apache 2.0, shipped with LinkBench), which the project does
 * not copy: read from YCSBX_LINKBENCH_DISTRIBUTION, or the shared folder beside the checkout
 * ({@code ../shared/data/linkbench/Distribution.dat}, or the workspace's {@code /work/shared},
 * for a clean clone made elsewhere). Its absence fails the test, saying where to put it: a
 * skipped comparison would pass for a checked one.
 */
final class LinkBenchData {
  private LinkBenchData() {
  }

  static Path distributionFile() {
    List<Path> tried = new ArrayList<>();
    String env = System.getenv("YCSBX_LINKBENCH_DISTRIBUTION");
    if (env != null && !env.isBlank()) {
      tried.add(Path.of(env));
    }
    Path dir = Path.of("").toAbsolutePath();
    for (int up = 0; up < 4 && dir != null; up++, dir = dir.getParent()) {
      tried.add(dir.resolve("shared/data/linkbench/Distribution.dat"));
    }
    tried.add(Path.of("/work/shared/data/linkbench/Distribution.dat"));
    for (Path p : tried) {
      if (Files.isReadable(p)) {
        return p;
      }
    }
    String why = "LinkBench's Distribution.dat not found (tried " + tried + "; set YCSBX_LINKBENCH_DISTRIBUTION)";
    return fail(why);
  }
}
