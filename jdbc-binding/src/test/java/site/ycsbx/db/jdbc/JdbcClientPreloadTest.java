package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.family.WorkloadFamilies;
import site.ycsbx.family.WorkloadFamily;

/**
 * JdbcClient loads the store class of every family it serves before YCSB's clock starts, found
 * from the families' descriptors (sysbench's too, which the list of names it had left out).
 */
@Tag("fast")
class JdbcClientPreloadTest {
  @Test
  void everyServedFamilysStoreClassIsPreloadedAndImplementsItsStore() throws ClassNotFoundException {
    Set<Class<?>> served = new JdbcStores().storeTypes();
    List<Class<?>> described = new ArrayList<>();
    for (WorkloadFamily f : WorkloadFamilies.all()) {
      f.storeType().filter(served::contains).ifPresent(described::add);
    }
    assertEquals(served, Set.copyOf(described), "every store the binding serves is a family's with a descriptor");
    List<String> preloaded = JdbcClient.familyStores();
    assertEquals(List.of("site.ycsbx.db.jdbc.iibench.JdbcIIBenchStore", "site.ycsbx.db.jdbc.linkbench.JdbcLinkBenchStore",
        "site.ycsbx.db.jdbc.filemeta.JdbcFileMetaStore", "site.ycsbx.db.jdbc.sysbench.JdbcSysbenchStore",
        "site.ycsbx.db.jdbc.probe.JdbcProbeStore"), preloaded);
    for (int i = 0; i < preloaded.size(); i++) {
      Class<?> store = Class.forName(preloaded.get(i), false, JdbcClient.class.getClassLoader());
      assertTrue(described.get(i).isAssignableFrom(store), store + " is not a " + described.get(i));
    }
  }
}
