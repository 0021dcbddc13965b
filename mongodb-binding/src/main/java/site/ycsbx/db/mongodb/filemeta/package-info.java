/**
 * A family of the MongoDB binding: filemeta's store and check: file metadata on MongoDB, sharded
 * collections and their chunk layout.
 *
 * <p>May import: the kit ({@code site.ycsbx.db.mongodb.conn}), core (its store interface in
 * {@code site.ycsbx.store.filemeta}, the handshake, util), the driver. Never the top
 * ({@code site.ycsbx.db.mongodb}), another family, or a workload class. Its entry
 * ({@code MongoFileMetaFamily}), listed in
 * {@code META-INF/services/site.ycsbx.db.mongodb.conn.MongoFamily}, is how the top's
 * {@code MongoStores} finds it.
 */
package site.ycsbx.db.mongodb.filemeta;
