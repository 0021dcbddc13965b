package site.ycsbx.db.jdbc.embedded;

import java.util.Properties;
import site.ycsbx.db.jdbc.JdbcClient;
import site.ycsbx.db.jdbc.JdbcStores;
import site.ycsbx.db.jdbc.conn.JdbcOptions;
import site.ycsbx.store.Provides;

/**
 * {@link JdbcClient} on a PostgreSQL server that this JVM starts and stops itself
 * ({@link EmbeddedPostgres}), one for all client threads: nothing to install, real indexes and
 * real sizes on storage. Every workload family of the jdbc binding runs on it unchanged.
 */
@Provides(stores = JdbcStores.class, preflight = EmbeddedPostgresPreflight.class)
public class EmbeddedPostgresClient extends JdbcClient {
  @Override
  protected JdbcOptions options(Properties props) {
    return JdbcOptions.parse(EmbeddedPostgres.start(props).clientProperties(props));
  }
}
