package site.ycsbx.store;

import java.util.List;

/**
 * A family's plan names the tables (collections) its data lives in, so that a binding can measure
 * their size on storage at the end of every load and run without knowing the family.
 */
public interface StoredTables {
  /** The tables' names as the store creates them. */
  List<String> storedTables();
}
