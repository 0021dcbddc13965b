package site.ycsbx.workloads;

import java.util.Properties;
import site.ycsb.DB;
import site.ycsbx.store.StoreRegistry;

/**
 * A store on a connection of its own, for checks after the client threads are done (a verify):
 * a new instance of the run's binding, initialised on this thread, so that the check neither
 * rides on a connection the run broke nor sees a session's uncommitted state.
 *
 * @param <S> the store interface
 */
public final class FreshStore<S> implements AutoCloseable {
  private final DB db;
  private final S store;

  private FreshStore(DB db, S store) {
    this.db = db;
    this.store = store;
  }

  /** Opens the binding named by the {@code db} property and takes its store of this type. */
  public static <S> FreshStore<S> open(Properties props, Class<S> type) throws Exception {
    String dbClass = props.getProperty("db", "site.ycsb.BasicDB");
    DB db = (DB) Class.forName(dbClass).getDeclaredConstructor().newInstance();
    db.setProperties(props);
    db.init();
    try {
      return new FreshStore<>(db, StoreRegistry.take(type));
    } catch (Exception e) {
      db.cleanup();
      throw e;
    }
  }

  public S store() {
    return store;
  }

  @Override
  public void close() throws Exception {
    db.cleanup();
  }
}
