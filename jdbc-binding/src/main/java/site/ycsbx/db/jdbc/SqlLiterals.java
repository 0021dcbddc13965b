package site.ycsbx.db.jdbc;

/**
 * Byte strings written as SQL literals, for statements whose values are in their text (a bulk
 * load's multi-row INSERT, as LinkBench's loader sends it). Both forms are hex digits only, so no
 * byte value, quote or backslash of the payload reaches the server's lexer, whatever its settings:
 * MySQL/MariaDB's {@code X'0a1b'} reads the same under NO_BACKSLASH_ESCAPES and ANSI_QUOTES, and
 * PostgreSQL's {@code E'\\x0a1b'} (an escape string, whose {@code \\} is one backslash whether
 * standard_conforming_strings is on or off) is bytea's hex input.
 */
public final class SqlLiterals {
  private static final char[] HEX = "0123456789abcdef".toCharArray();

  private SqlLiterals() {
  }

  /** Appends {@code bytes} as a literal of the server the dialect kind names. */
  public static StringBuilder appendBytes(SqlDialect.Kind kind, StringBuilder sb, byte[] bytes) {
    sb.append(kind == SqlDialect.Kind.POSTGRESQL ? "E'\\\\x" : "x'");
    sb.ensureCapacity(sb.length() + 2 * bytes.length + 1);
    for (byte b : bytes) {
      sb.append(HEX[(b >> 4) & 0xf]).append(HEX[b & 0xf]);
    }
    return sb.append('\'');
  }
}
