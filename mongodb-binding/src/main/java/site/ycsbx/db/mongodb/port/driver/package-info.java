/**
 * The MongoDB port over the 4.x/5.x driver's {@code com.mongodb.client} API.
 *
 * <p>Layer: imports the driver and the port only; the binding hands it its database (with the
 * run's write concern) and its way of describing a failure in one line.
 */
package site.ycsbx.db.mongodb.port.driver;
