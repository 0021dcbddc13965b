/**
 * A family of both MongoDB bindings: iibench's store and check, written once over the driver
 * port ({@code site.ycsbx.db.mongodb.port}): the insert benchmark's collection, its secondary
 * indexes and refusals. {@code IIBenchSide} is what a binding hands the store besides its port
 * (the legacy line's as it stands; {@code DriverIIBenchSide} the mongodb binding's).
 *
 * <p>May import: the kit ({@code site.ycsbx.db.mongodb.conn}), the port, core (its store interface
 * in {@code site.ycsbx.store.iibench}, the handshake, util), the driver (the mongodb binding's
 * side only). Never the top ({@code site.ycsbx.db.mongodb}), another family, or a workload class.
 * Its entry ({@code MongoIIBenchFamily}), listed in
 * {@code META-INF/services/site.ycsbx.db.mongodb.conn.MongoFamily}, is how the top's
 * {@code MongoStores} finds it; its second entry ({@code PortIIBenchFamily}), listed in
 * {@code META-INF/services/site.ycsbx.db.mongodb.conn.PortFamily}, is how the legacy binding's
 * {@code LegacyStores} finds the store over its own port.
 */
package site.ycsbx.db.mongodb.iibench;
