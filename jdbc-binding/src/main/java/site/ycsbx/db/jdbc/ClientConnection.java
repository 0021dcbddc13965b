package site.ycsbx.db.jdbc;

import java.sql.Connection;

/**
 * What {@link JdbcClient} hands the stores of its client thread: the thread's connection and the
 * options it was opened with. A store shares the connection with YCSB's operations, so it
 * commits its own work when autocommit is off.
 */
public record ClientConnection(Connection connection, JdbcOptions options) {
}
