/**
 * A family of the MongoDB binding: iibench's store and check: the insert benchmark's table, its
 * secondary indexes and refusals.
 *
 * <p>May import: the kit ({@code site.ycsbx.db.mongodb.conn}), core (its store interface in
 * {@code site.ycsbx.store.iibench}, the handshake, util), the driver. Never the top
 * ({@code site.ycsbx.db.mongodb}), another family, or a workload class. Its entry
 * ({@code MongoIIBenchFamily}), listed in
 * {@code META-INF/services/site.ycsbx.db.mongodb.conn.MongoFamily}, is how the top's
 * {@code MongoStores} finds it.
 */
package site.ycsbx.db.mongodb.iibench;
