package site.ycsbx.workloads.sysbench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import site.ycsbx.util.PropertyDef;
import site.ycsbx.util.UserError;

/**
 * Whose OLTP client a run reproduces, where the published runs differ: sysbench 1.0.20's Lua
 * scripts (the default) or sysbench-mongodb, the Java client the 2015 TokuMX vs TokuMXse post ran
 * "standard Sysbench" on MongoDB with. The value only gives the defaults of three properties, each
 * of which may still be set on its own (the run's first line and the fingerprint say so):
 * <ul>
 * <li>{@code sysbench.rand_type}: sysbench's default is special; sysbench-mongodb draws its ids
 * (and k at the load) uniformly ({@code java.util.Random.nextInt(n) + 1});</li>
 * <li>{@code sysbench.table_per_transaction}: sysbench draws a table for each kind of statement;
 * sysbench-mongodb one collection per transaction, drawn before its first step;</li>
 * <li>{@code sysbench.range_type}: sysbench's ranges are {@code BETWEEN}; the post's range queries
 * are "limit 1000": from a drawn key, the next range_size rows in key order. sysbench-mongodb's own
 * OLTP code filters {@code $gte}..{@code $lte} on _id, which finds the same documents on ids
 * 1..table_size (it never ranges over k); the limit form is what the post's k ranges of 1000
 * documents need, so the preset takes it for every range and {@code range_type=between} sends the
 * client's exact filter.</li>
 * </ul>
 * A property rather than a workload file, so that one line on an experiment's target reaches every
 * step (load, OLTP, point and range runs), whatever workload file each step names.
 */
enum SysbenchClient {
  SYSBENCH("sysbench", "special", false, RangeType.BETWEEN),
  SYSBENCH_MONGODB("sysbench-mongodb", "uniform", true, RangeType.LIMIT);

  static final String CLIENT_PROPERTY = "sysbench.client";
  static final String CLIENT_PROPERTY_DEFAULT = "sysbench";

  static final PropertyDef PROPERTY = PropertyDef.of(CLIENT_PROPERTY, CLIENT_PROPERTY_DEFAULT, "whose OLTP client to run"
      + " as: sysbench (1.0.20's Lua) or sysbench-mongodb (the defaults become rand_type=uniform,"
      + " table_per_transaction=true, range_type=limit; each may still be set)");

  /** How a range SELECT bounds its rows. */
  enum RangeType {
    /** sysbench 1.0's {@code key BETWEEN from AND from+range_size-1}. */
    BETWEEN,
    /** {@code key >= from ORDER BY key LIMIT range_size}: the post's "limit 1000" queries. */
    LIMIT;

    String value() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  final String value;
  final String randType;
  final boolean tablePerTransaction;
  final RangeType rangeType;

  SysbenchClient(String value, String randType, boolean tablePerTransaction, RangeType rangeType) {
    this.value = value;
    this.randType = randType;
    this.tablePerTransaction = tablePerTransaction;
    this.rangeType = rangeType;
  }

  static SysbenchClient of(Properties p) {
    String v = p.getProperty(CLIENT_PROPERTY, "").trim();
    if (v.isEmpty()) {
      return SYSBENCH;
    }
    for (SysbenchClient c : values()) {
      if (c.value.equalsIgnoreCase(v)) {
        return c;
      }
    }
    throw new UserError(CLIENT_PROPERTY + "=" + p.getProperty(CLIENT_PROPERTY) + " is not a client this workload"
        + " reproduces; " + CLIENT_PROPERTY + " accepts sysbench or sysbench-mongodb");
  }

  /**
   * For the fingerprint and the run's first line: the client, and which of its three choices the
   * run set otherwise (e.g. "sysbench-mongodb, but range_type=between").
   */
  String describe(String randType, boolean tablePerTransaction, RangeType rangeType) {
    List<String> otherwise = new ArrayList<>();
    // sysbench has --rand-type, so any distribution is still sysbench's; sysbench-mongodb drew uniformly only
    if (this != SYSBENCH && !this.randType.equals(randType)) {
      otherwise.add("rand_type=" + randType);
    }
    if (this.tablePerTransaction != tablePerTransaction) {
      otherwise.add("table_per_transaction=" + tablePerTransaction);
    }
    if (this.rangeType != rangeType) {
      otherwise.add("range_type=" + rangeType.value());
    }
    return otherwise.isEmpty() ? value : value + ", but " + String.join(", ", otherwise);
  }
}
