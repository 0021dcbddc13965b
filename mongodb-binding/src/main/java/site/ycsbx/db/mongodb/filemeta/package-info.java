/**
 * A family of the MongoDB binding: filemeta's store and check: file metadata on MongoDB, sharded
 * collections and their chunk layout. The store and the non-sharded checks are written over the
 * driver port ({@code site.ycsbx.db.mongodb.port}), so mongodb-legacy runs them too on its own
 * side ({@code FileMetaSide}); sharding ({@code DriverFileMetaSide}, {@code ShardSetup},
 * {@code ShardedCluster}, the check's sharded part) stays on the 4.x/5.x driver.
 *
 * <p>May import: the kit ({@code site.ycsbx.db.mongodb.conn}), the port, core (its store interface in
 * {@code site.ycsbx.store.filemeta}, the handshake, util), the driver. Never the top
 * ({@code site.ycsbx.db.mongodb}), another family, or a workload class. Its entry
 * ({@code MongoFileMetaFamily}), listed in
 * {@code META-INF/services/site.ycsbx.db.mongodb.conn.MongoFamily}, is how the top's
 * {@code MongoStores} finds it.
 */
package site.ycsbx.db.mongodb.filemeta;
