package site.ycsbx.store;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import site.ycsb.DB;

/**
 * Base of the store contracts: a binding's test supplies its DB class, configured for an empty
 * database the test owns, and the contract takes the store through the real handshake
 * ({@code db.init()} registers it, {@link StoreRegistry#take} hands it over, as a workload's
 * {@code initThread()} does), so every contract also covers registration and {@link Provides}.
 *
 * @param <S> the store interface
 */
public abstract class StoreContract<S> {
  private final Class<S> storeType;
  private final List<DB> opened = new ArrayList<>();

  protected StoreContract(Class<S> storeType) {
    this.storeType = storeType;
  }

  /**
   * The binding's DB with its properties set, on the empty database this test owns: created by
   * the subclass on the first call of a test (later calls of the same test, e.g. a second client
   * thread, reach the same database) and dropped in {@link #dropFixture()}.
   */
  protected abstract DB newBinding() throws Exception;

  /** A store of the binding, for the current thread, through {@code init()} and the registry. */
  protected final S store() throws Exception {
    DB db = newBinding();
    StoreRegistry.clear();
    db.init();
    opened.add(db);
    Provides p = db.getClass().getAnnotation(Provides.class);
    if (p == null || !StoreRegistry.catalog(p).storeTypes().contains(storeType)) {
      throw new AssertionError(db.getClass().getName() + " offers a " + storeType.getSimpleName()
          + " but does not declare it in @Provides: bin/ycsb would refuse the workload");
    }
    return StoreRegistry.take(storeType);
  }

  /**
   * Whether the binding measures the bytes of stored tables at the end of a run (false: it says why
   * not, as mongo-java-server and the test-only memory stores do).
   */
  protected boolean measuresStoredSize() {
    return true;
  }

  /** The tables' size as the binding measures it at the end of every load and run: through its preflight. */
  protected final SizeReport storedSize(List<String> tables) throws Exception {
    DB db = newBinding();
    Provides p = db.getClass().getAnnotation(Provides.class);
    return PreflightOnce.instantiate(p.preflight()).storedSize(db.getProperties(), tables);
  }

  /** Tables that hold rows are sized in bytes, or as rows still in memtables (never 0), or with why not. */
  protected final void assertStoredSizeReported(List<String> tables) throws Exception {
    SizeReport r = storedSize(tables);
    if (measuresStoredSize()) {
      org.junit.jupiter.api.Assertions.assertTrue(r.totalBytes() > 0 || r.memtableBytes() > 0, r.toString());
    } else {
      org.junit.jupiter.api.Assertions.assertTrue(r.totalBytes() < 0 && !r.source().isBlank(), r.toString());
    }
  }

  /**
   * An in-process command of an earlier test (bin/ycsb's Main.run in this JVM) may have left a
   * preflight's verdict, which every later client of the JVM would get again: each test starts clean.
   */
  @org.junit.jupiter.api.BeforeEach
  final void forgetEarlierPreflights() {
    site.ycsbx.store.PreflightOnce.forget();
    StoreRegistry.clear();
  }

  /** Drops what the fixture created; runs after every binding of the test is cleaned up. */
  protected void dropFixture() throws Exception {
  }

  @AfterEach
  final void cleanUpBindings() throws Exception {
    try {
      for (DB db : opened) {
        db.cleanup();
      }
    } finally {
      opened.clear();
      StoreRegistry.clear();
      dropFixture();
    }
  }
}
