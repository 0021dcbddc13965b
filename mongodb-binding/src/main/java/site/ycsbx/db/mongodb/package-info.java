/**
 * The MongoDB binding's top layer: what wires the families in. {@code MongoDbClient} (YCSB's
 * CRUD, the DB class {@code -db mongodb} names), {@code MongoPreflight}, {@code MongoStores} (the
 * catalog of families), {@code MongoBindings} and mongodb-embedded ({@code Embedded*}).
 *
 * <p>May import: the kit ({@code site.ycsbx.db.mongodb.conn}), the port and YCSB's CRUD below
 * it, core's handshake and value types, YCSB's DB API, the driver. Never a workload family's
 * package ({@code MongoStores} finds their entries through {@code META-INF/services}) or a
 * workload class ({@code site.ycsbx.workloads}). Nothing in this module imports this package; its
 * {@code LayersTest} holds these rules.
 */
package site.ycsbx.db.mongodb;
