package site.ycsbx.distribution;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.store.Bindings;
import site.ycsbx.distribution.Shell.Result;

/**
 * The tarball as a user gets it: unpacked into an empty folder and run from there with a PATH
 * that has java but no Maven, through the real bin/ycsb.
 */
@Tag("slow")
class TarballIT extends UnpackedTarball {
  /**
   * The bindings the modules declare (META-INF/services), as this test's class path, built
   * from the same modules as the tarball, finds them: the tarball must offer each one.
   */
  private static final List<String> BINDINGS = Bindings.all().stream().map(Bindings.Binding::name).toList();

  private static void assertOneLineError(Result r, String expected) {
    assertEquals(2, r.exitCode(), r.all());
    List<String> lines = r.stderrLines();
    assertEquals(1, lines.size(), "one line on stderr expected:\n" + r.all());
    assertTrue(lines.get(0).startsWith("ycsb: ") && lines.get(0).contains(expected), r.all());
    assertEquals("", r.stdout(), r.all());
  }

  /** The files under {@code dir}, at any depth, as paths relative to it. */
  private static Set<String> filesUnder(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(Files::isRegularFile)
          .map(p -> dir.relativize(p).toString()).collect(Collectors.toCollection(TreeSet::new));
    }
  }



  @Test
  void layoutIsBinLibWorkloadsReadmeDocs() throws IOException {
    Set<String> expectedTop = new TreeSet<>(Set.of("bin", "lib", "workloads", "experiments", "kubernetes", "README.md",
        "docs", "NOTICE", "THIRD-PARTY.txt"));
    assertArrayEquals(Files.readAllBytes(repo.resolve("README.md")), Files.readAllBytes(dist.resolve("README.md")));
    assertEquals(expectedTop, fileNames(dist));

    // the README's pages, every one as in the repository, so its links work in the unpacked folder
    Set<String> docs = filesUnder(repo.resolve("docs"));
    assertTrue(docs.containsAll(Set.of("README.md", "run-folder.md", "workloads/iibench.md", "bindings/jdbc.md")),
        docs.toString());
    assertEquals(docs, filesUnder(dist.resolve("docs")));
    for (String page : docs) {
      assertArrayEquals(Files.readAllBytes(repo.resolve("docs").resolve(page)),
          Files.readAllBytes(dist.resolve("docs").resolve(page)), page);
    }

    assertEquals(Set.of("ycsb", "ycsb-client"), fileNames(dist.resolve("bin")));
    for (String name : List.of("bin/ycsb", "bin/ycsb-client")) {
      Path script = dist.resolve(name);
      assertArrayEquals(Files.readAllBytes(repo.resolve(name)), Files.readAllBytes(script));
      assertTrue(Files.getPosixFilePermissions(script).containsAll(Set.of(PosixFilePermission.OWNER_EXECUTE,
          PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_EXECUTE)), name + " is not executable");
    }
    Set<String> kubernetes = fileNames(repo.resolve("distribution/kubernetes"));
    assertTrue(kubernetes.containsAll(Set.of("Dockerfile", "job.yaml", "merge-job.yaml")), kubernetes.toString());
    assertEquals(kubernetes, fileNames(dist.resolve("kubernetes")));

    Set<String> experiments = fileNames(repo.resolve("experiments"));
    assertTrue(experiments.contains("insert-benchmark"), experiments.toString());
    assertEquals(experiments, fileNames(dist.resolve("experiments")));

    Set<String> workloads = fileNames(repo.resolve("workloads"));
    assertTrue(workloads.containsAll(Set.of("workloada", "workloadf")), workloads.toString());
    assertEquals(workloads, fileNames(dist.resolve("workloads")));
    for (String w : workloads) {
      assertArrayEquals(Files.readAllBytes(repo.resolve("workloads").resolve(w)),
          Files.readAllBytes(dist.resolve("workloads").resolve(w)), w);
    }
  }

  @Test
  void libHoldsExactlyTheRuntimeClassPath() throws IOException {
    Set<String> lib = fileNames(dist.resolve("lib"));
    // the same module's runtime class path, resolved by Maven in the same build: a jar missing
    // from lib/, or two jars with the same file name overwriting each other, shows up here
    String classpath = Files.readString(Path.of(Shell.property("ycsbx.classpath.file"))).strip();
    List<String> runtime = Arrays.stream(classpath.split(":")).map(p -> Path.of(p).getFileName().toString()).toList();
    assertEquals(runtime.size(), new TreeSet<>(runtime).size(), "two runtime jars share a file name: " + runtime);
    assertEquals(new TreeSet<>(runtime), lib);
    String version = dist.getFileName().toString().substring("ycsb-x-".length());
    for (String jar : List.of("ycsbx-core-" + version + ".jar", "ycsbx-mongodb-binding-" + version + ".jar",
        "ycsbx-jdbc-binding-" + version + ".jar", "core-0.17.0.jar")) {
      assertTrue(lib.contains(jar), jar + " missing from lib/: " + lib);
    }
  }

  /** THIRD-PARTY.txt names each jar of lib/ but YCSB-X's own, and MariaDB Connector/J's licence and source. */
  @Test
  void thirdPartyListNamesEveryOtherJarInLib() throws IOException {
    ThirdPartyList list = new ThirdPartyList(Files.readString(dist.resolve("THIRD-PARTY.txt")));
    Set<String> thirdParty = fileNames(dist.resolve("lib")).stream().filter(j -> !ThirdPartyList.isOwn(j))
        .collect(Collectors.toCollection(TreeSet::new));
    assertEquals(thirdParty, list.linesByJar().keySet(), list.text());
    String mariadb = thirdParty.stream().filter(j -> j.startsWith("mariadb-java-client-")).findFirst().orElseThrow();
    assertTrue(list.linesByJar().get(mariadb).contains("(LGPL-2.1-or-later)"), list.text());
    String version = mariadb.substring("mariadb-java-client-".length(), mariadb.length() - ".jar".length());
    assertTrue(list.sourceLine("org.mariadb.jdbc:mariadb-java-client:" + version)
        .endsWith(" - https://github.com/mariadb-corporation/mariadb-connector-j"), list.text());
    // the driver shaded into one of YCSB-X's own jars, which the list cannot see
    String notice = Files.readString(dist.resolve("NOTICE"));
    assertTrue(Pattern.compile("org\\.mongodb:mongo-java-driver:\\d+\\.\\d+\\.\\d+ \\(Apache-2\\.0").matcher(notice).find(),
        notice);
  }

  @Test
  void everyShippedModuleDeclaresItsBindings() {
    // a module whose services file went missing would drop its bindings from the list above too
    for (String module : List.of("site.ycsbx.db.nulldb.", "site.ycsbx.db.mongodb.", "site.ycsbx.db.jdbc.")) {
      assertTrue(Bindings.all().stream().anyMatch(b -> b.className().startsWith(module)),
          "no binding declared by " + module + "*: " + Bindings.all());
    }
    assertTrue(BINDINGS.containsAll(List.of("basic", "null", "mongodb", "mongodb-embedded", "jdbc")), BINDINGS.toString());
  }

  @Test
  void helpListsCommandsAndBindings() {
    Result r = ycsb("--help");
    assertEquals(0, r.exitCode(), r.all());
    assertEquals("", r.stderr(), r.all());
    for (String command : List.of("load", "run", "shell")) {
      assertTrue(Pattern.compile("(?m)^\\s+" + command + "\\s").matcher(r.stdout()).find(), command + ":\n" + r.stdout());
    }
    for (String binding : BINDINGS) {
      assertTrue(Pattern.compile("(?m)^\\s+" + Pattern.quote(binding) + "\\s").matcher(r.stdout()).find(),
          binding + ":\n" + r.stdout());
    }
  }

  @Test
  void unknownCommandIsOneLineExit2() {
    assertOneLineError(ycsb("lod", "basic"), "unknown command 'lod'");
  }

  @Test
  void unknownBindingIsOneLineExit2() {
    Result r = ycsb("load", "nosuch");
    assertOneLineError(r, "unknown binding 'nosuch'; bindings: ");
    List<String> named = Arrays.asList(r.stderr().strip().replaceFirst(".*; bindings: ", "").split(", "));
    assertTrue(named.containsAll(BINDINGS), "the error names the bindings: " + r.stderr());
  }

  @Test
  void javaMissingIsOneLineExit2() {
    shell.assertAbsent(shell.pathWithoutJava(), "java");
    Result r = shell.run(dist, Shell.env(shell.pathWithoutJava()), dist.resolve("bin/ycsb").toString(), "--help");
    assertOneLineError(r, "java not found");
  }

  @Test
  void javaHomeIsEnoughWithoutJavaOnPath() {
    Result r = shell.run(dist, Shell.env(shell.pathWithoutJava(), "JAVA_HOME", System.getProperty("java.home")),
        dist.resolve("bin/ycsb").toString(), "--help");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.stdout().contains("mongodb-embedded"), r.all());
  }

  @Test
  void runsThroughASymlinkFromAnotherFolder() throws IOException {
    Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
    Path link = Files.createSymbolicLink(elsewhere.resolve("ycsb"), dist.resolve("bin/ycsb"));
    Result r = shell.run(elsewhere, Shell.env(shell.pathWithJava()), link.toString(), "--help");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.stdout().contains("Usage: ycsb"), r.all());
  }

  @Test
  void basicLoadsWorkloadaWithYcsbClient() {
    Result r = ycsb("load", "basic", "-P", "workloads/workloada");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.stdout().contains("[FINGERPRINT]"), r.all());
    assertTrue(r.stdout().contains("[INSERT], Return=OK, 1000"), r.all());
  }

  /** The README's first command: the first {@code bin/ycsb} line of its first code block, without "bin/ycsb". */
  private static List<String> readmeFirstCommand() throws IOException {
    String readme = Files.readString(repo.resolve("README.md"));
    String block = readme.substring(readme.indexOf("```sh"));
    String line = block.lines().filter(l -> l.startsWith("bin/ycsb ")).findFirst().orElseThrow(
        () -> new AssertionError("no bin/ycsb line in the README's first code block"));
    return List.of(line.substring("bin/ycsb ".length()).trim().split("\\s+"));
  }

  /**
   * The README's first command, word for word as the README gives it, in a fresh unpacked copy:
   * an iibench load of the workload file's 200000 rows on postgres-embedded, a real engine, whose
   * rounds report the size on storage of the table and its 3 secondary indexes; everything but the
   * [STATUS] lines (one per 10 s, so their number follows the machine's speed) and the line saying
   * the host was busy with others (the other modules' tests run meanwhile) fits in 60 lines.
   * Then a second load appends and verifies.
   */
  @Test
  void readmeFirstCommandLoadsIIBenchWithItsIndexesAndAppends() throws IOException {
    List<String> command = readmeFirstCommand();
    assertEquals(List.of("load", "postgres-embedded", "-P", "workloads/iibench"), command);
    Path copy = unpack(Files.createDirectories(tmp.resolve("readme-iibench")));
    Result first = ycsb(copy, command.toArray(new String[0]));
    assertEquals(0, first.exitCode(), first.all());
    assertTrue(first.stdout().contains("[FINGERPRINT]"), first.all());
    assertTrue(first.stdout().contains("[IIBENCH] purchases_index: ready, 3 secondary indexes"), first.all());
    assertTrue(first.stdout().contains("[INSERT_TXN], Return=OK, 200"), first.all());
    assertTrue(first.stdout().contains("[IIBENCH] inserted 200000 rows in "), first.all());
    Matcher size = Pattern.compile("(?m)^\\[SUMMARY\\] iibench: 200000 rows in .*; on storage ([0-9.]+) MB, \\d+ bytes/row$")
        .matcher(first.stderr());
    assertTrue(size.find(), first.all());
    // 200000 rows of about 100 bytes with three secondary indexes: tens of MB on storage
    assertTrue(Double.parseDouble(size.group(1)) > 10, first.all());
    assertTrue(first.stderr().contains("[ERRORS] OK: 200 operations, 0 failed"), first.all());
    // what the command printed (all() adds an exit line and two headers of its own)
    long lines = (first.stdout() + "\n" + first.stderr()).lines().filter(l -> !l.startsWith("[STATUS]") && !l.isEmpty()
        && !l.startsWith("[SUMMARY] ran beside other load: ")
        // once per machine and PostgreSQL version (a fresh machine's first command prints it)
        && !(l.startsWith("[YCSB-X] unpacked the PostgreSQL binaries") && l.endsWith("(once per version)"))).count();
    assertTrue(lines < 60, lines + " lines besides the [STATUS] lines:\n" + first.all());

    Result second = ycsb(copy, "load", "postgres-embedded", "-P", "workloads/iibench", "-p", "recordcount=3000",
        "-p", "iibench.verify=true");
    assertEquals(0, second.exitCode(), second.all());
    assertTrue(second.stdout().contains("purchases_index: appending to 200000 existing rows"), second.all());
    assertTrue(second.stdout().contains("[IIBENCH-VERIFY] purchases_index: 203000 rows, 203000 expected"), second.all());
  }

  /**
   * YCSB's workload A, load then run on mongodb-embedded (the README's tour runs it on
   * postgres-embedded; this one checks the MongoDB binding's path in the tarball), in a fresh
   * unpacked copy (the data folder they create must not disturb the other tests' copy).
   */
  @Test
  void mongodbEmbeddedLoadThenRunSeeTheSameData() throws IOException {
    Path copy = unpack(Files.createDirectories(tmp.resolve("readme-copy")));
    Set<String> before = fileNames(copy);
    Result load = ycsb(copy, "load", "mongodb-embedded", "-P", "workloads/workloada");
    assertEquals(0, load.exitCode(), load.all());
    assertTrue(load.stdout().contains("[FINGERPRINT]"), load.all());
    assertTrue(load.stdout().contains("[INSERT], Return=OK, 1000"), load.all());

    Result run = ycsb(copy, "run", "mongodb-embedded", "-P", "workloads/workloada");
    assertEquals(0, run.exitCode(), run.all());
    assertTrue(run.stdout().contains("[FINGERPRINT]"), run.all());
    // every read found its record and every update hit one: the run saw what the load wrote
    long reads = okCount(run.stdout(), "READ");
    long updates = okCount(run.stdout(), "UPDATE");
    assertEquals(1000, reads + updates, run.all());
    assertTrue(reads > 0 && updates > 0, run.all());
    assertFalse(Pattern.compile("(?m)^\\[(READ|UPDATE)\\], Return=(?!OK)").matcher(run.stdout()).find(), run.all());

    // the data lives in one folder under the working directory, which is what load and run shared
    Set<String> created = fileNames(copy);
    created.removeAll(before);
    assertEquals(1, created.size(), "one data folder expected in the working directory: " + created);

    // the README's two commands again in the same folder: the load is refused up front in one
    // line saying how to start over, so "load && run" stops there, and the run alone still works
    Result again = ycsb(copy, "load", "mongodb-embedded", "-P", "workloads/workloada");
    assertEquals(1, again.exitCode(), again.all());
    assertEquals(1, again.stderrLines().size(), again.all());
    assertTrue(again.stderrLines().get(0).matches("ycsb: collection ycsb\\.usertable .*already holds 1000 records.*"
        + "-p ycsbx\\.drop=true.*another mongodb\\.embedded\\.dir.*"), again.all());
    assertTrue(again.stdout().contains("[YCSB-X] opening "), again.all());
    assertFalse(again.stdout().contains("[INSERT]"), again.all());
    Result runAgain = ycsb(copy, "run", "mongodb-embedded", "-P", "workloads/workloada");
    assertEquals(0, runAgain.exitCode(), runAgain.all());

    // and with the flag it names, both commands as the README chains them
    Result sequence = shell.run(copy, Shell.env(shell.pathWithJava()), shell.tools.resolve("bash").toString(), "-c",
        "bin/ycsb load mongodb-embedded -P workloads/workloada -p ycsbx.drop=true"
        + " && bin/ycsb run mongodb-embedded -P workloads/workloada");
    assertEquals(0, sequence.exitCode(), sequence.all());
    assertTrue(sequence.stdout().contains("[INSERT], Return=OK, 1000"), sequence.all());
    assertEquals(1000, okCount(sequence.stdout(), "READ") + okCount(sequence.stdout(), "UPDATE"), sequence.all());
  }

  /** {@code bin/ycsb shell} with commands piped in: it answers, and exits at quit and at the end of input. */
  @Test
  void shellOnMongodbEmbeddedExitsAtQuitAndAtTheEndOfInput() throws IOException {
    Path data = Files.createDirectories(tmp.resolve("shell-data"));
    String ycsb = dist.resolve("bin/ycsb") + " shell mongodb-embedded -p mongodb.embedded.dir=" + data;
    Result quit = shell.run(dist, Shell.env(shell.pathWithJava()), shell.tools.resolve("bash").toString(), "-c",
        "printf 'insert k1 field0=hello\\nread k1\\nquit\\n' | " + ycsb);
    assertEquals(0, quit.exitCode(), quit.all());
    assertTrue(quit.stdout().contains("Return code: OK\nfield0=hello\n"), quit.all());
    Result eof = shell.run(dist, Shell.env(shell.pathWithJava()), shell.tools.resolve("bash").toString(), "-c",
        "printf 'read k1\\n' | " + ycsb);
    assertEquals(0, eof.exitCode(), eof.all());
    assertTrue(eof.stdout().contains("Return code: OK\nfield0=hello\n"), eof.all());
    assertFalse(eof.all().contains("Exception"), eof.all());
  }

  private static long okCount(String stdout, String op) {
    Matcher m = Pattern.compile("(?m)^\\[" + op + "\\], Return=OK, (\\d+)$").matcher(stdout);
    assertTrue(m.find(), "no [" + op + "], Return=OK line in:\n" + stdout);
    return Long.parseLong(m.group(1));
  }
}
