/**
 * The legacy MongoDB binding's top layer (MongoDB 2.4 and TokuMX over the relocated 3.5 driver):
 * {@code MongoLegacyClient} (YCSB's CRUD: the MongoDB binding's {@code YcsbCrud} over this
 * binding's side of the port, {@code mongolegacy.port}), {@code LegacyPreflight},
 * {@code LegacyStores} (the catalog of families, found through the mongodb binding's
 * {@code PortFamily} entries in {@code META-INF/services}), {@code MongoLegacyBindings}, the server facts
 * and before-commands of the preflight.
 *
 * <p>May import: this binding's kit ({@code site.ycsbx.db.mongolegacy.conn}) and side of the
 * port, the MongoDB binding's kit ({@code site.ycsbx.db.mongodb.conn}: options, write concern,
 * URL), its port ({@code site.ycsbx.db.mongodb.port}) and the families written over the port
 * ({@code site.ycsbx.db.mongodb.ycsb}, {@code .iibench}, {@code .filemeta}), core, YCSB's DB API, the relocated
 * driver. Never a workload class, nor the MongoDB binding's top, driver side of the port or other
 * families. Nothing in this module imports this package.
 */
package site.ycsbx.db.mongolegacy;
