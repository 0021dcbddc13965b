package site.ycsbx.tools;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.apache.commons.text.similarity.LevenshteinDistance;
import site.ycsbx.util.PropertyOwner;
import site.ycsbx.util.UserError;

/** Refuses properties under an owner's prefix that the owner does not read. */
final class PropertyCheck {
  private static final LevenshteinDistance DISTANCE = new LevenshteinDistance(4);

  private PropertyCheck() {
  }

  static void check(Properties props, List<PropertyOwner> owners) {
    for (String key : new TreeSet<>(props.stringPropertyNames())) {
      for (PropertyOwner owner : owners) {
        String prefix = owner.propertyPrefixes().stream().filter(key::startsWith).findFirst().orElse(null);
        if (prefix == null || owner.knownProperties().contains(key)) {
          continue;
        }
        Set<String> known = new TreeSet<>();
        owner.knownProperties().stream().filter(k -> k.startsWith(prefix)).forEach(known::add);
        String hint = suggestion(key, known);
        throw new UserError("unknown property " + key + (hint == null ? "" : " (did you mean " + hint + "?)")
            + "; " + prefix + "* properties: " + String.join(", ", known));
      }
    }
  }

  private static String suggestion(String key, Set<String> known) {
    List<String> candidates = new ArrayList<>(known);
    candidates.sort(Comparator.comparingInt(k -> distance(key, k)));
    if (candidates.isEmpty() || distance(key, candidates.get(0)) == Integer.MAX_VALUE) {
      return null;
    }
    return candidates.get(0);
  }

  // Integer.MAX_VALUE when further apart than the threshold
  private static int distance(String a, String b) {
    int d = DISTANCE.apply(a.toLowerCase(Locale.ROOT), b.toLowerCase(Locale.ROOT));
    return d < 0 ? Integer.MAX_VALUE : d;
  }
}
