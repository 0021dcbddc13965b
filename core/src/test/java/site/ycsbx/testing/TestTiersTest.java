package site.ycsbx.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every test class of every module is in exactly one tier, and the fast tier stays fast. */
@Tag("fast")
class TestTiersTest {
  @Test
  void everyTestClassOfTheRepositoryIsInExactlyOneTier() {
    List<TestTiers.Source> sources = TestTiers.sources(JavaProcess.repoRoot());
    assertTrue(sources.size() > 100, "found the test sources of every module: " + sources.size());
    assertEquals(List.of(), TestTiers.check(sources));
  }

  @Test
  void anUntaggedClassATwiceTaggedOneAndAFastOneThatStartsAProcessAreEachNamed(@TempDir Path root) throws Exception {
    Path tests = Files.createDirectories(root.resolve("mod/src/test/java/x"));
    Files.writeString(tests.resolve("NoTagTest.java"), "package x;\nclass NoTagTest {\n  @Test\n  void a() {}\n}\n");
    Files.writeString(tests.resolve("TwoTagsTest.java"),
        "package x;\n@Tag(\"fast\")\n@Tag(\"slow\")\nclass TwoTagsTest {\n  @Test\n  void a() {}\n}\n");
    // split, so this fast class's own source does not name the call it plants
    String call = "JavaProcess" + ".run";
    String spawn = call + "(\"x.Main\");";
    Files.writeString(tests.resolve("FastButSpawnsTest.java"), "package x;\n@Tag(\"fast\")\nclass FastButSpawnsTest {\n"
        + "  @Test\n  void a() { " + spawn + " }\n}\n");
    Files.writeString(tests.resolve("Base.java"), "package x;\nabstract class Base {\n  @Test\n  void a() {}\n}\n");
    Files.writeString(tests.resolve("InheritsTest.java"), "package x;\nclass InheritsTest extends Base {\n}\n");
    Files.writeString(tests.resolve("GoodTest.java"),
        "package x;\n@Tag(\"server\")\nfinal class GoodTest extends Base {\n  @Test\n  void b() {}\n}\n");
    Files.writeString(tests.resolve("Helper.java"), "package x;\nfinal class Helper {\n  static void h() {}\n}\n");

    List<String> problems = TestTiers.check(TestTiers.sources(root));

    assertEquals(4, problems.size(), String.join("\n", problems));
    assertTrue(problems.stream().anyMatch(p -> p.contains("NoTagTest carries no tier tag")), problems.toString());
    assertTrue(problems.stream().anyMatch(p -> p.contains("TwoTagsTest carries tier tags [fast, slow]")), problems.toString());
    assertTrue(problems.stream().anyMatch(p -> p.contains("FastButSpawnsTest is tagged fast but uses " + call)),
        problems.toString());
    assertTrue(problems.stream().anyMatch(p -> p.contains("InheritsTest carries no tier tag")),
        "a class whose tests are inherited needs its tier too: " + problems);
  }
}
