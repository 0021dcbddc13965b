package site.ycsbx.db;

import java.util.List;
import site.ycsb.BasicDB;
import site.ycsbx.util.PropertyDef;
import site.ycsbx.util.PropertyOwner;

/**
 * The {@code basicdb.*} properties of YCSB's own {@code BasicDB} (the {@code basic} binding),
 * which has no YCSB-X preflight to name them: {@code bin/ycsb} refuses a misspelt one and
 * {@code bin/ycsb help properties basic} lists them, with YCSB 0.17's defaults.
 */
public final class BasicDbProperties {
  /** The DB class these properties belong to. */
  public static final String DB_CLASS = BasicDB.class.getName();

  private static final List<PropertyDef> PROPERTIES = List.of(
      PropertyDef.of(BasicDB.VERBOSE, BasicDB.VERBOSE_DEFAULT, "true: print every operation and its fields"),
      PropertyDef.of(BasicDB.SIMULATE_DELAY, BasicDB.SIMULATE_DELAY_DEFAULT, "ms each operation sleeps, to stand in"
          + " for a server's latency"),
      PropertyDef.of(BasicDB.RANDOMIZE_DELAY, BasicDB.RANDOMIZE_DELAY_DEFAULT, "true: each sleep lasts a random time"
          + " up to basicdb.simulatedelay"),
      PropertyDef.of(BasicDB.COUNT, BasicDB.COUNT_DEFAULT, "true: count the reads, scans, updates, inserts and"
          + " deletes, and print the counts at the end"));
  public static final PropertyOwner OWNER = PropertyOwner.of("basicdb.", PROPERTIES);

  private BasicDbProperties() {
  }
}
