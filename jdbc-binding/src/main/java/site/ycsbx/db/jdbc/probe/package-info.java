/**
 * A family of the JDBC binding, the probe store: its table of (key, value) longs, its upserts and
 * preflight check. It may import the binding's kit ({@code site.ycsbx.db.jdbc.conn}) and core's
 * {@code site.ycsbx} packages other than {@code site.ycsbx.workloads} (its store contract in
 * {@code site.ycsbx.store.probe}); never the binding's top ({@code site.ycsbx.db.jdbc}) or another
 * family. Its entry ({@code JdbcProbeFamily}), listed in
 * {@code META-INF/services/site.ycsbx.db.jdbc.conn.JdbcFamily}, is how the top's catalog
 * ({@code JdbcStores}) finds it.
 */
package site.ycsbx.db.jdbc.probe;
