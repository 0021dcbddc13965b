/**
 * A family of the JDBC binding, the probe store: its table of (key, value) longs, its upserts and
 * preflight check. It may import the binding's kit ({@code site.ycsbx.db.jdbc.conn}) and core's
 * {@code site.ycsbx} packages other than {@code site.ycsbx.workloads} (its store contract in
 * {@code site.ycsbx.store.probe}); never the binding's top ({@code site.ycsbx.db.jdbc}) or another
 * family. The top's catalog ({@code JdbcStores}) wires it in.
 */
package site.ycsbx.db.jdbc.probe;
