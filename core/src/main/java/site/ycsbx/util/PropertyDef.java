package site.ycsbx.util;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * One property a piece of code reads: its name, its default as a user would write it, and one
 * line of what it does (units said). An owner's list of these is both what the misspelling check
 * accepts and what {@code bin/ycsb help properties} prints, so the two cannot drift apart.
 *
 * @param name the key, e.g. {@code iibench.batchsize}
 * @param defaultValue what applies when the key is not set, as a user would write it, or a short
 *     phrase when nothing is written in its place ({@value #NONE}, "the URL's", "found by port")
 * @param meaning one line: what it does, what it accepts, the unit
 */
public record PropertyDef(String name, String defaultValue, String meaning) {
  /** The default of a property that is off, or empty, until it is set. */
  public static final String NONE = "none";

  public PropertyDef {
    if (name == null || name.isBlank() || !name.equals(name.strip())) {
      throw new IllegalArgumentException("a property needs a name without spaces around it: '" + name + "'");
    }
    if (defaultValue == null || defaultValue.isBlank()) {
      throw new IllegalArgumentException(name + ": say its default (" + NONE + " when nothing applies)");
    }
    if (meaning == null || meaning.isBlank() || meaning.contains("\n")) {
      throw new IllegalArgumentException(name + ": its meaning is one line, not empty");
    }
  }

  /**
   * A property whose default is a constant of the code that reads it ({@code FOO_PROPERTY_DEFAULT}),
   * written as a user would write it: {@code 10}, not {@code 10.0}.
   */
  public static PropertyDef of(String name, Object defaultValue, String meaning) {
    return new PropertyDef(name, show(defaultValue), meaning);
  }

  /** A property that is off, or empty, until it is set. */
  public static PropertyDef noDefault(String name, String meaning) {
    return new PropertyDef(name, NONE, meaning);
  }

  /** The same property with another meaning, for an owner that reads it differently. */
  public PropertyDef withMeaning(String otherMeaning) {
    return new PropertyDef(name, defaultValue, otherMeaning);
  }

  /** The same property with another default, for an owner that reads it with its own. */
  public PropertyDef withDefault(Object otherDefault) {
    return new PropertyDef(name, show(otherDefault), meaning);
  }

  /** The names of {@code defs}, in their order. */
  public static Set<String> names(Collection<PropertyDef> defs) {
    Set<String> out = new LinkedHashSet<>();
    for (PropertyDef d : defs) {
      out.add(d.name());
    }
    return out;
  }

  /** A constant as a user writes it: whole doubles without their ".0". */
  public static String show(Object value) {
    if (value instanceof Double || value instanceof Float) {
      double d = ((Number) value).doubleValue();
      if (d == Math.rint(d) && !Double.isInfinite(d) && Math.abs(d) < 1e15) {
        return String.valueOf((long) d);
      }
    }
    return String.valueOf(value);
  }
}
