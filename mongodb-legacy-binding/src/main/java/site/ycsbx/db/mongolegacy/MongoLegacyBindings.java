package site.ycsbx.db.mongolegacy;

import java.util.List;
import site.ycsbx.store.Bindings;

/** The binding this module adds to {@code bin/ycsb}; the class name is written out, so listing it loads no driver. */
public final class MongoLegacyBindings implements Bindings.Source {
  @Override
  public List<Bindings.Binding> bindings() {
    return List.of(new Bindings.Binding("mongodb-legacy", "site.ycsbx.db.mongolegacy.MongoLegacyClient",
        "MongoDB 2.4 and TokuMX (wire version 0) through driver 3.5: legacy opcodes + getLastError (mongodb.url)"));
  }
}
