package site.ycsbx.db.mongodb.sysbench;

import com.mongodb.MongoException;
import com.mongodb.MongoWriteException;
import com.mongodb.TransactionOptions;
import com.mongodb.client.ClientSession;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import site.ycsbx.db.mongodb.conn.MongoConnection;
import site.ycsbx.db.mongodb.conn.MongoErrors;
import site.ycsbx.db.mongodb.port.PortCollection;
import site.ycsbx.db.mongodb.port.PortException;
import site.ycsbx.db.mongodb.port.driver.DriverPort;
import site.ycsbx.store.StoreException;

/**
 * The mongodb binding's sysbench side (MongoDB 2.6+, the 4.x/5.x driver): with
 * {@value MongoSysbenchStore#TRANSACTIONS_PROPERTY} on a server that has them the steps between
 * begin and commit share one multi-document transaction, its session carried through the port
 * ({@link DriverPort#inSession}), committed with the run's write concern; {@code tokumx} is
 * refused, being TokuMX's, which only mongodb-legacy speaks.
 */
final class DriverSysbenchSide extends SysbenchSide {
  private static final int DUPLICATE_KEY = 11000;
  private static final int WRITE_CONFLICT = 112;

  private final MongoConnection connection;
  private final SysbenchTransactions shared;
  private final TransactionOptions transactionOptions;
  private ClientSession session;

  DriverSysbenchSide(MongoConnection connection) {
    super(connection);
    this.connection = connection;
    this.shared = connection.shared(SysbenchTransactions.class, SysbenchTransactions::new);
    // the commit carries the run's write concern; the driver sends none on the writes inside
    this.transactionOptions = TransactionOptions.builder().writeConcern(options().writeConcern()).build();
  }

  @Override
  public boolean transactional() throws StoreException {
    return shared.on(connection);
  }

  @Override
  public String describe() {
    return shared.describe();
  }

  @Override
  public Function<String, PortCollection> begin() {
    Map<String, PortCollection> collections = new HashMap<>();
    driver(() -> {
      session = connection.startSession();
      session.startTransaction(transactionOptions);
    });
    ClientSession s = session;
    return c -> collections.computeIfAbsent(c, n -> new DriverPort(connection.database(options().databaseOf(n)),
        MongoErrors::describe).inSession(s).collection(n));
  }

  // the open transaction's session, which this side then no longer holds; null when none is open
  private ClientSession take() {
    ClientSession s = session;
    session = null;
    return s;
  }

  @Override
  public void commit() {
    ClientSession s = take();
    if (s == null) {
      return;
    }
    try (s) {
      s.commitTransaction();
    } catch (MongoException e) {
      if (s.hasActiveTransaction()) {
        abort(s);
      }
      throw new PortException(MongoErrors.describe(e), e, false, 0);
    }
  }

  @Override
  public void rollback() {
    ClientSession s = take();
    if (s != null) {
      try (s) {
        abort(s);
      }
    }
  }

  private static void abort(ClientSession s) {
    try {
      s.abortTransaction();
    } catch (MongoException | IllegalStateException e) {
      // the server ended it already, or the connection is gone: nothing is left to undo
    }
  }

  /** {@inheritDoc} Here also a write conflict or another transient transaction error. */
  @Override
  public boolean ignored(PortException e) {
    return e.getCause() instanceof MongoException m ? ignored(m) : e.duplicateKey();
  }

  static boolean ignored(MongoException e) {
    int code = e instanceof MongoWriteException w ? w.getError().getCode() : e.getCode();
    return code == DUPLICATE_KEY || code == WRITE_CONFLICT
        || e.hasErrorLabel(MongoException.TRANSIENT_TRANSACTION_ERROR_LABEL);
  }

  @Override
  public boolean reportsSizes() {
    return connection.reportsSizes();
  }
}
