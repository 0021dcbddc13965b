package site.ycsbx.util;

import java.util.List;
import java.util.Set;

/**
 * Something that reads properties under its own prefixes ({@code mongodb.}, {@code jdbc.},
 * {@code iibench.}). A property under one of them that it does not know is a typo, and a typo
 * in a benchmark silently runs with the default: {@code bin/ycsb} refuses it with one line.
 * What it knows is one list, {@link #properties()}: the names the check accepts are the ones
 * {@code bin/ycsb help properties} documents.
 */
public interface PropertyOwner {
  /** Prefixes this owner reads, e.g. {@code "mongodb."}; empty: no check. */
  default Set<String> propertyPrefixes() {
    return Set.of();
  }

  /**
   * Every property this owner reads, under its prefixes or not (a binding's own setting of a
   * family, YCSB 0.17's name of an option), with its default and meaning.
   */
  default List<PropertyDef> properties() {
    return List.of();
  }

  /** An owner of one fixed list under one prefix: {@code "ycsbx."}, {@code "basicdb."}. */
  static PropertyOwner of(String prefix, List<PropertyDef> properties) {
    return new Listed(Set.of(prefix), properties);
  }

  /** What {@link #of} gives: its prefixes and its list, nothing else to read. */
  record Listed(Set<String> propertyPrefixes, List<PropertyDef> properties) implements PropertyOwner {
  }

  /** The names of {@link #properties()}: derived from them, so do not declare names on their own. */
  default Set<String> knownProperties() {
    return PropertyDef.names(properties());
  }
}
