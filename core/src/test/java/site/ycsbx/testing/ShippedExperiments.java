package site.ycsbx.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A shipped experiment file (experiments/NAME) as a test runs it from a module's folder: the same
 * file under the same name in a folder of the test's, its workload files named from the repository
 * (bin/ycsb reads a relative one from the folder it runs in, the repository's root).
 */
public final class ShippedExperiments {
  private ShippedExperiments() {
  }

  /** The copy of experiments/{@code name} in {@code dir}, its workload files' paths absolute. */
  public static Path copy(Path dir, String name) throws IOException {
    Path root = JavaProcess.repoRoot();
    String workloads = java.util.regex.Matcher.quoteReplacement(root.resolve("workloads") + "/");
    String text = Files.readString(root.resolve("experiments").resolve(name))
        .replaceAll("(?m)(\\.P=|,)workloads/", "$1" + workloads);
    return Files.writeString(Files.createDirectories(dir).resolve(name), text);
  }
}
