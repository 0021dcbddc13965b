package site.ycsbx.store;

import java.util.Properties;

/**
 * What a workload will ask of a binding, known before any thread starts: the store interface
 * it takes, and its family's plan (tables, batch sizes, whether to drop). A binding's preflight
 * checks the server against the plan without reading the workload's properties or naming a
 * workload class; the check it runs is the one registered for {@link #storeType()}.
 *
 * @param storeType the store interface, or null for workloads that use YCSB's DB API
 * @param plan the family's plan type (e.g. {@code IIBenchPlan}), or null when it has none
 */
public record StoreDemand(Class<?> storeType, Object plan) {
  /** YCSB's own workloads (CoreWorkload): read/insert/update/scan/delete on YCSB's table. */
  public static final StoreDemand NONE = new StoreDemand(null, null);

  /** Implemented by workloads that take a store from the binding. */
  public interface Source {
    /** Checks the properties (a {@code UserError} when bad) and says what the run will ask. */
    StoreDemand demand(Properties props);
  }

  /**
   * The tables (collections) the run's data lives in: YCSB's table for YCSB's own workloads, the
   * plan's for a family's ({@link StoredTables}); empty when the plan names none.
   */
  public java.util.List<String> tables(Properties props) {
    if (isNone()) {
      return java.util.List.of(YcsbTable.of(props).name());
    }
    return plan instanceof StoredTables t ? t.storedTables() : java.util.List.of();
  }

  /** Whether the workload uses YCSB's DB API only. */
  public boolean isNone() {
    return storeType == null;
  }

  /** The plan as its family's type. */
  public <P> P plan(Class<P> type) {
    return type.cast(plan);
  }

  /**
   * The demand of the workload named by the {@code workload} property; {@link #NONE} for a
   * workload that is not a {@link Source}, or one not on the class path (the Client reports that).
   */
  public static StoreDemand of(Properties props) {
    String name = props.getProperty("workload", "site.ycsb.workloads.CoreWorkload");
    Class<?> type;
    try {
      type = Class.forName(name, false, StoreDemand.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      return NONE;
    }
    if (!Source.class.isAssignableFrom(type)) {
      return NONE;
    }
    try {
      return ((Source) type.getDeclaredConstructor().newInstance()).demand(props);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("workload " + name + " cannot be created", e);
    }
  }
}
