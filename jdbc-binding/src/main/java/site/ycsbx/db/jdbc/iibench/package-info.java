/**
 * A family of the JDBC binding, the iibench store: its table, its SQL for each server, its stored
 * rows and preflight check. It may import the binding's kit ({@code site.ycsbx.db.jdbc.conn}) and
 * core's {@code site.ycsbx} packages other than {@code site.ycsbx.workloads} (its store contract in
 * {@code site.ycsbx.store.iibench}); never the binding's top ({@code site.ycsbx.db.jdbc}) or
 * another family. Its entry ({@code JdbcIIBenchFamily}), listed in
 * {@code META-INF/services/site.ycsbx.db.jdbc.conn.JdbcFamily}, is how the top's catalog
 * ({@code JdbcStores}) finds it.
 */
package site.ycsbx.db.jdbc.iibench;
