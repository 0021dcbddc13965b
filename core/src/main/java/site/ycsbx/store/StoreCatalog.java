package site.ycsbx.store;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.function.Supplier;
import site.ycsbx.util.PropertyDef;

/**
 * The workload families a binding serves, one {@link Family} each: the store interface, how a client
 * thread gets its store from the binding's per-thread connection, and the family's check that
 * the binding's preflight runs before any thread starts. A binding's DB class names its catalog
 * in {@link Provides}. A binding's families are found through {@code META-INF/services}: each
 * family package holds an {@link Entry} of the binding's own service type, listed in that type's
 * services file, so adding a family to a binding touches no catalog class.
 *
 * @param <C> what the binding hands a store: its connection and options for one client thread
 * @param <K> the binding's check type (each binding inspects its server its own way)
 */
public abstract class StoreCatalog<C, K> {
  /**
   * One family as a binding serves it.
   *
   * @param properties the settings the family's store and check read that belong to this binding
   *     (e.g. linkbench's transaction mode on MongoDB): the binding's preflight lists them with its own
   */
  public record Family<C, K>(Class<?> storeType, Function<C, ?> store, Supplier<? extends K> check,
      List<PropertyDef> properties) {
    public Family {
      properties = List.copyOf(properties);
    }

    /** A family with no property of its own in this binding. */
    public Family(Class<?> storeType, Function<C, ?> store, Supplier<? extends K> check) {
      this(storeType, store, check, List.of());
    }

    /**
     * @param check the family's preflight check, or null when it has nothing to check
     */
    public static <S, C, K> Family<C, K> of(Class<S> storeType, Function<C, ? extends S> store,
        Supplier<? extends K> check) {
      return new Family<>(storeType, store, check);
    }

    /**
     * @param check the family's preflight check, or null when it has nothing to check
     * @param properties the family's settings that this binding reads
     */
    public static <S, C, K> Family<C, K> of(Class<S> storeType, Function<C, ? extends S> store,
        Supplier<? extends K> check, List<PropertyDef> properties) {
      return new Family<>(storeType, store, check, properties);
    }
  }

  /**
   * One family as a binding serves it, found through {@code META-INF/services}: a binding declares
   * its own abstract subclass (its service type, e.g. the JDBC binding's {@code JdbcFamily}); each of
   * its family packages holds a public final subclass of that, with a public no-argument
   * constructor, named on one line of {@code META-INF/services/<the service type>}.
   */
  public abstract static class Entry<C, K> {
    private final Family<C, K> family;
    private final Class<?> storeClass;

    /**
     * @param storeClass the binding's class that implements the family's store, the one
     *     {@code family.store()} builds (what a binding may load before a run's clock starts)
     */
    protected Entry(Family<C, K> family, Class<?> storeClass) {
      if (!family.storeType().isAssignableFrom(storeClass)) {
        throw new IllegalArgumentException(storeClass.getName() + " is not a " + family.storeType().getName());
      }
      this.family = family;
      this.storeClass = storeClass;
    }

    public final Family<C, K> family() {
      return family;
    }

    public final Class<?> storeClass() {
      return storeClass;
    }
  }

  // each service type's entries, found once per JVM: client threads create catalogs in their init()
  private static final Map<Class<?>, List<?>> FOUND = new ConcurrentHashMap<>();

  private final List<Family<C, K>> families;

  /** The families given here (core's test bindings); a binding's catalog finds them through its service type. */
  protected StoreCatalog(List<Family<C, K>> families) {
    this.families = List.copyOf(families);
  }

  /** The families whose entries {@code META-INF/services/<service>} lists, in that file's order. */
  protected StoreCatalog(Class<? extends Entry<C, K>> service) {
    this(entries(service).stream().map(e -> e.family()).toList());
  }

  /**
   * The entries of a binding's service type, in the order of its services file (of its services
   * files', in class path order, should there be several).
   */
  @SuppressWarnings("unchecked")
  public static <E extends Entry<?, ?>> List<E> entries(Class<E> service) {
    List<?> found = FOUND.get(service);
    if (found == null) {
      List<E> loaded = new ArrayList<>();
      ServiceLoader.load(service, service.getClassLoader()).forEach(loaded::add);
      FOUND.putIfAbsent(service, List.copyOf(loaded));
      found = FOUND.get(service);
    }
    return (List<E>) found;
  }

  /** The store interfaces this binding offers. */
  public final Set<Class<?>> storeTypes() {
    Set<Class<?>> out = new LinkedHashSet<>();
    families.forEach(f -> out.add(f.storeType()));
    return out;
  }

  /** Every family's own settings in this binding, in the catalog's order. */
  public final List<PropertyDef> properties() {
    List<PropertyDef> out = new ArrayList<>();
    families.forEach(f -> out.addAll(f.properties()));
    return List.copyOf(out);
  }

  /**
   * Called in {@code DB.init()}: offers every family's store for the current client thread, each
   * built only when the workload takes it.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public final void offer(C context) {
    for (Family<C, K> f : families) {
      StoreRegistry.offerLazily((Class) f.storeType(), () -> f.store().apply(context));
    }
  }

  /**
   * What a user of this binding should use instead for a family it does not serve, added to the
   * refusal's line (e.g. a binding for older servers naming the one for newer ones); empty: the
   * refusal lists the bindings that have the family, and nothing more.
   */
  public Optional<String> instead(Class<?> storeType) {
    return Optional.empty();
  }

  /** The check of the family whose store the workload takes; empty when it has none. */
  public final Optional<K> check(StoreDemand demand) {
    if (demand.isNone()) {
      return Optional.empty();
    }
    return families.stream().filter(f -> f.storeType() == demand.storeType() && f.check() != null).findFirst()
        .map(f -> f.check().get());
  }
}
