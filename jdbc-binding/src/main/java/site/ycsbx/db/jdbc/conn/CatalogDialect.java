package site.ycsbx.db.jdbc.conn;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The catalog reads both servers answer with one query each, run the same way: a dialect gives
 * only their SQL ({@link Sql}), so that the reading of the rows stays in one place.
 */
abstract class CatalogDialect implements SqlDialect {
  /**
   * A server's catalog queries. The last three take the table's name as their one parameter.
   *
   * @param version the server's version, as it reports it
   * @param defaultEngine the engine a table gets when none is named
   * @param tableEngine the engine of a table; no row when the table is absent
   * @param columns a table's column names, in any order
   * @param primaryKey a table's primary key columns, in key order
   */
  record Sql(String version, String defaultEngine, String tableEngine, String columns, String primaryKey) {
  }

  private final Sql sql;

  CatalogDialect(Sql sql) {
    this.sql = sql;
  }

  @Override
  public String version(Connection c) throws SQLException {
    return CatalogQueries.value(c, sql.version());
  }

  @Override
  public String defaultEngine(Connection c) throws SQLException {
    return CatalogQueries.value(c, sql.defaultEngine());
  }

  @Override
  public Optional<String> tableEngine(Connection c, String table) throws SQLException {
    return CatalogQueries.first(c, sql.tableEngine(), table);
  }

  @Override
  public Set<String> columns(Connection c, String table) throws SQLException {
    return new TreeSet<>(CatalogQueries.names(c, sql.columns(), table));
  }

  @Override
  public List<String> primaryKey(Connection c, String table) throws SQLException {
    return CatalogQueries.names(c, sql.primaryKey(), table);
  }
}
