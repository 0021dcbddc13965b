package site.ycsbx.db.mongodb.port.driver;

import com.mongodb.ErrorCategory;
import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoException;
import com.mongodb.MongoWriteException;
import com.mongodb.client.ClientSession;
import com.mongodb.client.MongoDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.bson.Document;
import org.bson.types.ObjectId;
import site.ycsbx.db.mongodb.port.DriverCalls;
import site.ycsbx.db.mongodb.port.MongoPort;
import site.ycsbx.db.mongodb.port.PortCollection;
import site.ycsbx.db.mongodb.port.PortException;

/**
 * The port over the 4.x/5.x driver's {@code com.mongodb.client} API: documents are
 * {@link Document}s, written with the database's write concern; binary values are read back as
 * byte[], as driver 3.5 reads them ({@link DriverCollection#read}).
 */
public final class DriverPort extends DriverCalls<MongoException> implements MongoPort {
  private final MongoDatabase database;

  /**
   * The port to {@code database} (carrying the run's write concern); {@code describe} gives a
   * failure's one line, as the binding's error logs print it.
   */
  public DriverPort(MongoDatabase database, Function<Throwable, String> describe) {
    super(MongoException.class, describe);
    this.database = database;
  }

  @Override
  public Map<String, Object> document() {
    return new Document();
  }

  @Override
  public PortCollection collection(String name) {
    return new DriverCollection(database.getCollection(name), this);
  }

  @Override
  public List<String> collectionNames() {
    return call(() -> database.listCollectionNames().into(new ArrayList<>()));
  }

  @Override
  public Map<String, Object> command(Map<String, Object> command) {
    return call(() -> DriverCollection.read(database.runCommand(DriverCollection.doc(command))));
  }

  @Override
  public Object objectId(byte[] bytes) {
    return new ObjectId(bytes);
  }

  @Override
  public byte[] objectIdBytes(Object value) {
    return value instanceof ObjectId id ? id.toByteArray() : null;
  }

  /** {@inheritDoc} Also for a binding's own driver calls around the port's. */
  @Override
  public PortException failure(MongoException e) {
    return new PortException(describe(e), e, duplicateKey(e), storedBefore(e));
  }

  private static boolean duplicateKey(MongoException e) {
    int code = e.getCode();
    if (e instanceof MongoWriteException) {
      code = ((MongoWriteException) e).getError().getCode();
    } else if (e instanceof MongoBulkWriteException && !((MongoBulkWriteException) e).getWriteErrors().isEmpty()) {
      code = ((MongoBulkWriteException) e).getWriteErrors().get(0).getCode();
    }
    return ErrorCategory.fromErrorCode(code) == ErrorCategory.DUPLICATE_KEY;
  }

  // an ordered bulk write acknowledges the writes before its first failed one, unless the write
  // concern failed too
  private static int storedBefore(MongoException e) {
    if (e instanceof MongoBulkWriteException) {
      MongoBulkWriteException b = (MongoBulkWriteException) e;
      if (b.getWriteConcernError() == null && !b.getWriteErrors().isEmpty()) {
        return b.getWriteErrors().get(0).getIndex();
      }
    }
    return 0;
  }

  // filemeta
  /** The database, for the collection's commands that take its read preference. */
  MongoDatabase database() {
    return database;
  }

  // linkbench

  private ClientSession session;

  /**
   * This port with its collections' calls inside {@code session} (the caller's transaction):
   * linkbench's findOneAndUpdate, findOneAndDelete and upsertUpdate, sysbench's finds, updates,
   * deletes, inserts, aggregates and distincts; the 4.0+ line's own, the port having none.
   */
  public DriverPort inSession(ClientSession session) {
    DriverPort p = new DriverPort(database, this::describe);
    p.session = session;
    return p;
  }

  ClientSession session() {
    return session;
  }
}
