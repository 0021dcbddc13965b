package site.ycsbx.db.mongodb.linkbench;

import com.mongodb.MongoException;
import com.mongodb.MongoWriteException;
import com.mongodb.TransactionOptions;
import com.mongodb.client.ClientSession;
import java.util.function.Supplier;
import site.ycsbx.db.mongodb.conn.MongoConnection;
import site.ycsbx.db.mongodb.conn.MongoErrors;
import site.ycsbx.store.StoreException;
import site.ycsbx.util.UserError;

/**
 * How a link write and its count change run: in one multi-document transaction when the
 * connection uses them ({@link MongoLinkBenchStore#TRANSACTIONS}), committed with the run's write concern, else as two
 * single-document writes in that order; and the retries of upserts that lose the race to insert
 * one absent key.
 */
final class LinkWrites {
  /** The work of a write, in a session when in a transaction (null otherwise). */
  @FunctionalInterface
  interface Write<T> {
    T apply(ClientSession session);
  }

  private static final int DUPLICATE_KEY = 11000;
  /** Concurrent upserts of one absent key: all but one fail with a duplicate key and are retried. */
  static final int ATTEMPTS = 5;

  private final MongoConnection connection;
  private final MongoLinkBenchStore.Shared shared;
  private final TransactionOptions transactionOptions;

  LinkWrites(MongoConnection connection, MongoLinkBenchStore.Shared shared) {
    this.connection = connection;
    this.shared = shared;
    // the commit carries the run's write concern; the driver sends none on writes inside
    this.transactionOptions = TransactionOptions.builder().writeConcern(connection.options().writeConcern()).build();
  }

  /** Whether link writes run in transactions on this connection (refused when asked for where there are none). */
  boolean transactions() throws StoreException {
    try {
      return shared.transactions(connection);
    } catch (UserError e) {
      throw new StoreException(e.getMessage());
    } catch (MongoException e) {
      throw MongoErrors.failure("isMaster", e);
    }
  }

  /**
   * Runs a link write and its count change: in one transaction when this connection uses them
   * (the whole transaction is retried after a duplicate key of a concurrent upsert; the driver's
   * withTransaction retries transient errors such as write conflicts), else as they come.
   */
  <T> T write(Supplier<String> what, Write<T> body) throws StoreException {
    boolean inTransaction = transactions();
    for (int attempt = 1; ; attempt++) {
      try {
        if (!inTransaction) {
          return body.apply(null);
        }
        try (ClientSession session = connection.startSession()) {
          return session.withTransaction(() -> body.apply(session), transactionOptions);
        }
      } catch (MongoException e) {
        if (!(inTransaction && isDuplicateKey(e) && attempt < ATTEMPTS)) {
          throw MongoErrors.failure(what.get(), e);
        }
      }
    }
  }

  /**
   * A single-document write, retried when an upsert lost the race to insert the same key;
   * inside a transaction (session not null) the whole transaction is retried instead.
   */
  static <T> T retrying(ClientSession session, Supplier<T> command) {
    for (int attempt = 1; ; attempt++) {
      try {
        return command.get();
      } catch (MongoException e) {
        if (session != null || !isDuplicateKey(e) || attempt >= ATTEMPTS) {
          throw e;
        }
      }
    }
  }

  static boolean isDuplicateKey(MongoException e) {
    return e.getCode() == DUPLICATE_KEY
        || e instanceof MongoWriteException w && w.getError().getCode() == DUPLICATE_KEY;
  }
}
