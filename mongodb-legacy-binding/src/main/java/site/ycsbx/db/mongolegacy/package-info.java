/**
 * The legacy MongoDB binding's top layer (MongoDB 2.4 and TokuMX over the relocated 3.5 driver):
 * {@code MongoLegacyClient} (YCSB's CRUD), {@code LegacyPreflight}, {@code LegacyStores} (the
 * catalog of families), {@code MongoLegacyBindings}, the server facts and before-commands of the
 * preflight.
 *
 * <p>May import: this binding's kit ({@code site.ycsbx.db.mongolegacy.conn}) and family
 * packages, the MongoDB binding's kit ({@code site.ycsbx.db.mongodb.conn}: options, write
 * concern, URL), core, YCSB's DB API, the relocated driver. Never a workload class, nor the
 * MongoDB binding's top or families. Nothing in this module imports this package.
 */
package site.ycsbx.db.mongolegacy;
