package site.ycsbx.db.mongodb.linkbench;

import com.mongodb.MongoException;
import com.mongodb.TransactionOptions;
import com.mongodb.WriteConcern;
import com.mongodb.client.ClientSession;
import com.mongodb.client.model.IndexOptions;
import java.util.Map;
import java.util.function.Function;
import org.bson.Document;
import site.ycsbx.db.mongodb.conn.MongoConnection;
import site.ycsbx.db.mongodb.conn.MongoErrors;
import site.ycsbx.db.mongodb.conn.MongoSchema;
import site.ycsbx.db.mongodb.port.MongoPort;
import site.ycsbx.db.mongodb.port.PortException;
import site.ycsbx.db.mongodb.port.driver.DriverPort;
import site.ycsbx.store.StoreException;
import site.ycsbx.util.UserError;

/**
 * The mongodb binding's linkbench side (MongoDB 2.6+, the 4.x/5.x driver): multi-document
 * transactions where {@link MongoLinkBenchStore#TRANSACTIONS} and the server allow them, each
 * committed with the run's write concern; collections and indexes through {@link MongoSchema},
 * with the user's storage-engine config strings; the node counter read acknowledged in a w:0 run.
 */
final class DriverLinkBenchSide extends LinkBenchSide {
  private final MongoConnection connection;
  private final TransactionOptions transactionOptions;

  DriverLinkBenchSide(MongoConnection connection) {
    super(connection.options(), connection::port, connection.shared(MongoLinkBenchStore.Shared.class,
        MongoLinkBenchStore.Shared::new));
    this.connection = connection;
    // the commit carries the run's write concern; the driver sends none on writes inside
    this.transactionOptions = TransactionOptions.builder().writeConcern(connection.options().writeConcern()).build();
  }

  private MongoSchema schema(String collection) {
    return connection.schema(options().databaseOf(collection));
  }

  // the counter's new id must come back, so it is read acknowledged even in a w:0 run
  @Override
  public MongoPort acknowledgedPortOf(String collection) {
    if (options().writeConcern().isAcknowledged()) {
      return portOf(collection);
    }
    return new DriverPort(connection.database(options().databaseOf(collection)).withWriteConcern(WriteConcern.W1),
        MongoErrors::describe);
  }

  @Override
  public boolean transactions() throws StoreException {
    try {
      return shared().transactions(connection);
    } catch (UserError e) {
      throw new StoreException(e.getMessage());
    } catch (MongoException e) {
      throw MongoErrors.failure("isMaster", e);
    }
  }

  @Override
  public <T> T inTransaction(Function<Function<String, MongoPort>, T> body) {
    DriverPort failures = new DriverPort(connection.database(options().database()), MongoErrors::describe);
    try (ClientSession session = connection.startSession()) {
      return session.withTransaction(() -> {
        try {
          return body.apply(c -> new DriverPort(connection.database(options().databaseOf(c)), MongoErrors::describe)
              .inSession(session));
        } catch (PortException e) {
          // the driver's own exception, so withTransaction sees its labels and retries a transient error
          throw e.getCause() instanceof MongoException m ? m : e;
        }
      }, transactionOptions);
    } catch (MongoException e) {
      throw failures.failure(e);
    }
  }

  @Override
  public void ensureCollection(String collection) {
    run(() -> schema(collection).ensureCollection(collection));
  }

  @Override
  public void ensureIndex(String collection, Map<String, Object> keys, String name, boolean unique) {
    run(() -> schema(collection).ensureIndex(collection, new Document(keys), new IndexOptions().unique(unique).name(name)));
  }

  @Override
  public void drop(String collection) {
    run(() -> schema(collection).drop(collection));
  }

  // the schema helper's driver failures as the port's, so the store reports them alike
  private static void run(Runnable call) {
    try {
      call.run();
    } catch (MongoException e) {
      throw new PortException(MongoErrors.describe(e), e, false, 0);
    }
  }
}
