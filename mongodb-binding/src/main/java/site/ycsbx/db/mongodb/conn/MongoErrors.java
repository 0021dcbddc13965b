package site.ycsbx.db.mongodb.conn;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoCommandException;
import com.mongodb.MongoException;
import com.mongodb.MongoSecurityException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.MongoWriteConcernException;
import com.mongodb.MongoWriteException;
import com.mongodb.bulk.BulkWriteError;
import java.util.function.Supplier;
import org.bson.BsonInvalidOperationException;
import site.ycsbx.store.StoreException;

/**
 * One short line for a driver failure, for error logs and one-line user errors. The driver's
 * own messages carry class names, cluster dumps and full server replies. Every store of the
 * binding maps the driver's exceptions to its own here ({@link #call}, {@link #failure}).
 */
public final class MongoErrors {
  /** A store's driver calls; a StoreException it throws (a refusal) passes unchanged. */
  @FunctionalInterface
  public interface StoreCall<T> {
    T run() throws StoreException;
  }

  private MongoErrors() {
  }

  /**
   * Runs a store's driver calls; a driver failure becomes the store's exception,
   * "{@code what}: one short line" ({@code what} is built only then).
   */
  public static <T> T call(Supplier<String> what, StoreCall<T> call) throws StoreException {
    try {
      return call.run();
    } catch (MongoException e) {
      throw failure(what.get(), e);
    }
  }

  /**
   * As {@link #call(Supplier, StoreCall)}, a document that does not decode as the store reads it
   * ({@link BsonInvalidOperationException}) failing the call too.
   */
  public static <T> T decoding(Supplier<String> what, StoreCall<T> call) throws StoreException {
    try {
      return call(what, call);
    } catch (BsonInvalidOperationException e) {
      throw failure(what.get(), e);
    }
  }

  /** As {@link #call(Supplier, StoreCall)}, the failure's line alone: for a store whose collection the line need not name. */
  public static <T> T call(StoreCall<T> call) throws StoreException {
    return call(() -> null, call);
  }

  /** The store's exception for {@code e}: "{@code what}: one short line", the line alone when {@code what} is null. */
  public static StoreException failure(String what, RuntimeException e) {
    String line = describe(e);
    return new StoreException(what == null ? line : what + ": " + line, e);
  }

  public static String describe(Throwable e) {
    if (e instanceof MongoBulkWriteException) {
      MongoBulkWriteException b = (MongoBulkWriteException) e;
      if (!b.getWriteErrors().isEmpty()) {
        BulkWriteError first = b.getWriteErrors().get(0);
        return b.getWriteErrors().size() + " write(s) of the batch failed; first: " + first.getMessage()
            + " (code " + first.getCode() + ")";
      }
      if (b.getWriteConcernError() != null) {
        return "write concern error: " + b.getWriteConcernError().getMessage()
            + " (code " + b.getWriteConcernError().getCode() + ")";
      }
    }
    if (e instanceof MongoWriteException) {
      MongoWriteException w = (MongoWriteException) e;
      return w.getError().getMessage() + " (code " + w.getError().getCode() + ")";
    }
    if (e instanceof MongoWriteConcernException) {
      MongoWriteConcernException w = (MongoWriteConcernException) e;
      return "write concern error: " + w.getWriteConcernError().getMessage()
          + " (code " + w.getWriteConcernError().getCode() + ")";
    }
    if (e instanceof MongoCommandException) {
      MongoCommandException c = (MongoCommandException) e;
      String name = c.getErrorCodeName();
      return c.getErrorMessage() + " (code " + c.getErrorCode() + (name == null || name.isEmpty() ? "" : " " + name) + ")";
    }
    if (e instanceof MongoSecurityException && e.getCause() != null) {
      return "authentication failed: " + describe(e.getCause());
    }
    if (e instanceof MongoTimeoutException) {
      return "timed out waiting for a usable server";
    }
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String msg = root.getMessage();
    return msg == null || msg.isBlank() ? root.getClass().getSimpleName() : msg;
  }
}
