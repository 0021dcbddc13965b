package site.ycsbx.db.jdbc.iibench;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import site.ycsbx.db.jdbc.conn.JdbcStoreCheck;
import site.ycsbx.db.jdbc.conn.SqlDialect;
import site.ycsbx.db.jdbc.conn.TableWalk;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.iibench.IIBenchPlan;
import site.ycsbx.store.iibench.IIBenchStore;
import site.ycsbx.store.iibench.IIBenchTable;
import site.ycsbx.util.UserError;

/**
 * The iibench part of the JDBC preflight: refuses a batch that one INSERT cannot carry, and an
 * existing table that would mislabel the results (another engine than {@code jdbc.engine},
 * other columns or indexes), unless {@code iibench.drop=true} replaces it. Reads only.
 */
public final class IIBenchCheck implements JdbcStoreCheck {
  @Override
  public Report check(Server s, StoreDemand demand) throws SQLException {
    IIBenchPlan plan = demand.plan(IIBenchPlan.class);
    Connection c = s.connection();
    List<IIBenchTable> tables = plan.tables();
    IIBenchTable first = tables.get(0);
    checkStatementSize(s, first, plan.batchRows());
    TableWalk walk = new TableWalk(s, plan.drop(), demand.verify());
    for (IIBenchTable t : tables) {
      walk.table(t.name(), () -> ExistingTable.dropRefusal(c, s.dialect(), t.name()),
          e -> ExistingTable.unusable(c, s.dialect(), t, e, s.engine()));
    }
    Optional<String> engine = walk.engine();
    List<String> withRows = walk.withRows();
    int existing = walk.existing().size();
    String names = tables.size() == 1 ? first.name() : first.name() + " .. " + tables.get(tables.size() - 1).name();
    String state;
    if (plan.drop()) {
      state = "dropped and created by the workload: " + IIBenchStore.DROP_PROPERTY + "=true";
    } else if (demand.verify()) {
      state = "exist, read by verify";
    } else if (existing == 0) {
      state = "absent, created by the workload";
    } else {
      state = existing + " of " + tables.size() + " exist, " + (withRows.isEmpty() ? "empty" : "rows appended to "
          + String.join(", ", withRows));
    }
    // iibench sends its own batches (iibench.batchsize rows per INSERT), not db.batchsize's
    return new Report(engine, names + " in " + s.location() + " (" + state + ")",
        Optional.of(IIBenchStore.BATCH_SIZE_PROPERTY));
  }

  /** One INSERT carries the whole batch: within the parameter limit and the server's statement size. */
  private static void checkStatementSize(Server s, IIBenchTable t, int batchRows) throws SQLException {
    int columns = IIBenchSchema.columns(t.paddingFields());
    long parameters = (long) batchRows * columns;
    if (parameters > IIBenchSchema.MAX_PARAMETERS) {
      throw new UserError(IIBenchStore.BATCH_SIZE_PROPERTY + "=" + batchRows + " makes INSERTs of " + parameters
          + " parameters (" + columns + " columns a row), over the " + IIBenchSchema.MAX_PARAMETERS
          + " a JDBC prepared statement takes; " + IIBenchStore.BATCH_SIZE_PROPERTY + " accepts at most "
          + IIBenchSchema.maxRowsPerInsert(t.paddingFields()) + " with " + IIBenchStore.PADDING_FIELDS_PROPERTY + "="
          + t.paddingFields() + " on the jdbc binding");
    }
    SqlDialect d = s.dialect();
    long bytes = IIBenchSchema.statementBytes(batchRows, t.paddingFields(), t.paddingLength());
    long max = d.maxStatementBytes(s.connection());
    if (bytes > max) {
      long fit = Math.max(1, batchRows * max / bytes);
      throw new UserError(IIBenchStore.BATCH_SIZE_PROPERTY + "=" + batchRows + " with "
          + IIBenchStore.PADDING_FIELDS_PROPERTY + "=" + t.paddingFields() + " x "
          + IIBenchStore.PADDING_LENGTH_PROPERTY + "=" + t.paddingLength() + " makes INSERTs of about "
          + mb(bytes) + ", over the " + mb(max) + " the server at " + s.options().maskedUrl() + " accepts ("
          + d.maxStatementLimit() + "); " + IIBenchStore.BATCH_SIZE_PROPERTY
          + " accepts at most about " + fit + " rows of this size here");
    }
  }

  private static String mb(long bytes) {
    return String.format(Locale.ROOT, "%.1f MB", bytes / 1048576.0);
  }
}
