/**
 * The MongoDB port over driver 3.5's legacy {@code DB}/{@code DBCollection} API, relocated to
 * {@code site.ycsbx.shaded.mongo35}: what MongoDB 2.4 and TokuMX (wire version 0) are reached with.
 *
 * <p>Layer: imports the relocated driver and the port only; the binding hands it its database,
 * write concern and way of describing a failure in one line.
 */
package site.ycsbx.db.mongolegacy.port;
