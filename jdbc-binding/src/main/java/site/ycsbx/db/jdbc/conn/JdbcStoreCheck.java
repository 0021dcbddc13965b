package site.ycsbx.db.jdbc.conn;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.util.UserError;

/**
 * A workload family's part of {@code JdbcPreflight}: the checks of the tables its store will
 * use, registered in {@code JdbcStores} for the store interface. Reads only; refuses with a
 * {@link UserError} what would fail or mislabel the run.
 */
public interface JdbcStoreCheck {
  /**
   * @param demand the store the workload takes, with its family's plan
   * @return what the fingerprint reports about the family's tables
   */
  Report check(Server server, StoreDemand demand) throws SQLException;

  /**
   * The server as the preflight found it, on a read-only connection.
   *
   * @param engine {@code jdbc.engine} as the server spells it, or null
   * @param location where tables go, for messages ({@link SqlDialect#location})
   */
  record Server(Connection connection, JdbcOptions options, String engine, String location) {
    public SqlDialect dialect() {
      return options.dialect();
    }

    /** A refusal of the target, saying where: "why (database ycsb at jdbc:mysql://...)". */
    public UserError refusal(String why) {
      return UserError.target(why + " (" + location + " at " + options.maskedUrl() + ")");
    }

    /** A refusal of a drop the user asked for (bad input: the name points at another table). */
    public UserError dropRefusal(String why) {
      return inputRefusal(why);
    }

    /** A refusal of the run's properties against what the target holds (bad input), saying where. */
    public UserError inputRefusal(String why) {
      return new UserError(why + " (" + location + " at " + options.maskedUrl() + ")");
    }
  }

  /**
   * What a check learnt, for the fingerprint.
   *
   * @param engine the engine of the family's existing tables, which labels the run; empty when
   *     none exists (they will get {@code jdbc.engine}, or the server's default)
   * @param tables the fingerprint's {@code jdbc.table}: the tables, where, and their state
   * @param batchSizeProperty the property that sizes the family's batches in place of
   *     {@code db.batchsize}; empty when {@code db.batchsize} applies
   */
  record Report(Optional<String> engine, String tables, Optional<String> batchSizeProperty) {
  }
}
