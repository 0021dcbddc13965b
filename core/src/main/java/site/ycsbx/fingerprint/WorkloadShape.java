package site.ycsbx.fingerprint;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import site.ycsb.Client;
import site.ycsb.Workload;
import site.ycsb.workloads.CoreWorkload;

/**
 * The workload properties that shape the work, with the values the run used (defaults
 * included), for the fingerprint: two results are only comparable when they did the same work.
 * {@link #defining()} names the ones that make it another workload (operation mix,
 * distributions, data shape): compare refuses results that differ in one of them, and lists a
 * difference in the others (counts, table) before any server difference.
 */
public final class WorkloadShape {
  private final Map<String, String> values = new LinkedHashMap<>();
  private final Set<String> defining = new LinkedHashSet<>();

  /** Adds a property that makes it another workload when it differs. */
  public WorkloadShape defining(String property, Object value) {
    values.put(property, canonical(value));
    defining.add(property);
    return this;
  }

  /** Adds a property that shapes the work without making it another workload (a count, a table). */
  public WorkloadShape other(String property, Object value) {
    values.put(property, canonical(value));
    return this;
  }

  /** Property to value, in the order added. */
  public Map<String, String> values() {
    return values;
  }

  public Set<String> defining() {
    return defining;
  }

  /**
   * The shape of the workload the properties name: YCSB's CoreWorkload read as YCSB reads it; a
   * YCSB-X workload as it describes itself ({@link ShapedWorkload#shape}); empty for a workload this
   * version does not know.
   */
  public static WorkloadShape of(Properties p) {
    String name = p.getProperty(Client.WORKLOAD_PROPERTY, CoreWorkload.class.getName());
    Class<?> type;
    try {
      type = Class.forName(name, false, WorkloadShape.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      return new WorkloadShape();
    }
    if (CoreWorkload.class.isAssignableFrom(type)) {
      return coreWorkload(p);
    }
    if (ShapedWorkload.class.isAssignableFrom(type)) {
      try {
        return ((ShapedWorkload) type.getDeclaredConstructor().newInstance()).shape(p);
      } catch (ReflectiveOperationException e) {
        return new WorkloadShape();
      }
    }
    return new WorkloadShape();
  }

  private static WorkloadShape coreWorkload(Properties p) {
    WorkloadShape s = new WorkloadShape();
    for (String[] d : new String[][] {
        {CoreWorkload.READ_PROPORTION_PROPERTY, CoreWorkload.READ_PROPORTION_PROPERTY_DEFAULT},
        {CoreWorkload.UPDATE_PROPORTION_PROPERTY, CoreWorkload.UPDATE_PROPORTION_PROPERTY_DEFAULT},
        {CoreWorkload.INSERT_PROPORTION_PROPERTY, CoreWorkload.INSERT_PROPORTION_PROPERTY_DEFAULT},
        {CoreWorkload.SCAN_PROPORTION_PROPERTY, CoreWorkload.SCAN_PROPORTION_PROPERTY_DEFAULT},
        {CoreWorkload.READMODIFYWRITE_PROPORTION_PROPERTY, CoreWorkload.READMODIFYWRITE_PROPORTION_PROPERTY_DEFAULT},
        {CoreWorkload.REQUEST_DISTRIBUTION_PROPERTY, CoreWorkload.REQUEST_DISTRIBUTION_PROPERTY_DEFAULT},
        {CoreWorkload.HOTSPOT_DATA_FRACTION, CoreWorkload.HOTSPOT_DATA_FRACTION_DEFAULT},
        {CoreWorkload.HOTSPOT_OPN_FRACTION, CoreWorkload.HOTSPOT_OPN_FRACTION_DEFAULT},
        {CoreWorkload.INSERT_ORDER_PROPERTY, CoreWorkload.INSERT_ORDER_PROPERTY_DEFAULT},
        {CoreWorkload.FIELD_COUNT_PROPERTY, CoreWorkload.FIELD_COUNT_PROPERTY_DEFAULT},
        {CoreWorkload.FIELD_LENGTH_PROPERTY, CoreWorkload.FIELD_LENGTH_PROPERTY_DEFAULT},
        {CoreWorkload.MIN_FIELD_LENGTH_PROPERTY, CoreWorkload.MIN_FIELD_LENGTH_PROPERTY_DEFAULT},
        {CoreWorkload.FIELD_LENGTH_DISTRIBUTION_PROPERTY, CoreWorkload.FIELD_LENGTH_DISTRIBUTION_PROPERTY_DEFAULT},
        {CoreWorkload.READ_ALL_FIELDS_PROPERTY, CoreWorkload.READ_ALL_FIELDS_PROPERTY_DEFAULT},
        {CoreWorkload.WRITE_ALL_FIELDS_PROPERTY, CoreWorkload.WRITE_ALL_FIELDS_PROPERTY_DEFAULT},
        {CoreWorkload.DATA_INTEGRITY_PROPERTY, CoreWorkload.DATA_INTEGRITY_PROPERTY_DEFAULT},
        {CoreWorkload.ZERO_PADDING_PROPERTY, CoreWorkload.ZERO_PADDING_PROPERTY_DEFAULT},
        {CoreWorkload.MIN_SCAN_LENGTH_PROPERTY, CoreWorkload.MIN_SCAN_LENGTH_PROPERTY_DEFAULT},
        {CoreWorkload.MAX_SCAN_LENGTH_PROPERTY, CoreWorkload.MAX_SCAN_LENGTH_PROPERTY_DEFAULT},
        {CoreWorkload.SCAN_LENGTH_DISTRIBUTION_PROPERTY, CoreWorkload.SCAN_LENGTH_DISTRIBUTION_PROPERTY_DEFAULT}}) {
      s.defining(d[0], p.getProperty(d[0], d[1]));
    }
    String records = p.getProperty(Client.RECORD_COUNT_PROPERTY, Client.DEFAULT_RECORD_COUNT);
    s.other(Client.RECORD_COUNT_PROPERTY, records);
    s.other(Client.OPERATION_COUNT_PROPERTY, p.getProperty(Client.OPERATION_COUNT_PROPERTY, "0"));
    s.other(Workload.INSERT_START_PROPERTY, p.getProperty(Workload.INSERT_START_PROPERTY, Workload.INSERT_START_PROPERTY_DEFAULT));
    s.other(Workload.INSERT_COUNT_PROPERTY, p.getProperty(Workload.INSERT_COUNT_PROPERTY, records));
    s.other(CoreWorkload.TABLENAME_PROPERTY, p.getProperty(CoreWorkload.TABLENAME_PROPERTY,
        CoreWorkload.TABLENAME_PROPERTY_DEFAULT));
    return s;
  }

  /** Numbers as numbers ("0.50" and "0.5" are the same proportion), the rest as written. */
  private static String canonical(Object value) {
    String v = String.valueOf(value).trim();
    try {
      return new BigDecimal(v).stripTrailingZeros().toPlainString();
    } catch (NumberFormatException e) {
      return v;
    }
  }
}
