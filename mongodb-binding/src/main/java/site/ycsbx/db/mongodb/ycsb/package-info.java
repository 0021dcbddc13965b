/**
 * YCSB's CRUD on MongoDB, written once over the port ({@code YcsbCrud}), and the part of the
 * mongodb and mongodb-legacy bindings' DB classes that serves it ({@code CrudClient}); each
 * binding keeps its connection, preflight and fault hooks of its own.
 *
 * <p>Layer: a family over the port; imports the port, the kit's options and connection base
 * ({@code conn.MongoOptions}, {@code conn.PortConnection}) and core, never a driver or the
 * binding's top.
 */
package site.ycsbx.db.mongodb.ycsb;
