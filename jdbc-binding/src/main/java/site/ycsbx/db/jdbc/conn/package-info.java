/**
 * The JDBC binding's kit, below the families: connections (opened, watched while they connect,
 * re-opened after an outage), options, SQL dialects and their catalog queries, prepared
 * statements, tables and their checks, errors, database locks, server settings and work, table
 * sizes, and {@code JdbcFamily}, the service type each family's entry extends. It may import
 * core's {@code site.ycsbx} packages other than {@code site.ycsbx.workloads}, and never the
 * binding's top ({@code site.ycsbx.db.jdbc}), a family or the embedded server; it names the top's
 * socket factories only as text ({@code WatchedSockets}).
 */
package site.ycsbx.db.jdbc.conn;
