package site.ycsbx.store.probe;

import site.ycsbx.store.StoreException;
/**
 * The smallest store: a table of (key, value) longs. It proves a binding's part of the
 * workload/binding contract (registration, timing, errors) before the big workloads use it, and
 * makes a quick end-to-end check of a server: {@code bin/ycsb load <binding> -P workloads/probe}.
 */
public interface ProbeStore {
  /** Table or collection the probe uses. */
  String TABLE = "ycsbx_probe";

  /** Creates the table if absent; never drops. */
  void prepare() throws StoreException;

  /** Inserts or replaces the value of a key. */
  void put(long key, long value) throws StoreException;

  /** The value of a key, or null when absent. */
  Long get(long key) throws StoreException;

  /** Rows in the table. */
  long count() throws StoreException;
}
