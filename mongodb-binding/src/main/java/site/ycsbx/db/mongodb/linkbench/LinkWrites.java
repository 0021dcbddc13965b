package site.ycsbx.db.mongodb.linkbench;

import java.util.function.Function;
import java.util.function.Supplier;
import site.ycsbx.db.mongodb.port.PortCollection;
import site.ycsbx.db.mongodb.port.PortException;
import site.ycsbx.store.StoreException;

/**
 * How a link write and its count change run: in one multi-document transaction when the side
 * uses them ({@link MongoLinkBenchStore#TRANSACTIONS}), committed with the run's write concern, else as two
 * single-document writes in that order; and the retries of upserts that lose the race to insert
 * one absent key.
 */
final class LinkWrites {
  /** The work of a write, on the collections it is given (a transaction's when {@code inTransaction}). */
  @FunctionalInterface
  interface Write<T> {
    T apply(Function<String, PortCollection> collections, boolean inTransaction);
  }

  /** Concurrent upserts of one absent key: all but one fail with a duplicate key and are retried. */
  static final int ATTEMPTS = 5;

  private final LinkBenchSide side;

  LinkWrites(LinkBenchSide side) {
    this.side = side;
  }

  /** Whether link writes run in transactions on this connection (refused when asked for where there are none). */
  boolean transactions() throws StoreException {
    return side.transactions();
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
          return body.apply(c -> side.portOf(c).collection(c), false);
        }
        return side.inTransaction(ports -> body.apply(c -> ports.apply(c).collection(c), true));
      } catch (PortException e) {
        if (!(inTransaction && e.duplicateKey() && attempt < ATTEMPTS)) {
          throw new StoreException(what.get() + ": " + e.getMessage(), e.getCause() == null ? e : e.getCause());
        }
      }
    }
  }

  /**
   * A single-document write, retried when an upsert lost the race to insert the same key;
   * inside a transaction the whole transaction is retried instead.
   */
  static <T> T retrying(boolean inTransaction, Supplier<T> command) {
    for (int attempt = 1; ; attempt++) {
      try {
        return command.get();
      } catch (PortException e) {
        if (inTransaction || !e.duplicateKey() || attempt >= ATTEMPTS) {
          throw e;
        }
      }
    }
  }
}
