package site.ycsbx.db.mongodb.ycsb;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.function.Function;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.db.mongodb.conn.PortConnection;
import site.ycsbx.faults.InFlight;
import site.ycsbx.store.Preflight;
import site.ycsbx.store.PreflightOnce;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.util.UserError;

/**
 * What the mongodb and mongodb-legacy bindings' DB classes share: YCSB's operations on the
 * thread's {@link YcsbCrud}, and a cleanup that sends the last partial batch, forgets the thread's
 * stores and releases the connection. A binding's init() opens its connection ({@link #open}) and
 * hands its CRUD over ({@link #serve}); its preflight, its connection and whether a deadline
 * watches its threads are its own.
 *
 * @param <C> the binding's shared connection
 */
public abstract class CrudClient<C extends PortConnection> extends DB {
  /** Operation name under which each batch's round trip is measured. */
  public static final String INSERT_BATCH = YcsbCrud.INSERT_BATCH;

  private C connection;
  private YcsbCrud crud;
  // what this thread has under way, for maxexecutiontime on a frozen server (see InFlight); null: not watched
  private InFlight inFlight;

  /**
   * Runs {@code preflight} once per JVM and acquires the connection ({@link #connection()}) for
   * the options {@code parse} reads; returns those options. A user error is YCSB's DBException of
   * its one line.
   */
  protected final MongoOptions open(Class<? extends Preflight> preflight, Function<Properties, MongoOptions> parse,
      Function<MongoOptions, C> acquire) throws DBException {
    try {
      PreflightOnce.run(preflight, getProperties());
      MongoOptions options = parse.apply(getProperties());
      connection = acquire.apply(options);
      return options;
    } catch (UserError e) {
      throw new DBException(e.getMessage());
    }
  }

  protected final C connection() {
    return connection;
  }

  /** init() failed after {@link #open}: the connection is released, YCSB hears {@code message}. */
  protected final DBException failed(String message) {
    connection.release();
    connection = null;
    return new DBException(message);
  }

  /** YCSB's operations run on {@code threadCrud} from now on, each tracked by {@code tracker} unless it is null. */
  protected final void serve(YcsbCrud threadCrud, InFlight tracker) {
    this.crud = threadCrud;
    this.inFlight = tracker;
  }

  @Override
  public void cleanup() throws DBException {
    try {
      if (crud != null && crud.hasPending()) {
        begin(null); // not one of YCSB's operations: its rows settle in the BatchLedger
        try {
          crud.flush(); // a failure is recorded as a failed INSERT_BATCH and logged
        } finally {
          end();
        }
      }
    } finally {
      StoreRegistry.clear();
      if (connection != null) {
        connection.release();
        connection = null;
      }
      if (inFlight != null) {
        inFlight.close();
      }
    }
  }

  private void begin(String op) {
    if (inFlight != null) {
      inFlight.start(op);
    }
  }

  private void end() {
    if (inFlight != null) {
      inFlight.end();
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    begin("READ");
    try {
      return crud.read(table, key, fields, result);
    } finally {
      end();
    }
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    begin("SCAN");
    try {
      return crud.scan(table, startkey, recordcount, fields, result);
    } finally {
      end();
    }
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    begin("UPDATE");
    try {
      return crud.update(table, key, values);
    } finally {
      end();
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    begin("INSERT");
    try {
      return crud.insert(table, key, values);
    } finally {
      end();
    }
  }

  @Override
  public Status delete(String table, String key) {
    begin("DELETE");
    try {
      return crud.delete(table, key);
    } finally {
      end();
    }
  }
}
