package site.ycsbx.store;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Supplier;
import site.ycsb.WorkloadException;
import site.ycsbx.util.UserError;

/**
 * The handshake between a binding and a workload under YCSB's stock Client. The Client calls
 * {@code db.init()} and then {@code workload.initThread()} on the same client thread, so a
 * binding registers its stores for the current thread in {@code init()} and the workload
 * takes the one it needs in {@code initThread()}.
 */
public final class StoreRegistry {
  // a store is built when the workload takes it: a client thread's init() (inside YCSB's clock)
  // does not build, nor load the classes of, the families the workload does not use
  private static final ThreadLocal<Map<Class<?>, Supplier<?>>> OFFERED = ThreadLocal.withInitial(HashMap::new);

  private StoreRegistry() {
  }

  /** Called by a binding in {@code DB.init()}: this thread's instance of a store. */
  public static <T> void offer(Class<T> type, T store) {
    T s = type.cast(store);
    OFFERED.get().put(type, () -> s);
  }

  /**
   * Called by a binding in {@code DB.init()}: how to build this thread's store, on this thread,
   * when the workload takes it (once; a second take gets the same store).
   */
  public static <T> void offerLazily(Class<T> type, Supplier<? extends T> store) {
    Object[] built = new Object[1];
    OFFERED.get().put(type, () -> {
      if (built[0] == null) {
        built[0] = type.cast(store.get());
      }
      return built[0];
    });
  }

  /** Called by a binding in {@code DB.cleanup()}. */
  public static void clear() {
    OFFERED.remove();
  }

  /**
   * Called by a workload in {@code initThread()}: the store the binding offered on this thread.
   */
  public static <T> T take(Class<T> type) throws WorkloadException {
    Supplier<?> s = OFFERED.get().get(type);
    if (s == null) {
      throw new WorkloadException("the binding offered no " + type.getSimpleName()
          + " on this thread (did its init() fail?)");
    }
    try {
      return type.cast(s.get());
    } catch (RuntimeException e) {
      throw new WorkloadException("cannot create the binding's " + type.getSimpleName() + ": " + e.getMessage(), e);
    }
  }

  /**
   * Called by a workload before any thread starts: a one-line {@link UserError} when the
   * binding named by the {@code db} property lacks the store.
   */
  public static void requireProvided(Properties props, Class<?> storeType, String workloadName) {
    String dbClass = props.getProperty("db", "site.ycsb.BasicDB");
    if (provides(dbClass, storeType)) {
      return;
    }
    List<String> having = new ArrayList<>();
    for (Bindings.Binding b : Bindings.all()) {
      if (provides(b.className(), storeType)) {
        having.add(b.name());
      }
    }
    String name = Bindings.byClassName(dbClass).map(Bindings.Binding::name).orElse(dbClass);
    Provides own = providesOf(dbClass);
    String instead = own == null ? "" : catalog(own).instead(storeType).map(i -> " (" + i + ")").orElse("");
    throw new UserError("binding " + name + " has no " + storeType.getSimpleName()
        + ", which workload " + workloadName + " needs; bindings that have it: "
        + (having.isEmpty() ? "none on the class path" : String.join(", ", having)) + instead);
  }

  /** Whether the DB class's {@link Provides} catalog has the store. */
  public static boolean provides(String dbClassName, Class<?> storeType) {
    Provides p = providesOf(dbClassName);
    return p != null && catalog(p).storeTypes().contains(storeType);
  }

  /** A new instance of the catalog a binding names in its {@link Provides}. */
  public static StoreCatalog<?, ?> catalog(Provides p) {
    try {
      return p.stores().getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("store catalog " + p.stores().getName() + " cannot be created", e);
    }
  }

  /** The annotation of a DB class, or null when it has none or is not on the class path. */
  public static Provides providesOf(String dbClassName) {
    try {
      Class<?> c = Class.forName(dbClassName, false, StoreRegistry.class.getClassLoader());
      return c.getAnnotation(Provides.class);
    } catch (ClassNotFoundException | LinkageError e) {
      return null;
    }
  }
}
