package site.ycsbx.util;

import java.util.Set;

/**
 * Something that reads properties under its own prefixes ({@code mongodb.}, {@code jdbc.},
 * {@code iibench.}). A property under one of them that it does not know is a typo, and a typo
 * in a benchmark silently runs with the default: {@code bin/ycsb} refuses it with one line.
 */
public interface PropertyOwner {
  /** Prefixes this owner reads, e.g. {@code "mongodb."}; empty: no check. */
  default Set<String> propertyPrefixes() {
    return Set.of();
  }

  /** Every property name under those prefixes that this owner reads. */
  default Set<String> knownProperties() {
    return Set.of();
  }
}
