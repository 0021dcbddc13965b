/**
 * A family of the JDBC binding, the LinkBench store: its node, link and count tables, its SQL for
 * each server, transactions, totals and preflight check. It may import the binding's kit
 * ({@code site.ycsbx.db.jdbc.conn}) and core's {@code site.ycsbx} packages other than
 * {@code site.ycsbx.workloads} (its store contract in {@code site.ycsbx.store.linkbench}); never
 * the binding's top ({@code site.ycsbx.db.jdbc}) or another family. The top's catalog
 * ({@code JdbcStores}) wires it in.
 */
package site.ycsbx.db.jdbc.linkbench;
