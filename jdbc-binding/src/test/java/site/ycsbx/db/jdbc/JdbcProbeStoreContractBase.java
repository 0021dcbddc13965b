package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import site.ycsbx.store.ProbeStore;
import site.ycsbx.store.ProbeStoreContract;

/** The probe contract on one real server; each store gets a fresh database of its own. */
abstract class JdbcProbeStoreContractBase extends ProbeStoreContract {
  private final List<TestDatabase> databases = new ArrayList<>();
  private final List<Connection> connections = new ArrayList<>();
  private TestDatabase last;

  protected abstract TestDatabase.Target target();

  @Override
  protected ProbeStore store() throws Exception {
    last = TestDatabase.create(target());
    databases.add(last);
    JdbcOptions o = JdbcOptions.parse(last.properties());
    Connection c = Connector.open(o);
    connections.add(c);
    return new JdbcProbeStore(c, o.dialect(), o.engine());
  }

  @AfterEach
  void dropDatabases() throws Exception {
    for (Connection c : connections) {
      c.close();
    }
    for (TestDatabase db : databases) {
      db.close();
    }
  }

  @Test
  void probeTableHasTheEngineAsked() throws Exception {
    ProbeStore s = store();
    s.prepare();
    assertEquals(target().expectedEngine(), last.engine(ProbeStore.TABLE).orElse("absent"));
  }
}
