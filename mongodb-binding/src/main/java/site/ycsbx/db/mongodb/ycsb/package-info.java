/**
 * YCSB's CRUD on MongoDB, written once over the port and used by the mongodb and mongodb-legacy
 * bindings' DB classes, which keep their connection, preflight and the fault hooks of their own.
 *
 * <p>Layer: a family over the port; imports the port and core, never a driver or the binding's top.
 */
package site.ycsbx.db.mongodb.ycsb;
