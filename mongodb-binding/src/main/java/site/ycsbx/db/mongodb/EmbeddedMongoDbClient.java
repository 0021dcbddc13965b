package site.ycsbx.db.mongodb;

import java.util.Properties;
import site.ycsb.DBException;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.store.Provides;

/**
 * {@link MongoDbClient} against an in-process MongoDB wire-protocol server (mongo-java-server),
 * one per JVM: nothing to install. Data is kept in {@value EmbeddedServer#DIR_PROPERTY} (H2
 * backend) so a load and a later run see the same data, or in memory with
 * {@code mongodb.embedded.dir=:memory:}.
 */
@Provides(stores = MongoStores.class, preflight = EmbeddedMongoPreflight.class)
public class EmbeddedMongoDbClient extends MongoDbClient {
  @Override
  protected MongoOptions options(Properties props) {
    return MongoOptions.parse(props, EmbeddedServer.start(props).url());
  }

  @Override
  public void cleanup() throws DBException {
    try {
      super.cleanup();
    } finally {
      EmbeddedServer.commitRunning();
    }
  }
}
