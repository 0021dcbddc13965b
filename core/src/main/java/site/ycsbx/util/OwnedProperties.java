package site.ycsbx.util;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.apache.commons.text.similarity.LevenshteinDistance;

/**
 * Refuses a property under an owner's prefix ({@code mongodb.}, {@code jdbc.}) that the owner does
 * not read, with the nearest one it does read: a typo there would silently run with the default.
 * {@code bin/ycsb} checks every owner before YCSB's Client starts; under YCSB's stock Client a
 * binding's preflight checks its own prefixes, so both paths accept and refuse the same names.
 */
public final class OwnedProperties {
  private static final LevenshteinDistance DISTANCE = new LevenshteinDistance(4);

  private OwnedProperties() {
  }

  /**
   * A {@link UserError} for the first property under an owner's prefix that no owner reads; one
   * that another owner reads is accepted (a binding's own setting of a family, e.g.
   * {@code linkbench.transactions}, read by the MongoDB binding under the workload's prefix).
   */
  public static void check(Properties props, List<? extends PropertyOwner> owners) {
    for (String key : new TreeSet<>(props.stringPropertyNames())) {
      if (owners.stream().anyMatch(o -> o.knownProperties().contains(key))) {
        continue;
      }
      for (PropertyOwner owner : owners) {
        String prefix = owner.propertyPrefixes().stream().filter(key::startsWith).findFirst().orElse(null);
        if (prefix == null || owner.knownProperties().contains(key)) {
          continue;
        }
        Set<String> known = new TreeSet<>();
        owner.knownProperties().stream().filter(k -> k.startsWith(prefix)).forEach(known::add);
        String hint = suggestion(key, known);
        throw new UserError("unknown property " + key + (hint == null ? "" : " (did you mean " + hint + "?)")
            + "; " + prefix + "* properties: " + (known.isEmpty() ? "none (nothing reads " + prefix + "*)"
            : String.join(", ", known)));
      }
    }
  }

  /** The known name nearest to {@code key} (case-insensitive, at most 4 edits), or null. */
  public static String suggestion(String key, Set<String> known) {
    List<String> candidates = new ArrayList<>(known);
    candidates.sort(Comparator.comparingInt(k -> distance(key, k)));
    if (candidates.isEmpty() || distance(key, candidates.get(0)) == Integer.MAX_VALUE) {
      return null;
    }
    return candidates.get(0);
  }

  /** Edit distance ignoring case; Integer.MAX_VALUE when further apart than the threshold. */
  public static int distance(String a, String b) {
    int d = DISTANCE.apply(a.toLowerCase(Locale.ROOT), b.toLowerCase(Locale.ROOT));
    return d < 0 ? Integer.MAX_VALUE : d;
  }
}
