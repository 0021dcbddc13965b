/**
 * A family of the MongoDB binding: the probe store, the smallest: a collection of {_id: key, value:
 * value} that proves the binding's part of the contract.
 *
 * <p>May import: the kit ({@code site.ycsbx.db.mongodb.conn}), core (its store interface in
 * {@code site.ycsbx.store.probe}, the handshake, util), the driver. Never the top
 * ({@code site.ycsbx.db.mongodb}), another family, or a workload class. Its entry
 * ({@code MongoProbeFamily}), listed in
 * {@code META-INF/services/site.ycsbx.db.mongodb.conn.MongoFamily}, is how the top's
 * {@code MongoStores} finds it.
 */
package site.ycsbx.db.mongodb.probe;
