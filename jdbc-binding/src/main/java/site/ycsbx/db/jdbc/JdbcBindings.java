package site.ycsbx.db.jdbc;

import java.util.List;
import site.ycsbx.store.Bindings;

/** Makes {@code bin/ycsb ... jdbc} find this module's binding (listed in META-INF/services). */
public final class JdbcBindings implements Bindings.Source {
  @Override
  public List<Bindings.Binding> bindings() {
    return List.of(new Bindings.Binding("jdbc", JdbcClient.class.getName(),
        "SQL over JDBC: MariaDB/MySQL, PostgreSQL (db.url, jdbc.engine)"));
  }
}
