/**
 * The postgres-embedded binding: a PostgreSQL server that YCSB-X unpacks, starts and stops
 * itself, with a client and preflight that extend the JDBC binding's. It sits above the binding's
 * top: it may import the top ({@code site.ycsbx.db.jdbc}), the kit ({@code db.jdbc.conn}) and
 * core's {@code site.ycsbx} packages other than {@code site.ycsbx.workloads}; no family and
 * nothing of the binding imports it (bin/ycsb finds its client by name).
 */
package site.ycsbx.db.jdbc.embedded;
