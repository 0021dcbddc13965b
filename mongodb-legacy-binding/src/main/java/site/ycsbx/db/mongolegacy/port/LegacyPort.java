package site.ycsbx.db.mongolegacy.port;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import site.ycsbx.db.mongodb.port.DriverCalls;
import site.ycsbx.db.mongodb.port.MongoPort;
import site.ycsbx.db.mongodb.port.PortCollection;
import site.ycsbx.db.mongodb.port.PortException;
import site.ycsbx.shaded.mongo35.com.mongodb.BasicDBObject;
import site.ycsbx.shaded.mongo35.com.mongodb.BulkWriteException;
import site.ycsbx.shaded.mongo35.com.mongodb.CommandResult;
import site.ycsbx.shaded.mongo35.com.mongodb.DB;
import site.ycsbx.shaded.mongo35.com.mongodb.DBObject;
import site.ycsbx.shaded.mongo35.com.mongodb.ErrorCategory;
import site.ycsbx.shaded.mongo35.com.mongodb.MongoException;
import site.ycsbx.shaded.mongo35.com.mongodb.WriteConcern;
import site.ycsbx.shaded.mongo35.org.bson.types.ObjectId;

/**
 * The port over driver 3.5's legacy {@code DB}/{@code DBCollection} API (relocated), kept on
 * purpose: on wire version 0 it writes with OP_INSERT, OP_UPDATE and OP_DELETE, each followed by
 * one getLastError carrying {@code writeConcern}, and {@code DBCollection.insert(List)} sends a
 * batch as one OP_INSERT (driver 3.5's insertMany would send one per document there). Documents
 * are {@link BasicDBObject}s, which read binary values back as byte[].
 */
public final class LegacyPort extends DriverCalls<MongoException> implements MongoPort {
  private final DB database;
  private final WriteConcern writeConcern;

  /** The port to {@code database}, writing with {@code writeConcern}; {@code describe} gives a failure's one line. */
  public LegacyPort(DB database, WriteConcern writeConcern, Function<Throwable, String> describe) {
    super(MongoException.class, describe);
    this.database = database;
    this.writeConcern = writeConcern;
  }

  @Override
  public Map<String, Object> document() {
    return new BasicDBObject();
  }

  @Override
  public PortCollection collection(String name) {
    return new LegacyCollection(database.getCollection(name), writeConcern, this);
  }

  @Override
  public Map<String, Object> command(Map<String, Object> command) {
    return call(() -> {
      CommandResult r = database.command(command instanceof DBObject d ? d : new BasicDBObject(command));
      r.throwOnError();
      return r;
    });
  }

  @Override
  public byte[] objectIdBytes(Object value) {
    return value instanceof ObjectId id ? id.toByteArray() : null;
  }

  @Override
  public List<String> collectionNames() {
    return call(() -> new ArrayList<>(database.getCollectionNames()));
  }

  @Override
  public Object objectId(byte[] bytes) {
    return new ObjectId(bytes);
  }

  @Override
  public PortException failure(MongoException e) {
    int code = e.getCode();
    int storedBefore = 0;
    if (e instanceof BulkWriteException) {
      BulkWriteException b = (BulkWriteException) e;
      if (!b.getWriteErrors().isEmpty()) {
        code = b.getWriteErrors().get(0).getCode();
        storedBefore = b.getWriteConcernError() == null ? b.getWriteErrors().get(0).getIndex() : 0;
      }
    }
    return new PortException(describe(e), e, ErrorCategory.fromErrorCode(code) == ErrorCategory.DUPLICATE_KEY,
        storedBefore);
  }
}
