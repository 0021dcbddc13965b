/**
 * The legacy binding's kit, below its families: the one shared 3.5-driver client
 * ({@code LegacyConnection}) and how its errors are reported ({@code LegacyErrors}).
 *
 * <p>May import: the MongoDB binding's kit ({@code site.ycsbx.db.mongodb.conn}), core, the
 * relocated driver. Never this binding's top ({@code site.ycsbx.db.mongolegacy}), a family
 * package, or a workload class.
 */
package site.ycsbx.db.mongolegacy.conn;
