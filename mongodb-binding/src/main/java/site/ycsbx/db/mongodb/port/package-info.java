/**
 * The MongoDB port: the collection operations the MongoDB families use, the same over both driver
 * lines, so each family is written once and runs on MongoDB 2.6+ (the 4.x/5.x driver, {@code
 * port.driver}) and on MongoDB 2.4 and TokuMX (driver 3.5's legacy API, relocated, in
 * mongodb-legacy's {@code mongolegacy.port}).
 *
 * <p>Layer: below every family and the binding's top; imports only {@code java.*} (no driver
 * type, no other package of the binding; {@code PortLayersTest} guards it). Documents, filters,
 * updates, projections and sorts are {@code Map<String, Object>} in MongoDB's query language;
 * {@link site.ycsbx.db.mongodb.port.MongoPort#document()} gives the driver's own map type
 * ({@code org.bson.Document}, {@code BasicDBObject}), which the calls take without copying.
 * Failures are one {@link site.ycsbx.db.mongodb.port.PortException} carrying the binding's one
 * line, whether a key was duplicated and how much of a batch was stored. Each side writes with
 * the run's write concern, as the binding's connection sets it.
 *
 * <p>Served today: find one (with projection), find a range (sort, limit, hint), insert one,
 * insert a batch ordered or not (one insertMany; one OP_INSERT on wire version 0), upsert one or
 * a batch, update one, delete one or many, count (exact or from metadata), index create and list,
 * drop, collection names, a command on the database (collStats, listDatabases), ObjectIds by
 * their 12 bytes: what YCSB's CRUD ({@code db.mongodb.ycsb}), iibench's store and the shape
 * checks ({@code db.mongodb.iibench}, {@code conn.ExistingCollection}) need; for linkbench
 * ({@code db.mongodb.linkbench}) a find past a skip, count with a filter (the count command),
 * findOneAndUpdate and findOneAndDelete, the upsert of an update, aggregate (inline on 2.4), a
 * unique index, and on the 4.x/5.x side alone a port inside a session ({@code DriverPort.inSession},
 * for its transactions); filemeta ({@code db.mongodb.filemeta}) uses the same count and aggregate;
 * sysbench ({@code db.mongodb.sysbench}) distinct and an aggregate with a hint (not sent to 2.4),
 * and {@code DriverPort.inSession} around its finds, updates, deletes, inserts and aggregates; its
 * TokuMX transactions are commands on a port over one connection the legacy binding hands it.
 * Next, with its contract case in {@code PortContract} on both sides: update many.
 */
package site.ycsbx.db.mongodb.port;
