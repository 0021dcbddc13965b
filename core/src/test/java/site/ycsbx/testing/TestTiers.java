package site.ycsbx.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The test tiers, checked on the sources: every concrete test class carries exactly one tier tag,
 * so {@code scripts/test.sh --fast} runs what it should and nothing falls between tiers; a class
 * tagged {@code fast} reaches no server and starts no process. Read from the sources (not the
 * class files) so one check covers every module.
 */
public final class TestTiers {
  /** In-process, no server, no subprocess. */
  public static final String FAST = "fast";
  /** Needs MariaDB or PostgreSQL, or starts an in-process or embedded server. */
  public static final String SERVER = "server";
  /** Starts a JVM, bin/ycsb or a browser. */
  public static final String PROCESS = "process";
  /** Faults, many clients, the tarball, long runs. */
  public static final String SLOW = "slow";
  public static final Set<String> TIERS = Set.of(FAST, SERVER, PROCESS, SLOW);

  private static final Pattern TEST_METHOD = Pattern.compile("@(Test|ParameterizedTest|TestFactory|RepeatedTest|TestTemplate)\\b");
  private static final Pattern TAG = Pattern.compile("@Tag\\(\"([^\"]*)\"\\)");
  private static final Pattern TOP_CLASS = Pattern.compile(
      "(?m)^((?:public |final |abstract )*)class (\\w+)(?:<[^>{]*>)?(?: extends (\\w+))?");
  /** What a fast test must not use, itself or through a helper of the test sources: a subprocess, a browser, a server. */
  private static final Pattern NOT_FAST = Pattern.compile(
      "\\b(JavaProcess\\.(run|exec|runWithInput)|ProcessBuilder|HeadlessChromium|DriverManager|MongoServer)\\b");
  /** Block comments and whole-line comments: a class named in a comment is not used. */
  private static final Pattern COMMENT = Pattern.compile("(?s)/\\*.*?\\*/|(?m)^\\s*//[^\n]*");
  private static final Pattern IDENTIFIER = Pattern.compile("\\b[A-Z]\\w*\\b");
  /** Helpers judged by the calls above only: a fast test may use JavaProcess.workload(...) and this check. */
  private static final Set<String> JUDGED_BY_CALLS = Set.of("JavaProcess", "TestTiers");

  private TestTiers() {
  }

  /** A test source file as the check sees it. */
  record Source(Path file, String name, boolean isAbstract, String superName, List<String> classTags, boolean hasTests,
      String text) {
  }

  /** Every test source under {@code root}'s modules ({@code *}/src/test/java). */
  public static List<Source> sources(Path root) {
    List<Source> found = new ArrayList<>();
    try (Stream<Path> modules = Files.list(root)) {
      for (Path module : modules.filter(Files::isDirectory).toList()) {
        Path tests = module.resolve("src/test/java");
        if (!Files.isDirectory(tests)) {
          continue;
        }
        try (Stream<Path> files = Files.walk(tests)) {
          for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
            Source s = read(f);
            if (s != null) {
              found.add(s);
            }
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return found;
  }

  private static Source read(Path f) throws IOException {
    String text = Files.readString(f);
    Matcher c = TOP_CLASS.matcher(text);
    if (!c.find()) {
      return null; // an interface, record or enum: no tests of its own
    }
    // tags written between the imports and the class line belong to the class
    String head = text.substring(0, c.start());
    List<String> tags = new ArrayList<>();
    Matcher t = TAG.matcher(head);
    while (t.find()) {
      tags.add(t.group(1));
    }
    return new Source(f, c.group(2), c.group(1).contains("abstract"), c.group(3), tags, TEST_METHOD.matcher(text).find(), text);
  }

  /** Every violation, one line each ({@code file: what is wrong}); empty when the tiers hold. */
  public static List<String> check(List<Source> sources) {
    Map<String, Source> byName = new HashMap<>();
    sources.forEach(s -> byName.putIfAbsent(s.name(), s));
    List<String> problems = new ArrayList<>();
    for (Source s : sources) {
      if (s.isAbstract() || !runsTests(s, byName)) {
        if (!s.classTags().isEmpty() && s.isAbstract()) {
          problems.add(s.file() + ": abstract test base " + s.name() + " carries a tier tag; tag its concrete classes");
        }
        continue;
      }
      List<String> tiers = s.classTags().stream().filter(TIERS::contains).toList();
      if (tiers.size() != 1) {
        problems.add(s.file() + ": " + s.name() + " carries " + (tiers.isEmpty() ? "no tier tag" : "tier tags " + tiers)
            + "; give it exactly one @Tag of " + TIERS.stream().sorted().toList());
      } else if (tiers.get(0).equals(FAST)) {
        String use = notFastUse(s, byName, new java.util.HashSet<>());
        if (use != null) {
          problems.add(s.file() + ": " + s.name() + " is tagged fast but uses " + use
              + " (a server or a process): tag it server, process or slow");
        }
      }
    }
    return problems;
  }

  /** What in {@code s}, or in a test source class it names, starts a process or reaches a server; null: nothing. */
  private static String notFastUse(Source s, Map<String, Source> byName, Set<String> seen) {
    if (!seen.add(s.name()) || (seen.size() > 1 && JUDGED_BY_CALLS.contains(s.name()))) {
      return null;
    }
    Matcher m = NOT_FAST.matcher(s.text());
    if (m.find()) {
      return m.group();
    }
    Matcher id = IDENTIFIER.matcher(COMMENT.matcher(s.text()).replaceAll(""));
    while (id.find()) {
      Source used = byName.get(id.group());
      String use = used == null ? null : notFastUse(used, byName, seen);
      if (use != null) {
        return use + " (through " + used.name() + ")";
      }
    }
    return null;
  }

  /** True when the class or a class it extends (in the sources) declares test methods. */
  private static boolean runsTests(Source s, Map<String, Source> byName) {
    for (Source c = s; c != null; c = c.superName() == null ? null : byName.get(c.superName())) {
      if (c.hasTests()) {
        return true;
      }
      if (c.superName() != null && c.superName().equals(c.name())) {
        return false;
      }
    }
    return false;
  }
}
