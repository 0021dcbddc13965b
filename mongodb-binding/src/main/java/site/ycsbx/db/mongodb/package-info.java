/**
 * The MongoDB binding's top layer: what wires the families in. {@code MongoDbClient} (the DB
 * class {@code -db mongodb} names: YCSB's CRUD of {@code ycsb.YcsbCrud} over the driver's side
 * of the port), {@code MongoPreflight}, {@code MongoStores} (the catalog of families),
 * {@code MongoBindings} and mongodb-embedded ({@code Embedded*}).
 *
 * <p>May import: the kit ({@code site.ycsbx.db.mongodb.conn}), the family packages below it, the
 * port ({@code site.ycsbx.db.mongodb.port} and its driver side {@code .port.driver}),
 * core's handshake and value types, YCSB's DB API, the driver. Never a workload class
 * ({@code site.ycsbx.workloads}). Nothing in this module imports this package; its
 * {@code LayersTest} holds these rules.
 */
package site.ycsbx.db.mongodb;
