package site.ycsbx.db.jdbc;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import site.ycsbx.util.UserError;
import site.ycsbx.workloads.iibench.IIBenchSettings;
import site.ycsbx.workloads.iibench.IIBenchTable;

/**
 * The iibench part of the JDBC preflight: refuses a batch that one INSERT cannot carry, and an
 * existing table that would mislabel the results (another engine than {@code jdbc.engine},
 * other columns or indexes), unless {@code iibench.drop=true} replaces it. Reads only.
 */
final class IIBenchPreflight {
  /** What the preflight learnt: the engine of the existing tables (if any), and their state. */
  record Result(Optional<String> engine, String tables) {
  }

  private final List<IIBenchTable> tables = new ArrayList<>();
  private final int batchRows;
  private final boolean drop;

  /** Reads the iibench properties (the workload has checked their values). */
  IIBenchPreflight(Properties p) {
    IIBenchSettings settings = new IIBenchSettings(p);
    tables.addAll(settings.tables());
    // a load smaller than one batch sends one smaller INSERT
    batchRows = settings.rows() > 0 ? (int) Math.min(settings.batchSize(), settings.rows()) : settings.batchSize();
    drop = settings.drop();
  }

  /**
   * @param engineAsked {@code jdbc.engine} as the server spells it, or null
   * @param where the database/schema, for messages
   */
  Result check(Connection c, SqlDialect d, JdbcOptions o, String engineAsked, String where) throws SQLException {
    IIBenchTable first = tables.get(0);
    checkStatementSize(c, d, o, first);
    Optional<String> engine = Optional.empty();
    List<String> withRows = new ArrayList<>();
    int existing = 0;
    for (IIBenchTable t : tables) {
      Optional<String> e = d.tableEngine(c, t.name());
      if (e.isEmpty() || drop) {
        continue;
      }
      existing++;
      engine = engine.or(() -> e);
      String why = JdbcIIBenchStore.unusable(c, d, t, e.get(), engineAsked);
      if (why != null) {
        throw UserError.target(why + " (" + where + " at " + o.maskedUrl() + ")");
      }
      if (hasRows(c, t.name())) {
        withRows.add(t.name());
      }
    }
    String names = tables.size() == 1 ? first.name() : first.name() + " .. " + tables.get(tables.size() - 1).name();
    String state;
    if (drop) {
      state = "dropped and created by the workload: " + IIBenchSettings.DROP_PROPERTY + "=true";
    } else if (existing == 0) {
      state = "absent, created by the workload";
    } else {
      state = existing + " of " + tables.size() + " exist, " + (withRows.isEmpty() ? "empty" : "rows appended to "
          + String.join(", ", withRows));
    }
    return new Result(engine, names + " in " + where + " (" + state + ")");
  }

  /** One INSERT carries the whole batch: within the parameter limit and the server's statement size. */
  private void checkStatementSize(Connection c, SqlDialect d, JdbcOptions o, IIBenchTable t) throws SQLException {
    int columns = IIBenchSchema.columns(t.paddingFields());
    long parameters = (long) batchRows * columns;
    if (parameters > IIBenchSchema.MAX_PARAMETERS) {
      throw new UserError(IIBenchSettings.BATCH_SIZE_PROPERTY + "=" + batchRows + " makes INSERTs of " + parameters
          + " parameters (" + columns + " columns a row), over the " + IIBenchSchema.MAX_PARAMETERS
          + " a JDBC prepared statement takes; " + IIBenchSettings.BATCH_SIZE_PROPERTY + " accepts at most "
          + IIBenchSchema.maxRowsPerInsert(t.paddingFields()) + " with " + IIBenchSettings.PADDING_FIELDS_PROPERTY + "="
          + t.paddingFields() + " on the jdbc binding");
    }
    long bytes = IIBenchSchema.statementBytes(batchRows, t.paddingFields(), t.paddingLength());
    long max = d.maxStatementBytes(c);
    if (bytes > max) {
      long fit = Math.max(1, batchRows * max / bytes);
      throw new UserError(IIBenchSettings.BATCH_SIZE_PROPERTY + "=" + batchRows + " with "
          + IIBenchSettings.PADDING_FIELDS_PROPERTY + "=" + t.paddingFields() + " x "
          + IIBenchSettings.PADDING_LENGTH_PROPERTY + "=" + t.paddingLength() + " makes INSERTs of about "
          + mb(bytes) + ", over the " + mb(max) + " the server at " + o.maskedUrl() + " accepts ("
          + (d.hasEngines() ? "max_allowed_packet" : "message limit") + "); " + IIBenchSettings.BATCH_SIZE_PROPERTY
          + " accepts at most about " + fit + " rows of this size here");
    }
  }

  private static String mb(long bytes) {
    return String.format(Locale.ROOT, "%.1f MB", bytes / 1048576.0);
  }

  private static boolean hasRows(Connection c, String table) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1 FROM " + table + " LIMIT 1")) {
      return rs.next();
    }
  }
}
