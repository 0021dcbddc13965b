package site.ycsbx.workloads;

import java.util.Properties;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.util.UserError;

/**
 * Base of workloads that talk to a store rather than to YCSB's key/value DB API: checks in
 * {@code init()} (before any thread starts) that the binding has the store, and hands each
 * thread the store its binding registered in {@code DB.init()}.
 *
 * @param <S> the store interface
 */
public abstract class StoreWorkload<S> extends Workload implements Validating {
  private final Class<S> storeType;
  private final String name;

  protected StoreWorkload(Class<S> storeType, String name) {
    this.storeType = storeType;
    this.name = name;
  }

  /** Checks the properties and the binding; no side effects. Subclasses add their checks. */
  @Override
  public void validate(Properties props) {
    StoreRegistry.requireProvided(props, storeType, name);
  }

  @Override
  public void init(Properties props) throws WorkloadException {
    try {
      validate(props);
    } catch (UserError e) {
      throw new WorkloadException(e.getMessage());
    }
    setUp(props);
  }

  /** Reads the validated properties; called once before the threads start. */
  protected abstract void setUp(Properties props) throws WorkloadException;

  @Override
  public final Object initThread(Properties props, int threadId, int threadCount) throws WorkloadException {
    return newThreadState(StoreRegistry.take(storeType), threadId, threadCount);
  }

  /** The per-thread state YCSB passes back to doInsert/doTransaction. */
  protected abstract Object newThreadState(S store, int threadId, int threadCount) throws WorkloadException;
}
