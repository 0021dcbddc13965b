/**
 * A family of the MongoDB binding: linkbench's store and check: nodes, links and counts, link
 * writes with or without transactions.
 *
 * <p>May import: the kit ({@code site.ycsbx.db.mongodb.conn}), core (its store interface in
 * {@code site.ycsbx.store.linkbench}, the handshake, util), the driver. Never the top
 * ({@code site.ycsbx.db.mongodb}), another family, or a workload class. Its entry
 * ({@code MongoLinkBenchFamily}), listed in
 * {@code META-INF/services/site.ycsbx.db.mongodb.conn.MongoFamily}, is how the top's
 * {@code MongoStores} finds it.
 */
package site.ycsbx.db.mongodb.linkbench;
