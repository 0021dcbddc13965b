package site.ycsbx.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code bin/ycsb} the way a user's shell would, but with a PATH built from scratch:
 * the JDK's bin plus a folder of symlinks to the few tools the script uses. /usr/bin and /bin
 * hold mvn on the build machine, so they cannot be on that PATH; this is what makes "no Maven"
 * real rather than assumed.
 */
final class Shell {
  /**
   * The tools bin/ycsb (and the tests' fake mvn) use, and those postgres-embedded starts its
   * server with (sh and setsid; unshare and id as root); mvn is deliberately not one of them.
   */
  static final List<String> TOOLS = List.of("bash", "dirname", "readlink", "find", "mkdir", "touch", "cat", "sh", "setsid",
      "unshare", "id");

  /** What a finished process printed and returned. */
  record Result(int exitCode, String stdout, String stderr) {
    String all() {
      return "exit " + exitCode + "\n--- stdout:\n" + stdout + "\n--- stderr:\n" + stderr;
    }

    List<String> stderrLines() {
      return Arrays.stream(stderr.split("\n")).filter(l -> !l.isBlank()).toList();
    }
  }

  final Path tools;
  final Path jdkBin;

  private Shell(Path tools, Path jdkBin) {
    this.tools = tools;
    this.jdkBin = jdkBin;
  }

  /** A tools folder under {@code dir} with symlinks to {@link #TOOLS}, found in /usr/bin or /bin. */
  static Shell create(Path dir) throws IOException {
    Path tools = Files.createDirectories(dir.resolve("tools"));
    for (String tool : TOOLS) {
      Path real = List.of(Path.of("/usr/bin", tool), Path.of("/bin", tool)).stream()
          .filter(Files::isExecutable).findFirst()
          .orElseThrow(() -> new AssertionError("no " + tool + " in /usr/bin or /bin"));
      Files.createSymbolicLink(tools.resolve(tool), real.toRealPath());
    }
    Path jdkBin = Path.of(System.getProperty("java.home"), "bin");
    return new Shell(tools, jdkBin);
  }

  /** PATH with java (the JDK's bin) and the tools, without mvn. */
  String pathWithJava() {
    return jdkBin + ":" + tools;
  }

  /** PATH with the tools only: no java, no mvn. */
  String pathWithoutJava() {
    return tools.toString();
  }

  /** Fails unless {@code command -v name} fails under {@code path}. */
  void assertAbsent(String path, String name) {
    Result r = run(Path.of("/"), Map.of("PATH", path), tools.resolve("bash").toString(), "-c", "command -v " + name);
    assertNotEquals(0, r.exitCode(), name + " is reachable on PATH=" + path + ": " + r.stdout());
  }

  /** Fails unless {@code command -v name} succeeds under {@code path}. */
  void assertPresent(String path, String name) {
    Result r = run(Path.of("/"), Map.of("PATH", path), tools.resolve("bash").toString(), "-c", "command -v " + name);
    assertEquals(0, r.exitCode(), name + " is not reachable on PATH=" + path);
  }

  /**
   * Runs {@code command} in {@code workDir} with exactly the given environment (plus HOME, so
   * that nothing falls back to the user's home by accident), killed after ten minutes (a shipped
   * experiment at its smallest size takes about one on a quiet 2-core host, several beside the other
   * modules' tests).
   */
  Result run(Path workDir, Map<String, String> env, String... command) {
    try {
      Path out = Files.createTempFile("ycsbx-dist-out", ".txt");
      Path err = Files.createTempFile("ycsbx-dist-err", ".txt");
      ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(List.of(command)))
          .directory(workDir.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile());
      Map<String, String> e = pb.environment();
      e.clear();
      e.put("HOME", workDir.toString());
      e.putAll(env);
      Process p = pb.start();
      if (!p.waitFor(600, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new AssertionError("timed out: " + String.join(" ", command) + "\n" + Files.readString(out)
            + "\n" + Files.readString(err));
      }
      Result r = new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8));
      Files.delete(out);
      Files.delete(err);
      return r;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  /** An environment holding only PATH and the given extra pairs. */
  static Map<String, String> env(String path, String... keyValues) {
    Map<String, String> env = new HashMap<>();
    env.put("PATH", path);
    for (int i = 0; i < keyValues.length; i += 2) {
      env.put(keyValues[i], keyValues[i + 1]);
    }
    return env;
  }

  /** A system property set by distribution/pom.xml for the tests. */
  static String property(String name) {
    String v = System.getProperty(name);
    if (v == null) {
      throw new AssertionError("system property " + name + " is not set; run these tests through Maven (mvn verify)");
    }
    return v;
  }
}
