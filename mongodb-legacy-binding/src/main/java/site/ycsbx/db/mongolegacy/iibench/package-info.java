/**
 * A family of the legacy binding: iibench's store on MongoDB 2.4 and TokuMX.
 *
 * <p>May import: this binding's kit ({@code site.ycsbx.db.mongolegacy.conn}), the MongoDB
 * binding's kit ({@code site.ycsbx.db.mongodb.conn}), core (its store interface in
 * {@code site.ycsbx.store.iibench}), the relocated driver. Never this binding's top, the MongoDB
 * binding's families, or a workload class; the top's {@code LegacyStores} wires it in.
 */
package site.ycsbx.db.mongolegacy.iibench;
