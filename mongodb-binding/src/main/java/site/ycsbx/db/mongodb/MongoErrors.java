package site.ycsbx.db.mongodb;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoCommandException;
import com.mongodb.MongoSecurityException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.MongoWriteConcernException;
import com.mongodb.MongoWriteException;
import com.mongodb.bulk.BulkWriteError;

/**
 * One short line for a driver failure, for error logs and one-line user errors. The driver's
 * own messages carry class names, cluster dumps and full server replies.
 */
public final class MongoErrors {
  private MongoErrors() {
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
