package site.ycsbx.db.mongodb.sysbench;

import java.util.function.Function;
import site.ycsbx.db.mongodb.conn.FamilySide;
import site.ycsbx.db.mongodb.conn.MongoConnection;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.db.mongodb.conn.Transactions;
import site.ycsbx.db.mongodb.port.MongoPort;
import site.ycsbx.db.mongodb.port.PortCollection;
import site.ycsbx.db.mongodb.port.PortException;
import site.ycsbx.store.StoreException;
import site.ycsbx.util.UserError;

/**
 * What {@link MongoSysbenchStore} needs of its binding besides the port: the run's options, a
 * port to each database, and what differs between the driver lines. As it stands it is the legacy
 * line's (MongoDB 2.4, TokuMX): no sessions, so {@code sysbench.transactions=true} is refused and
 * auto means each step alone; {@code tokumx} runs each OLTP transaction between TokuMX's
 * {@code beginTransaction} and {@code commitTransaction} commands ({@code rollbackTransaction} on
 * a failure), as sysbench-mongodb did on TokuMX. TokuMX ties a transaction to its connection, so
 * in that mode the binding hands this side ports over the client thread's own connection
 * ({@link #legacy}). The mongodb binding's side ({@link DriverSysbenchSide}) runs 4.0+'s
 * multi-document transactions instead.
 */
public class SysbenchSide extends FamilySide {
  /** Said when sysbench.transactions=true is asked of a line without sessions. */
  static final String NO_SESSIONS = MongoSysbenchStore.TRANSACTIONS.noSessions();
  static final String NONE_HERE = "MongoDB 2.4 and TokuMX have no multi-document transactions";

  /**
   * The legacy line's side: {@code ports} gives the port to a database by name, writing with the
   * run's write concern; {@code onePerThread} the same over a connection of the client thread's
   * own, which {@code tokumx} mode takes.
   */
  public static SysbenchSide legacy(MongoOptions options, Function<String, MongoPort> ports,
      Function<String, MongoPort> onePerThread) {
    return new SysbenchSide(options, tokumx(options) ? onePerThread : ports);
  }

  private static boolean tokumx(MongoOptions options) {
    try {
      return MongoSysbenchStore.TRANSACTIONS.of(options.properties()) == Transactions.Mode.TOKUMX;
    } catch (UserError e) {
      return false; // refused by transactional(), before anything is created
    }
  }

  private SysbenchSide(MongoOptions options, Function<String, MongoPort> ports) {
    super(options, ports);
  }

  /** The mongodb binding's side, on the thread's connection. */
  protected SysbenchSide(MongoConnection connection) {
    super(connection);
  }

  private Transactions.Mode mode() throws StoreException {
    try {
      return MongoSysbenchStore.TRANSACTIONS.of(options().properties());
    } catch (UserError e) {
      throw new StoreException(e.getMessage());
    }
  }

  /** Whether begin and commit enclose the steps; a setting this line cannot serve is refused. */
  public boolean transactional() throws StoreException {
    Transactions.Mode mode = mode();
    if (mode == Transactions.Mode.TRUE) {
      throw new StoreException(NO_SESSIONS);
    }
    return mode == Transactions.Mode.TOKUMX;
  }

  /** How the transaction runs, once {@link #transactional()} accepted the setting. */
  public String describe() throws StoreException {
    return MongoSysbenchStore.TRANSACTIONS.describe(mode(), NONE_HERE);
  }

  /**
   * Starts a transaction ({@link #transactional()} being true): the collections its steps use
   * until {@link #commit()} or {@link #rollback()}.
   */
  public Function<String, PortCollection> begin() {
    databasePort().command(databasePort().document("beginTransaction", 1));
    return c -> portOf(c).collection(c);
  }

  /** Commits the transaction begun; when that fails, rolls it back and throws. */
  public void commit() {
    try {
      databasePort().command(databasePort().document("commitTransaction", 1));
    } catch (PortException e) {
      rollback();
      throw e;
    }
  }

  /** Rolls the transaction back; a failure is not reported: the server ended it, or the connection is gone. */
  public void rollback() {
    try {
      databasePort().command(databasePort().document("rollbackTransaction", 1));
    } catch (PortException e) {
      // nothing is left to undo
    }
  }

  /**
   * Whether sysbench ignores this failure as it ignores a deadlock: here a duplicate key of the
   * delete+insert (two threads deleting and inserting one _id, PostgreSQL's unique_violation).
   */
  public boolean ignored(PortException e) {
    return e.duplicateKey();
  }

  /** Whether collStats gives bytes; the legacy line takes it as the server gives it. */
  public boolean reportsSizes() {
    return true;
  }
}
