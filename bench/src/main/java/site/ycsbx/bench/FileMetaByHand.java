package site.ycsbx.bench;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;

/**
 * filemeta's two queries as a hand-written client sends them: the same SQL text as the JDBC
 * binding's store (FileMetaSchema), every column of every row read as the store reads it. Shared
 * by the loops that compare YCSB-X with hand-written JDBC.
 */
final class FileMetaByHand {
  /** server_id is 0..32 in the spec. */
  static final int SERVERS = 33;
  static final int LATEST_LIMIT = 10;

  private FileMetaByHand() {
  }

  /** The SQL of {@code latest} or {@code count} on {@code table}. */
  static String sql(String query, String table) {
    return switch (query) {
      case "latest" -> "SELECT * FROM " + table + " WHERE user_id=? ORDER BY last_updated DESC LIMIT " + LATEST_LIMIT;
      case "count" -> "SELECT COUNT(1) FROM " + table + " WHERE server_id=? AND deleted=1";
      default -> throw new IllegalArgumentException("--query latest or count, not " + query);
    };
  }

  /** The latest files of a user, every column read: the number of rows. */
  static long latest(PreparedStatement ps, long user) throws SQLException {
    ps.setLong(1, user);
    long sum = 0;
    long rows = 0;
    try (ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        rows++;
        sum += rs.getLong("id") + rs.getString("path").length() + rs.getLong("size") + rs.getInt("server_id")
            + rs.getInt("deleted") + rs.getObject("last_updated", LocalDateTime.class).getSecond()
            + rs.getObject("created", LocalDateTime.class).getSecond() + rs.getLong("user_id");
      }
    }
    return sum == Long.MIN_VALUE ? 0 : rows; // the values are used: nothing read is optimized away
  }

  /** The deleted files of a server. */
  static long count(PreparedStatement ps, int server) throws SQLException {
    ps.setInt(1, server);
    try (ResultSet rs = ps.executeQuery()) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
