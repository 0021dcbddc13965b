package site.ycsbx.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every relative link of README.md, docs/ and bench/ leads to a file, and to a heading of it. */
@Tag("fast")
class DocLinksTest {
  /** The repository: the parent of this module (Surefire runs in the module's folder). */
  private static Path repository() {
    Path root = Path.of("").toAbsolutePath().getParent();
    assertTrue(Files.isRegularFile(root.resolve("README.md")) && Files.isDirectory(root.resolve("docs")),
        "not the repository root (no README.md and docs/): " + root);
    return root;
  }

  @Test
  void everyRelativeLinkOfTheRepositoryResolves() throws IOException {
    Path root = repository();
    List<Path> pages = MarkdownLinks.pages(root);
    // the pages this test exists for: a walk that found none would pass on nothing
    for (String page : List.of("README.md", "docs/README.md", "docs/run-folder.md", "docs/workloads/iibench.md",
        "bench/README.md")) {
      assertTrue(pages.contains(root.resolve(page)), page + " not among " + pages);
    }
    List<String> problems = MarkdownLinks.check(root, pages);
    assertEquals(List.of(), problems, String.join("\n", problems));
  }

  @Test
  void reportsABrokenFileLinkAndABrokenAnchorWithFileAndLine(@TempDir Path root) throws IOException {
    Files.writeString(root.resolve("README.md"), """
        # Title

        See [the guide](docs/guide.md#setting-up) and [gone](docs/missing.md).
        """);
    Files.createDirectories(root.resolve("docs"));
    Files.writeString(root.resolve("docs/guide.md"), """
        # Guide

        ## Setting up

        Back to the [top](../README.md#title), and [down](#no-such-heading).
        """);
    List<String> problems = MarkdownLinks.check(root, MarkdownLinks.pages(root));
    assertEquals(List.of(
        "README.md:3: broken link 'docs/missing.md': no file docs/missing.md",
        "docs/guide.md:5: broken anchor '#no-such-heading': no heading 'no-such-heading' in guide.md"), problems);
  }

  @Test
  void anAnchorInAnotherFileMustNameOneOfItsHeadings(@TempDir Path root) throws IOException {
    Files.createDirectories(root.resolve("docs"));
    Files.writeString(root.resolve("docs/a.md"), "# A\n\n[b](b.md#a)\n");
    Files.writeString(root.resolve("docs/b.md"), "# B\n");
    assertEquals(List.of("docs/a.md:3: broken anchor 'b.md#a': no heading 'a' in b.md"),
        MarkdownLinks.check(root, MarkdownLinks.pages(root)));
  }

  @Test
  void externalLinksCodeAndBuildOutputAreNotChecked(@TempDir Path root) throws IOException {
    Files.createDirectories(root.resolve("bench/target"));
    Files.writeString(root.resolve("bench/target/old.md"), "[x](nowhere.md)\n");
    Files.writeString(root.resolve("bench/README.md"), """
        # Bench

        [YCSB](https://github.com/brianfrankcooper/YCSB), [mail](mailto:a@b.c), `[x](nowhere.md)`

        ```
        [x](nowhere.md)
        # Not a heading
        ```

        [in code](#not-a-heading)
        """);
    assertEquals(List.of(root.resolve("bench/README.md")), MarkdownLinks.pages(root));
    // the link in the fence and in the code span is not followed; the heading in the fence is no anchor
    assertEquals(List.of("bench/README.md:10: broken anchor '#not-a-heading': no heading 'not-a-heading' in README.md"),
        MarkdownLinks.check(root, MarkdownLinks.pages(root)));
  }

  @Test
  void anchorsAreGitHubs() {
    assertEquals("run-folder-warm-up-progress", MarkdownLinks.slug("Run folder, warm-up, progress"));
    assertEquals("mongodb-bindings-mongodb-mongodb-embedded",
        MarkdownLinks.slug("MongoDB bindings (`mongodb`, `mongodb-embedded`)"));
    assertEquals("pacing--target-and-schedule", MarkdownLinks.slug("Pacing: -target and [SCHEDULE]"));
    assertEquals("ophdr", MarkdownLinks.slug("`<OP>.hdr`"));
    assertEquals("see-the-guide_v2", MarkdownLinks.slug("See [the guide](x.md)_v2"));
    assertEquals("linkbenchs-own-files", MarkdownLinks.slug("LinkBench's own files"));
    assertEquals(Set.of("setup", "setup-1", "setup-2"), MarkdownLinks.headingAnchors(List.of("# Setup", "## Setup", "### Setup")));
  }
}
