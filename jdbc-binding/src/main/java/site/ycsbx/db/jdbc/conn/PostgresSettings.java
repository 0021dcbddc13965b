package site.ycsbx.db.jdbc.conn;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.fingerprint.ServerSettings;

/**
 * The PostgreSQL settings beside the durability ones ({@link PostgresDialect#putDurability}, which
 * has wal_level too): the buffer cache and what paces checkpoints, read with {@code current_setting}.
 */
final class PostgresSettings {
  /**
   * shared_buffers is the cache's own entry (server.cache_mb, server.cache_source); wal_level is
   * with the durability settings.
   */
  static final List<String> NAMES = List.of("checkpoint_timeout", "max_wal_size", "checkpoint_completion_target");

  private PostgresSettings() {
  }

  static void put(Connection c, Fingerprint fp) {
    for (String n : NAMES) {
      ServerSettings.put(fp, n, setting(c, n));
    }
    long bytes = -1;
    String why = ServerSettings.NOT_READABLE_ROLE;
    try (PreparedStatement ps = c.prepareStatement("SELECT pg_size_bytes(current_setting('shared_buffers'))");
        ResultSet rs = ps.executeQuery()) {
      if (rs.next()) {
        bytes = rs.getLong(1);
      }
    } catch (SQLException e) {
      // pg_size_bytes is 9.6+: an older server keeps the setting's text above
      why = ServerSettings.NOT_REPORTED;
    }
    ServerSettings.putCache(fp, bytes, "shared_buffers=" + setting(c, "shared_buffers"), why);
  }

  private static String setting(Connection c, String name) {
    try (PreparedStatement ps = c.prepareStatement("SELECT current_setting(?)")) {
      ps.setString(1, name);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? rs.getString(1) : null;
      }
    } catch (SQLException e) {
      // 42704: no such setting in this version; 42501: a role that may not read it
      return "42501".equals(e.getSQLState()) ? ServerSettings.NOT_READABLE_ROLE : ServerSettings.NOT_REPORTED;
    }
  }
}
