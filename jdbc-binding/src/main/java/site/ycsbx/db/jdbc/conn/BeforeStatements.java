package site.ycsbx.db.jdbc.conn;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.Preflight;
import site.ycsbx.util.PropertyDef;
import site.ycsbx.util.UserError;

/**
 * {@value #PROPERTY}: statements the preflight runs on the server before it inspects it, so that
 * a run's server settings ({@code SET GLOBAL innodb_flush_log_at_trx_commit=2}) are part of its
 * command line, of an experiment's target, and of the fingerprint, which then reads the settings
 * back from the server as it does for every run.
 */
public final class BeforeStatements {
  static final String PROPERTY = "jdbc.before";
  public static final PropertyDef DEF = PropertyDef.noDefault(PROPERTY, "SQL statements, separated by ';', run before the"
      + " run's checks (e.g. SET GLOBAL innodb_flush_log_at_trx_commit=2); in the fingerprint");

  private BeforeStatements() {
  }

  /** The statements of {@value #PROPERTY}; empty when it is not set. */
  static List<String> of(Properties props) {
    List<String> out = new ArrayList<>();
    for (String s : props.getProperty(PROPERTY, "").split(";")) {
      if (!s.isBlank()) {
        out.add(s.trim());
      }
    }
    return out;
  }

  /** Runs them in order on a connection of their own; the first that fails stops the run before anything else. */
  public static void run(JdbcOptions o, Properties props, Fingerprint fp) {
    List<String> statements = of(props);
    if (statements.isEmpty()) {
      return;
    }
    try (Connection c = Connector.open(o); Statement s = c.createStatement()) {
      for (String sql : statements) {
        try {
          s.execute(sql);
        } catch (SQLException e) {
          throw UserError.target(PROPERTY + ": '" + sql + "' failed on the server at " + o.maskedUrl() + ": "
              + Connector.message(e, o));
        }
        System.out.println(Preflight.NOTE_PREFIX + PROPERTY + ": ran " + sql);
      }
    } catch (SQLException e) {
      throw UserError.target("cannot run " + PROPERTY + " on the server at " + o.maskedUrl() + ": "
          + Connector.message(e, o));
    }
    fp.put(PROPERTY, String.join("; ", statements));
  }
}
