package site.ycsbx.db.jdbc;

import java.util.List;
import site.ycsbx.store.Bindings;

/**
 * Makes {@code bin/ycsb ... jdbc} and {@code postgres-embedded} find this module's bindings (listed
 * in META-INF/services). Class names are written out, not taken from class literals, so listing
 * the bindings (e.g. for --help) loads neither binding's classes.
 */
public final class JdbcBindings implements Bindings.Source {
  @Override
  public List<Bindings.Binding> bindings() {
    return List.of(
        new Bindings.Binding("jdbc", "site.ycsbx.db.jdbc.JdbcClient",
            "SQL over JDBC: MariaDB/MySQL, PostgreSQL (db.url, jdbc.engine)"),
        new Bindings.Binding("postgres-embedded", "site.ycsbx.db.jdbc.embedded.EmbeddedPostgresClient",
            "PostgreSQL 14 that YCSB-X starts itself, no install (postgres.embedded.dir)"));
  }
}
