/**
 * A family of the MongoDB binding: linkbench's store and check: nodes, links and counts, link
 * writes with or without transactions. Written once over the driver port, so mongodb-legacy
 * serves it too: {@code LinkBenchSide} is the legacy line's (no sessions), {@code
 * DriverLinkBenchSide} the 4.x/5.x line's (transactions, {@code MongoSchema}).
 *
 * <p>May import: the kit ({@code site.ycsbx.db.mongodb.conn}), the port ({@code .port}, and
 * {@code .port.driver} in the driver side), core (its store interface in
 * {@code site.ycsbx.store.linkbench}, the handshake, util), the driver (the driver side and the
 * check's fingerprint of transactions only). Never the top
 * ({@code site.ycsbx.db.mongodb}), another family, or a workload class. Its entry
 * ({@code MongoLinkBenchFamily}), listed in
 * {@code META-INF/services/site.ycsbx.db.mongodb.conn.MongoFamily}, is how the top's
 * {@code MongoStores} finds it.
 */
package site.ycsbx.db.mongodb.linkbench;
