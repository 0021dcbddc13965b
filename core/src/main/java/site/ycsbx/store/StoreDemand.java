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
 * @param verify {@code bin/ycsb verify}: the data must already be stored, so a family's check
 *     refuses tables that are absent (a load or run would create them) as bad input
 */
public record StoreDemand(Class<?> storeType, Object plan, boolean verify) {
  /** YCSB's own workloads (CoreWorkload): read/insert/update/scan/delete on YCSB's table. */
  public static final StoreDemand NONE = new StoreDemand(null, null);
  /**
   * Set by {@code bin/ycsb verify} only (never in a property file): the preflight checks stored
   * data, so it reaches the family's check as {@link #verify()}.
   */
  public static final String VERIFY_PROPERTY = "ycsbx.verifying";

  public StoreDemand(Class<?> storeType, Object plan) {
    this(storeType, plan, false);
  }

  /** Whether these properties are those of {@code bin/ycsb verify}. */
  public static boolean verifying(Properties props) {
    return Boolean.parseBoolean(props.getProperty(VERIFY_PROPERTY, "false"));
  }

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
    StoreDemand d = ofWorkload(props);
    return verifying(props) ? new StoreDemand(d.storeType, d.plan, true) : d;
  }

  private static StoreDemand ofWorkload(Properties props) {
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

  /**
   * A verify's refusal of a table or collection that does not exist ({@code what}: "table t in
   * database d at URL"): bad input, nothing compared.
   */
  public static site.ycsbx.util.UserError nothingStored(String what) {
    return new site.ycsbx.util.UserError("verify: " + what + " does not exist, so there is nothing to verify; load it"
        + " with bin/ycsb load and the same properties, or name the table that holds the data");
  }

  /** A verify's refusal of a table of another shape: bad input, nothing compared. */
  public static site.ycsbx.util.UserError otherShape(String what) {
    return new site.ycsbx.util.UserError("verify: " + what);
  }
}
