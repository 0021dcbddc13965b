package site.ycsbx.db.jdbc.filemeta;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import site.ycsbx.db.jdbc.conn.CheckedTables;
import site.ycsbx.db.jdbc.conn.JdbcStoreCheck;
import site.ycsbx.db.jdbc.conn.TableWalk;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.filemeta.FileMetaPlan;
import site.ycsbx.store.filemeta.FileMetaSharding;
import site.ycsbx.store.filemeta.FileMetaStore;
import site.ycsbx.util.UserError;

/**
 * The filemeta part of the JDBC preflight: refuses a load batch that one INSERT cannot carry,
 * and an existing files table that would fail the run or mislabel its results (another engine
 * than {@code jdbc.engine}, not the spec's columns, key or indexes), unless
 * {@code filemeta.drop=true} replaces it. Reads only. A table found usable is marked
 * ({@link CheckedTables}) so that the workload's prepare in this JVM does not check it again.
 */
public final class FileMetaCheck implements JdbcStoreCheck {
  @Override
  public Report check(Server s, StoreDemand demand) throws SQLException {
    FileMetaPlan plan = demand.plan(FileMetaPlan.class);
    if (plan.sharding().enabled()) {
      throw new UserError(FileMetaSharding.SHARD_PROPERTY + "=true shards a MongoDB collection through a mongos; the"
          + " jdbc binding has no shards to spread the table over; remove " + FileMetaSharding.SHARD_PROPERTY);
    }
    if (plan.batchSize() > FileMetaSchema.MAX_ROWS_PER_INSERT) {
      throw new UserError(FileMetaStore.BATCH_SIZE_PROPERTY + "=" + plan.batchSize() + " makes INSERTs of "
          + (long) plan.batchSize() * FileMetaStore.COLUMNS.size() + " parameters (" + FileMetaStore.COLUMNS.size()
          + " columns a file), over the " + FileMetaSchema.MAX_PARAMETERS + " a JDBC prepared statement takes; "
          + FileMetaStore.BATCH_SIZE_PROPERTY + " accepts at most " + FileMetaSchema.MAX_ROWS_PER_INSERT
          + " on the jdbc binding");
    }
    Connection c = s.connection();
    String table = plan.table();
    TableWalk walk = new TableWalk(s, plan.drop(), demand.verify());
    walk.table(table, () -> FileMetaSchema.dropRefusal(c, s.dialect(), table),
        e -> FileMetaSchema.SHAPE.unusable(c, s.dialect(), table, e, s.engine(), JdbcFileMetaStore.FIX));
    String state;
    if (plan.drop()) {
      state = "dropped and created by the workload: " + FileMetaStore.DROP_PROPERTY + "=true";
    } else if (walk.existing().isEmpty()) {
      if (plan.runFiles() > 0) {
        throw s.refusal(plan.tooFewFiles("table " + table + ", which does not exist,", -1));
      }
      state = "absent, created by the workload";
    } else {
      if (plan.runFiles() > 0 && !FileMetaSchema.holdsId(c, table, plan.runFiles() - 1)) {
        throw s.refusal(plan.tooFewFiles("table " + table, FileMetaSchema.maxId(c, table)));
      }
      state = walk.withRows().isEmpty() ? "exists, empty" : "exists, with rows";
      CheckedTables.mark(s.options(), table); // the workload's prepare need not check it again
    }
    // the load sends its own batches (filemeta.batchsize files per INSERT), not db.batchsize's
    return new Report(walk.engine(), table + " in " + s.location() + " (" + state + ")",
        Optional.of(FileMetaStore.BATCH_SIZE_PROPERTY));
  }
}
