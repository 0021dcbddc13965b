package site.ycsbx.db.mongodb;

import java.util.List;
import site.ycsbx.store.Bindings;

/**
 * The bindings this module adds to {@code bin/ycsb}. Class names are written out, not taken from
 * class literals, so listing the bindings (e.g. for --help) loads no driver classes.
 */
public final class MongoBindings implements Bindings.Source {
  @Override
  public List<Bindings.Binding> bindings() {
    return List.of(
        new Bindings.Binding("mongodb", "site.ycsbx.db.mongodb.MongoDbClient",
            "MongoDB through the official Java driver (mongodb.url)"),
        new Bindings.Binding("mongodb-embedded", "site.ycsbx.db.mongodb.EmbeddedMongoDbClient",
            "in-process MongoDB wire-protocol server, no install (mongodb.embedded.dir)"));
  }
}
