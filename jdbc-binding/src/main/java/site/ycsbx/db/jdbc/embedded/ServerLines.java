package site.ycsbx.db.jdbc.embedded;

import java.util.Locale;

/**
 * How the embedded server's lines on stdout begin (beside the binding's notes) and say a duration:
 * one place for the starting, unpacking and locking steps that print them.
 */
final class ServerLines {
  /** Start of the lines about the server (stdout, beside the binding's notes). */
  static final String PREFIX = "[YCSB-X] ";

  private ServerLines() {
  }

  static String seconds(long nanos) {
    return String.format(Locale.ROOT, "%.1f s", nanos / 1e9);
  }
}
