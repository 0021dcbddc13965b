package site.ycsbx.db.jdbc.embedded;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import site.ycsbx.util.UserError;

/** Short-lived helper programs (initdb, postgres -V, unshare), their output kept for the one-line error. */
final class Processes {
  /** initdb fsyncs a new data folder: seconds on a laptop, more on a busy disk. */
  private static final long TIMEOUT_SECONDS = 300;

  private Processes() {
  }

  /** What the command printed (stdout and stderr); a {@link UserError} with its last line when it fails. */
  static String output(List<String> cmd) {
    try {
      Path out = Files.createTempFile("ycsbx-postgres-", ".out");
      try {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
          p.destroyForcibly();
          throw UserError.target(name(cmd) + " did not finish in " + TIMEOUT_SECONDS + " s");
        }
        String text = Files.readString(out, StandardCharsets.UTF_8);
        if (p.exitValue() != 0) {
          throw UserError.target(name(cmd) + " failed (exit " + p.exitValue() + "): " + lastLine(text));
        }
        return text;
      } finally {
        Files.deleteIfExists(out);
      }
    } catch (IOException e) {
      throw UserError.target("cannot run " + name(cmd) + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw UserError.target(name(cmd) + " was interrupted");
    }
  }

  /** The program's file name (the first that is not a wrapper such as unshare). */
  static String name(List<String> cmd) {
    for (String c : cmd) {
      String n = Path.of(c).getFileName().toString();
      if (!n.equals("unshare") && !n.startsWith("-")) {
        return n;
      }
    }
    return cmd.get(0);
  }

  /** The last line that says something, preferring PostgreSQL's FATAL/ERROR lines. */
  static String lastLine(String text) {
    String[] lines = text.strip().split("\n");
    for (int i = lines.length - 1; i >= 0; i--) {
      String l = lines[i].strip();
      if (l.contains("FATAL:") || l.contains("error:") || l.contains("ERROR:")) {
        return l;
      }
    }
    return lines.length == 0 || lines[lines.length - 1].isBlank() ? "(no output)" : lines[lines.length - 1].strip();
  }

  /** Whether an executable of this name is on the PATH. */
  static boolean onPath(String program) {
    String path = System.getenv("PATH");
    if (path == null) {
      return false;
    }
    for (String d : path.split(File.pathSeparator)) {
      if (!d.isEmpty() && Files.isExecutable(Path.of(d, program))) {
        return true;
      }
    }
    return false;
  }
}
