package site.ycsbx.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.distribution.Shell.Result;

/**
 * What the tarball's IT classes start from: the tarball unpacked into an empty folder, and a shell
 * whose PATH has java but no Maven. Each class unpacks its own copy (they run in JVMs of their own).
 */
abstract class UnpackedTarball {
  @TempDir
  static Path tmp;
  static Path repo;
  static Path dist;
  static Shell shell;

  @BeforeAll
  static void unpackOnce() throws IOException {
    repo = Path.of(Shell.property("ycsbx.repo")).toRealPath();
    shell = Shell.create(tmp);
    dist = unpack(Files.createDirectories(tmp.resolve("unpacked")));
    shell.assertAbsent(shell.pathWithJava(), "mvn");
    shell.assertPresent(shell.pathWithJava(), "java");
  }

  /** Unpacks the tarball into {@code into}, returning its one top folder. */
  static Path unpack(Path into) throws IOException {
    Path tarball = Path.of(Shell.property("ycsbx.tarball"));
    assertTrue(Files.isRegularFile(tarball), "no tarball at " + tarball);
    // the system's tar, as a user would unpack it; it keeps the file modes
    Result r = shell.run(into, Shell.env("/usr/bin:/bin"), "tar", "xzf", tarball.toString());
    assertEquals(0, r.exitCode(), r.all());
    String name = Shell.property("ycsbx.dist.name");
    assertEquals(Set.of(name), fileNames(into), "one top folder, named for the version");
    return into.resolve(name);
  }

  static Result ycsb(String... args) {
    return ycsb(dist, args);
  }

  /** {@code bin/ycsb args} of the unpacked folder {@code home}, run from it; java on PATH, Maven absent. */
  static Result ycsb(Path home, String... args) {
    return ycsb(home, Shell.env(shell.pathWithJava()), args);
  }

  /** {@code bin/ycsb args} of {@code home}, run from it in the environment {@code env}. */
  static Result ycsb(Path home, java.util.Map<String, String> env, String... args) {
    String[] cmd = Stream.concat(Stream.of(home.resolve("bin/ycsb").toString()), Arrays.stream(args))
        .toArray(String[]::new);
    return shell.run(home, env, cmd);
  }

  static Set<String> fileNames(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new));
    }
  }
}
