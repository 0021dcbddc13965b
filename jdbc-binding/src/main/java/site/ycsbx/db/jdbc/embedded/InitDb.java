package site.ycsbx.db.jdbc.embedded;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import site.ycsbx.util.UserError;

/**
 * Makes a new data folder with initdb: beside the folder asked for, renamed to it once complete,
 * so that a folder holding PG_VERSION is always a whole data folder (an initdb cut short leaves
 * only a {@code <name>.initdb-*} folder beside it).
 */
final class InitDb {
  /** The superuser it makes, which the binding connects as. */
  static final String USER = "postgres";
  /** What initdb is told beyond the folder; the fingerprint names them. */
  static final List<String> OPTIONS = List.of(
      // the host's locale would decide text order and could be one initdb cannot use; "C" orders by bytes
      "--locale=C", "--encoding=UTF8",
      // the server listens on TCP: a password, as any local user could reach a trusted one
      "--auth=scram-sha-256");

  private InitDb() {
  }

  /** Creates {@code dir} (absent or empty) as a data folder whose superuser has a new password; returns what it did, for the start line. */
  static String create(PostgresBinaries binaries, ServerUser user, DataFolder folder) {
    Path dir = folder.dir();
    long start = System.nanoTime();
    Path initdb = binaries.program("initdb");
    Path parent = dir.getParent();
    Path tmp = parent.resolve(dir.getFileName() + ".initdb-" + Long.toUnsignedString(new SecureRandom().nextLong(), 36));
    Path pwFile = null;
    try {
      Files.createDirectories(parent);
      String password = newPassword();
      pwFile = Files.createTempFile(parent, "." + dir.getFileName() + ".pw-", "",
          PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
      Files.writeString(pwFile, password + "\n");
      List<String> cmd = new java.util.ArrayList<>(List.of(initdb.toString(), "-D", tmp.toString(), "-U",
          USER, "--pwfile=" + pwFile, "--no-instructions"));
      cmd.addAll(OPTIONS);
      Processes.output(user.command(cmd));
      Path keep = tmp.resolve(DataFolder.PASSWORD_FILE);
      Files.createFile(keep, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
      Files.writeString(keep, password + "\n");
      if (Files.isDirectory(dir)) {
        Files.delete(dir); // empty, as DataFolder found it
      }
      Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw UserError.target("cannot create the PostgreSQL data folder " + dir + " (" + DataFolder.DIR_PROPERTY + "): "
          + e.getMessage());
    } finally {
      if (pwFile != null) {
        try {
          Files.deleteIfExists(pwFile);
        } catch (IOException e) {
          // a temporary file in the parent folder, readable by this user only
        }
      }
      if (Files.exists(tmp)) {
        PostgresBinaries.deleteTree(tmp);
      }
    }
    return "created a PostgreSQL data folder at " + dir + " (initdb) in " + ServerLines.seconds(System.nanoTime() - start);
  }

  private static String newPassword() {
    byte[] b = new byte[24];
    new SecureRandom().nextBytes(b);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
  }
}
