package site.ycsbx.db.jdbc.conn;

import java.nio.charset.StandardCharsets;

/**
 * Byte strings written as SQL literals, for statements whose values are in their text (a bulk
 * load's multi-row INSERT, as LinkBench's loader sends it). Both forms are hex digits only, so no
 * byte value, quote or backslash of the payload reaches the server's lexer, whatever its settings:
 * MySQL/MariaDB's {@code X'0a1b'} reads the same under NO_BACKSLASH_ESCAPES and ANSI_QUOTES, and
 * PostgreSQL's {@code E'\\x0a1b'} (an escape string, whose {@code \\} is one backslash whether
 * standard_conforming_strings is on or off) is bytea's hex input.
 */
public final class SqlLiterals {
  private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.ISO_8859_1);

  private SqlLiterals() {
  }

  /** Appends {@code bytes} as a literal of the server the dialect kind names. */
  public static StringBuilder appendBytes(SqlDialect.Kind kind, StringBuilder sb, byte[] bytes) {
    sb.append(kind == SqlDialect.Kind.POSTGRESQL ? "E'\\\\x" : "x'");
    // the digits as one Latin-1 string, appended as one copy: appending them a char at a time paid
    // the builder's capacity and coder checks per digit (3x the time for a 128-byte payload)
    byte[] hex = new byte[2 * bytes.length];
    int j = 0;
    for (byte b : bytes) {
      hex[j++] = HEX[(b >> 4) & 0xf];
      hex[j++] = HEX[b & 0xf];
    }
    return sb.append(new String(hex, StandardCharsets.ISO_8859_1)).append('\'');
  }
}
