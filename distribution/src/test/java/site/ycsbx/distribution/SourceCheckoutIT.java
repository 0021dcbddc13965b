package site.ycsbx.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.distribution.Shell.Result;

/**
 * bin/ycsb in a source checkout. Running the real build from inside this Maven build would
 * recurse into it, so the staleness logic is exercised on a small fake checkout (a copy of the
 * real bin/ycsb, a pom.xml and a few sources) with a fake {@code mvn} that logs its calls and
 * writes the class path file as the distribution module does; and the real checkout is run
 * once with Maven absent from PATH, which passes only if the class path file that this very
 * build wrote is found, fresh and complete.
 */
@Tag("process")
class SourceCheckoutIT {
  private static final String CLASSPATH_FILE = "distribution/target/runtime-classpath.txt";

  @TempDir
  static Path tmp;
  static Path repo;
  static Shell shell;
  /** The jars the fake build "produces": the real runtime class path of this build. */
  static String realClasspath;

  @BeforeAll
  static void setUp() throws IOException {
    repo = Path.of(Shell.property("ycsbx.repo")).toRealPath();
    shell = Shell.create(tmp);
    realClasspath = Files.readString(Path.of(Shell.property("ycsbx.classpath.file"))).strip();
  }

  @Test
  void realCheckoutRunsFromAnotherFolderWithoutCallingMaven() throws IOException {
    Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
    shell.assertAbsent(shell.pathWithJava(), "mvn");
    Result r = shell.run(elsewhere, Shell.env(shell.pathWithJava()), repo.resolve("bin/ycsb").toString(), "--help");
    assertEquals(0, r.exitCode(), "the class path file written by this build should be fresh; files changed "
        + "since it was written: " + newerThanClasspathFile() + "\n" + r.all());
    assertEquals("", r.stderr(), r.all());
    assertTrue(r.stdout().contains("mongodb-embedded"), r.all());
  }

  /** For a failure message: poms and main sources changed during this build (e.g. by an editor). */
  private static List<Path> newerThanClasspathFile() throws IOException {
    FileTime stamp = Files.getLastModifiedTime(repo.resolve(CLASSPATH_FILE));
    try (Stream<Path> all = Files.walk(repo)) {
      return all.filter(p -> !p.toString().contains("/target/") && !p.toString().contains("/.git/"))
          .filter(p -> p.getFileName().toString().equals("pom.xml") || p.toString().contains("/src/main/"))
          .filter(p -> {
            try {
              return Files.getLastModifiedTime(p).compareTo(stamp) > 0;
            } catch (IOException e) {
              return true;
            }
          }).toList();
    }
  }

  /** A checkout with the real bin/ycsb, a root and a module pom, and main and test sources. */
  private static final class FakeCheckout {
    final Path home;
    final Path log;
    final Path fakeMvnDir;
    final Path classpathFile;
    final FileTime past = FileTime.fromMillis(System.currentTimeMillis() - 3_600_000);

    FakeCheckout(Path dir) throws IOException {
      home = Files.createDirectories(dir.resolve("checkout"));
      Files.createDirectories(home.resolve("bin"));
      Files.copy(repo.resolve("bin/ycsb"), home.resolve("bin/ycsb"));
      write("pom.xml", "<project/>");
      write("core/pom.xml", "<project/>");
      write("core/src/main/java/A.java", "class A {}");
      write("core/src/main/resources/a.properties", "a=1");
      write("core/src/test/java/ATest.java", "class ATest {}");
      write("core/target/classes/A.class", "");
      write(".git/index", "");
      write("workloads/workloada", "recordcount=1");
      classpathFile = home.resolve(CLASSPATH_FILE);
      log = dir.resolve("mvn.log");
      fakeMvnDir = Files.createDirectories(dir.resolve("fake-mvn"));
      // logs "<working dir>|<args>", fails on request, and writes the class path file under its
      // working directory only when its content changes, as build-classpath does by default
      Files.writeString(fakeMvnDir.resolve("mvn"), String.join("\n",
          "#!" + shell.tools.resolve("bash"),
          "printf '%s|%s\\n' \"$PWD\" \"$*\" >> \"$FAKE_MVN_LOG\"",
          "if [ -n \"${FAKE_MVN_FAIL:-}\" ]; then echo 'fake mvn: COMPILATION ERROR in A.java'; exit 1; fi",
          "case \" $* \" in *' -o '*) if [ -n \"${FAKE_MVN_FAIL_OFFLINE:-}\" ]; then"
              + " echo 'fake mvn: offline, not downloaded'; exit 1; fi ;; esac",
          "out=$PWD/" + CLASSPATH_FILE,
          "mkdir -p \"$(dirname \"$out\")\"",
          "if [ ! -f \"$out\" ] || [ \"$(cat \"$out\")\" != \"$FAKE_CP\" ]; then printf '%s' \"$FAKE_CP\" > \"$out\"; fi",
          ""));
      fakeMvnDir.resolve("mvn").toFile().setExecutable(true);
      try (Stream<Path> all = Files.walk(home)) {
        for (Path p : all.toList()) {
          Files.setLastModifiedTime(p, past);
        }
      }
    }

    void write(String relative, String content) throws IOException {
      Path p = home.resolve(relative);
      Files.createDirectories(p.getParent());
      Files.writeString(p, content);
    }

    /**
     * Makes {@code relative} newer than the class path file (the stamp), both in the past, so
     * that a build renewing the stamp now makes it newer than the file again.
     */
    void touchNewer(String relative) throws IOException {
      long now = System.currentTimeMillis();
      Files.setLastModifiedTime(classpathFile, FileTime.fromMillis(now - 60_000));
      Files.setLastModifiedTime(home.resolve(relative), FileTime.fromMillis(now - 30_000));
    }

    List<String> mvnCalls() throws IOException {
      return Files.exists(log) ? Files.readAllLines(log) : List.of();
    }

    /** bin/ycsb --help through {@code script}, from {@code workDir}, with the fake mvn on PATH. */
    Result help(Path script, Path workDir, String classpath, String... extraEnv) {
      List<String> env = new ArrayList<>(List.of("FAKE_MVN_LOG", log.toString(), "FAKE_CP", classpath));
      env.addAll(List.of(extraEnv));
      return shell.run(workDir, Shell.env(shell.pathWithJava() + ":" + fakeMvnDir, env.toArray(new String[0])),
          script.toString(), "--help");
    }

    Result help(String... extraEnv) {
      return help(home.resolve("bin/ycsb"), home, realClasspath, extraEnv);
    }
  }

  private static void assertHelp(Result r) {
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.stdout().startsWith("Usage: ycsb"), r.all());
  }

  private static void assertBuiltQuietly(Result r) {
    assertHelp(r);
    assertEquals(1, r.stderrLines().size(), "one line saying it builds, nothing of Maven's:\n" + r.all());
    assertTrue(r.stderrLines().get(0).startsWith("ycsb: building YCSB-X in "), r.all());
  }

  private static void assertNotBuilt(FakeCheckout ck, Result r, int callsBefore) throws IOException {
    assertHelp(r);
    assertEquals("", r.stderr(), r.all());
    assertEquals(callsBefore, ck.mvnCalls().size(), "mvn was called: " + ck.mvnCalls());
  }

  @Test
  void buildsOnFirstUseThenOnlyWhenAPomOrMainSourceIsNewer() throws IOException {
    FakeCheckout ck = new FakeCheckout(Files.createDirectories(tmp.resolve("staleness")));

    // first use (no class path file yet) through a symlink, from another folder: the build
    // runs in the checkout the link points to
    Path elsewhere = Files.createDirectories(tmp.resolve("staleness-elsewhere"));
    Path link = Files.createSymbolicLink(elsewhere.resolve("ycsb"), ck.home.resolve("bin/ycsb"));
    assertBuiltQuietly(ck.help(link, elsewhere, realClasspath));
    assertEquals(List.of(ck.home + "|-o -q -B -DskipTests -Dassembly.skipAssembly=true package"), ck.mvnCalls(),
        "package, never install: a ~/.m2 that other checkouts may share is left alone");
    assertEquals(realClasspath, Files.readString(ck.classpathFile));

    // nothing changed: no Maven
    assertNotBuilt(ck, ck.help(), 1);
    assertNotBuilt(ck, ck.help(link, elsewhere, realClasspath), 1);

    // build output, git, test sources and workload files are not what bin/ycsb runs
    for (String notSource : List.of("core/target/classes/A.class", ".git/index", "core/src/test/java/ATest.java",
        "workloads/workloada")) {
      ck.touchNewer(notSource);
      assertNotBuilt(ck, ck.help(), 1);
    }

    // a main source, a resource, the root pom, a module pom: each triggers one build, and the
    // stamp is renewed even though the class path file's content did not change
    int calls = 1;
    for (String source : List.of("core/src/main/java/A.java", "core/src/main/resources/a.properties", "pom.xml",
        "core/pom.xml")) {
      ck.touchNewer(source);
      assertBuiltQuietly(ck.help());
      assertEquals(++calls, ck.mvnCalls().size(), source + ": " + ck.mvnCalls());
      assertNotBuilt(ck, ck.help(), calls);
    }
  }

  @Test
  void aJarMissingFromTheClassPathTriggersABuild() throws IOException {
    FakeCheckout ck = new FakeCheckout(Files.createDirectories(tmp.resolve("missing-jar")));
    Path gone = Files.copy(Path.of(realClasspath.split(":")[0]), tmp.resolve("will-be-cleaned.jar"));
    assertBuiltQuietly(ck.help(ck.home.resolve("bin/ycsb"), ck.home, realClasspath + ":" + gone));
    assertNotBuilt(ck, ck.help(ck.home.resolve("bin/ycsb"), ck.home, realClasspath + ":" + gone), 1);
    // e.g. mvn clean in one module: the class path names a jar that is gone
    Files.delete(gone);
    assertBuiltQuietly(ck.help());
    assertEquals(2, ck.mvnCalls().size(), ck.mvnCalls().toString());
    assertNotBuilt(ck, ck.help(), 2);
  }

  @Test
  void offlineFailureFallsBackToOnline() throws IOException {
    FakeCheckout ck = new FakeCheckout(Files.createDirectories(tmp.resolve("offline")));
    Result r = ck.help("FAKE_MVN_FAIL_OFFLINE", "1");
    assertBuiltQuietly(r);
    List<String> calls = ck.mvnCalls();
    assertEquals(2, calls.size(), calls.toString());
    assertTrue(calls.get(0).contains("|-o "), calls.toString());
    assertFalse(calls.get(1).contains(" -o "), calls.toString());
    assertFalse(r.all().contains("fake mvn"), "Maven's output of a successful build is shown:\n" + r.all());
  }

  @Test
  void aFailedBuildShowsMavensOutputAndRunsNothing() throws IOException {
    FakeCheckout ck = new FakeCheckout(Files.createDirectories(tmp.resolve("failing")));
    Result r = ck.help("FAKE_MVN_FAIL", "1");
    assertEquals(1, r.exitCode(), r.all());
    assertTrue(r.stderr().contains("fake mvn: COMPILATION ERROR in A.java"), r.all());
    assertTrue(r.stderrLines().get(r.stderrLines().size() - 1).startsWith("ycsb: the build failed"), r.all());
    assertEquals("", r.stdout(), "nothing may run after a failed build:\n" + r.all());
    assertFalse(Files.exists(ck.classpathFile));

    // still stale afterwards; without Maven that is one line, exit 2
    Result noMvn = shell.run(ck.home, Shell.env(shell.pathWithJava()), ck.home.resolve("bin/ycsb").toString(),
        "--help");
    assertEquals(2, noMvn.exitCode(), noMvn.all());
    assertEquals(1, noMvn.stderrLines().size(), noMvn.all());
    assertTrue(noMvn.stderr().contains("mvn is not on PATH"), noMvn.all());
    assertEquals(2, ck.mvnCalls().size(), "offline then online: " + ck.mvnCalls());
  }

  @Test
  void theRealClassPathFileNamesOnlyExistingJars() {
    List<String> missing = Stream.of(realClasspath.split(":")).filter(p -> !Files.exists(Path.of(p)))
        .collect(Collectors.toList());
    assertEquals(List.of(), missing);
    assertTrue(realClasspath.contains("ycsbx-core-"), realClasspath);
  }
}
