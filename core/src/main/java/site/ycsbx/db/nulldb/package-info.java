/**
 * The {@code null} binding, a binding's top: {@code NullDb} discards YCSB's operations and
 * {@code NullStores} offers each family's null store, found through {@code META-INF/services}, to
 * measure the client's own cost without a server. It may import its kit ({@code db.nulldb.tables}),
 * {@code store}, {@code measurements}' schedule, {@code fingerprint} and {@code util}; never a family
 * package, {@code workloads}, {@code tools}, {@code report} or {@code results}.
 */
package site.ycsbx.db.nulldb;
