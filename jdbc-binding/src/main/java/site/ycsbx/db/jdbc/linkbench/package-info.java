/**
 * A family of the JDBC binding, the LinkBench store: its node, link and count tables, its SQL for
 * each server, transactions, totals and preflight check. It may import the binding's kit
 * ({@code site.ycsbx.db.jdbc.conn}) and core's {@code site.ycsbx} packages other than
 * {@code site.ycsbx.workloads} (its store contract in {@code site.ycsbx.store.linkbench}); never
 * the binding's top ({@code site.ycsbx.db.jdbc}) or another family. Its entry
 * ({@code JdbcLinkBenchFamily}), listed in
 * {@code META-INF/services/site.ycsbx.db.jdbc.conn.JdbcFamily}, is how the top's catalog
 * ({@code JdbcStores}) finds it.
 */
package site.ycsbx.db.jdbc.linkbench;
