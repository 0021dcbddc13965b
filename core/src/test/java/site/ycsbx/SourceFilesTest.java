package site.ycsbx;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The repository's Java sources as the project's guide wants them (docs/developing.md): small
 * files in every module, and a {@code package-info.java} in every main package saying its layer
 * and what it may import.
 */
@Tag("fast")
class SourceFilesTest {
  /** No main or test source file over this many lines, in any module. */
  static final int MAX_LINES = 500;
  /**
   * The modules whose every main package has its package-info.java; a module joins the list once
   * its packages have theirs.
   */
  static final List<String> DOCUMENTED_MODULES = List.of("core", "bench", "mongodb-binding", "mongodb-legacy-binding",
      "jdbc-binding");

  /** The repository: tests run in their module's folder, a child of it. */
  static Path root() {
    Path root = Path.of("").toAbsolutePath().getParent();
    assertTrue(Files.isRegularFile(root.resolve("pom.xml")) && Files.isDirectory(root.resolve("core")),
        "the repository's root: " + root);
    return root;
  }

  @Test
  void noSourceFileIsOverFiveHundredLines() {
    List<String> over = new ArrayList<>();
    List<Path> files = javaSources(root());
    for (Path f : files) {
      long lines = lines(f);
      if (lines > MAX_LINES) {
        over.add(root().relativize(f) + ": " + lines + " lines");
      }
    }
    assertTrue(files.size() > 300, "the sources found: " + files.size());
    assertEquals(List.of(), over, "source files over " + MAX_LINES + " lines: split them into smaller classes");
  }

  @Test
  void everyMainPackageHasItsPackageInfo() {
    Set<String> missing = new TreeSet<>();
    for (String module : DOCUMENTED_MODULES) {
      Path main = root().resolve(module).resolve("src/main/java");
      assertTrue(Files.isDirectory(main), "module " + module + " has no src/main/java");
      missing.addAll(packagesWithoutInfo(main).stream().map(p -> module + ": " + p).toList());
    }
    assertEquals(Set.of(), missing, "main packages without a package-info.java (a javadoc paragraph: the package's"
        + " layer and what it may import, docs/developing.md)");
  }

  /** Every {@code .java} file under a {@code src/main/java} or {@code src/test/java} of any module, builds left out. */
  static List<Path> javaSources(Path root) {
    List<Path> out = new ArrayList<>();
    try {
      Files.walkFileTree(root, new SimpleFileVisitor<>() {
        @Override
        public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
          String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
          boolean skipped = !dir.equals(root) && (name.startsWith(".") || name.equals("target")
              || name.equals("node_modules"));
          return skipped ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
          String p = root.relativize(file).toString().replace('\\', '/');
          if (p.endsWith(".java") && (p.contains("/src/main/java/") || p.contains("/src/test/java/"))) {
            out.add(file);
          }
          return FileVisitResult.CONTINUE;
        }
      });
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /** The packages (dotted) under a source root that hold .java files but no package-info.java. */
  static List<String> packagesWithoutInfo(Path sourceRoot) {
    try (Stream<Path> dirs = Files.walk(sourceRoot)) {
      return dirs.filter(Files::isDirectory).filter(d -> holdsJava(d) && !Files.exists(d.resolve("package-info.java")))
          .map(d -> sourceRoot.relativize(d).toString().replace('/', '.').replace('\\', '.')).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static boolean holdsJava(Path dir) {
    try (Stream<Path> files = Files.list(dir)) {
      return files.anyMatch(f -> Files.isRegularFile(f) && f.getFileName().toString().endsWith(".java"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static long lines(Path file) {
    try (Stream<String> lines = Files.lines(file)) {
      return lines.count();
    } catch (IOException | UncheckedIOException e) {
      throw new IllegalStateException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }
}
