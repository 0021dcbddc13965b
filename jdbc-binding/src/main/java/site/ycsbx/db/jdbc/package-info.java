/**
 * The JDBC binding's top layer: what YCSB and bin/ycsb name ({@code JdbcClient}, YCSB's DB class;
 * {@code JdbcPreflight}; {@code JdbcBindings}, listed in META-INF/services), the catalog that wires
 * the families in ({@code JdbcStores}), and the socket factories the drivers create by the name
 * db.url gives them (a name the fingerprint shows, so they stay here). It may import the kit
 * ({@code db.jdbc.conn}) and core's {@code site.ycsbx} packages other than
 * {@code site.ycsbx.workloads}; never a family package ({@code JdbcStores} finds their entries
 * through {@code META-INF/services}); nothing below imports it. {@code db.jdbc.embedded}, the
 * second binding, stands on it.
 */
package site.ycsbx.db.jdbc;
