package site.ycsbx.store;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import site.ycsbx.util.PropertyDef;

/**
 * The workload families a binding serves, one line each: the store interface, how a client
 * thread gets its store from the binding's per-thread connection, and the family's check that
 * the binding's preflight runs before any thread starts. A binding's DB class names its catalog
 * in {@link Provides}; adding a family to a binding is adding one {@link Family} here.
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

  private final List<Family<C, K>> families;

  protected StoreCatalog(List<Family<C, K>> families) {
    this.families = List.copyOf(families);
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
