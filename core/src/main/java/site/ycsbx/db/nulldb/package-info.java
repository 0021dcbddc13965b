/**
 * The {@code null} binding, a binding's top: {@code NullDb} discards YCSB's operations and
 * {@code NullStores} wires in each family's null store, to measure the client's own cost without a
 * server. It may import its family packages ({@code db.nulldb.<family>}), {@code store} and its
 * families' contracts ({@code store.<family>}), {@code measurements}' schedule, {@code fingerprint}
 * and {@code util}; never {@code workloads}, {@code tools}, {@code report} or {@code results}.
 */
package site.ycsbx.db.nulldb;
