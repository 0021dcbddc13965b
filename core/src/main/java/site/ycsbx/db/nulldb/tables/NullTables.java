package site.ycsbx.db.nulldb.tables;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Row counts per table: all the null binding keeps, so counts and verification still add up. In
 * a package of its own below the families' stores, which NullStores (above them) registers.
 */
public final class NullTables {
  private static final Map<String, AtomicLong> ROWS = new ConcurrentHashMap<>();

  private NullTables() {
  }

  /** The row counter of a table, created at 0. */
  public static AtomicLong rows(String table) {
    return ROWS.computeIfAbsent(table, t -> new AtomicLong());
  }
}
