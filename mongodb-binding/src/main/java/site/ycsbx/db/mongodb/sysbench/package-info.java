/**
 * A family of the MongoDB binding: sysbench's store and check: the sbtestN collections, OLTP
 * transactions, the audit of rows.
 *
 * <p>May import: the kit ({@code site.ycsbx.db.mongodb.conn}), core (its store interface in
 * {@code site.ycsbx.store.sysbench}, the handshake, util), the driver. Never the top
 * ({@code site.ycsbx.db.mongodb}), another family, or a workload class. Its entry
 * ({@code MongoSysbenchFamily}), listed in
 * {@code META-INF/services/site.ycsbx.db.mongodb.conn.MongoFamily}, is how the top's
 * {@code MongoStores} finds it.
 */
package site.ycsbx.db.mongodb.sysbench;
