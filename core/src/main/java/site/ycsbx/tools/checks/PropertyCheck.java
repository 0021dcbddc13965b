package site.ycsbx.tools.checks;

import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import site.ycsb.Client;
import site.ycsb.workloads.CoreWorkload;
import site.ycsbx.util.OwnedProperties;
import site.ycsbx.util.PropertyDef;
import site.ycsbx.util.PropertyOwner;
import site.ycsbx.util.Props;
import site.ycsbx.util.UserError;

/**
 * Refuses properties under an owner's prefix that the owner does not read, near misses of
 * YCSB's own property names (a typo in {@code recordcount} silently runs with the default), and
 * proportions no mix can have.
 */
public final class PropertyCheck {
  /** YCSB 0.17's Client, measurement and CoreWorkload properties ({@link YcsbProperties}). */
  public static final Set<String> YCSB_PROPERTIES = PropertyDef.names(YcsbProperties.ALL);
  private static final List<String> PROPORTIONS = List.of(CoreWorkload.READ_PROPORTION_PROPERTY,
      CoreWorkload.UPDATE_PROPORTION_PROPERTY, CoreWorkload.INSERT_PROPORTION_PROPERTY,
      CoreWorkload.SCAN_PROPORTION_PROPERTY, CoreWorkload.READMODIFYWRITE_PROPORTION_PROPERTY);

  private PropertyCheck() {
  }

  public static void check(Properties props, List<PropertyOwner> owners) {
    checkOwned(props, owners);
    checkNearMisses(props, owners);
  }

  /**
   * A property nobody reads that is one or two letters from one of YCSB's ({@code recordcont})
   * is a typo: YCSB would run with the default and say nothing.
   */
  private static void checkNearMisses(Properties props, List<PropertyOwner> owners) {
    for (String key : new TreeSet<>(props.stringPropertyNames())) {
      if (YCSB_PROPERTIES.contains(key) || owners.stream().anyMatch(o -> o.knownProperties().contains(key)
          || o.propertyPrefixes().stream().anyMatch(key::startsWith))) {
        continue;
      }
      int allowed = key.length() <= 8 ? 1 : 2;
      String hint = suggestion(key, YCSB_PROPERTIES);
      if (hint != null && distance(key, hint) <= allowed) {
        throw new UserError("unknown property " + key + " (did you mean " + hint + "?): YCSB would ignore it and run"
            + " with the default of " + hint);
      }
    }
  }

  /** A proportion is a share of the operations: from 0 to 1, and a run needs at least one above 0. */
  static void checkProportions(Properties props) {
    double sum = 0;
    for (String key : PROPORTIONS) {
      if (props.getProperty(key) != null) {
        sum += Props.getDouble(props, key, 0, 0, 1);
      }
    }
    boolean run = Boolean.parseBoolean(props.getProperty(Client.DO_TRANSACTIONS_PROPERTY, "true"));
    boolean allSet = PROPORTIONS.stream().allMatch(k -> props.getProperty(k) != null);
    if (run && allSet && sum <= 0) {
      throw new UserError("every operation proportion is 0 (" + String.join(", ", PROPORTIONS)
          + "): a run needs at least one above 0");
    }
  }

  /**
   * A key under an owner's prefix that no owner reads is refused; one that another owner reads
   * is not (a binding's own setting of a family, e.g. {@code linkbench.transactions} read by the
   * MongoDB binding under the linkbench workload's prefix).
   */
  private static void checkOwned(Properties props, List<PropertyOwner> owners) {
    OwnedProperties.check(props, owners);
  }

  private static String suggestion(String key, Set<String> known) {
    return OwnedProperties.suggestion(key, known);
  }

  private static int distance(String a, String b) {
    return OwnedProperties.distance(a, b);
  }
}
