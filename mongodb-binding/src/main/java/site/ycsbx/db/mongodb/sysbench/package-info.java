/**
 * A family of both MongoDB bindings: sysbench's store and check, written once over the driver
 * port ({@code site.ycsbx.db.mongodb.port}): the sbtestN collections, OLTP transactions, the audit
 * of rows. {@code SysbenchSide} is what a binding hands the store besides its port (the legacy
 * line's: each step alone, or TokuMX's transactions on the thread's own connection;
 * {@code DriverSysbenchSide} the mongodb binding's, with 4.0+ sessions).
 *
 * <p>May import: the kit ({@code site.ycsbx.db.mongodb.conn}), the port, core (its store interface
 * in {@code site.ycsbx.store.sysbench}, the handshake, util), the driver (the mongodb binding's
 * side only). Never the top ({@code site.ycsbx.db.mongodb}), another family, or a workload class.
 * Its entry ({@code MongoSysbenchFamily}), listed in
 * {@code META-INF/services/site.ycsbx.db.mongodb.conn.MongoFamily}, is how the top's
 * {@code MongoStores} finds it; {@code PortSysbenchFamily}, listed in
 * {@code META-INF/services/site.ycsbx.db.mongodb.conn.PortFamily}, how the legacy binding's
 * {@code LegacyStores} does.
 */
package site.ycsbx.db.mongodb.sysbench;
