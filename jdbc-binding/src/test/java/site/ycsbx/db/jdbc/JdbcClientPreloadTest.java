package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.family.WorkloadFamilies;
import site.ycsbx.family.WorkloadFamily;

/**
 * JdbcClient loads the store class of every family it serves before YCSB's clock starts, as its
 * catalog's entries name them (sysbench's too, which the list of names it had left out), and
 * every one of them is a family's with a descriptor.
 */
@Tag("fast")
class JdbcClientPreloadTest {
  @Test
  void everyServedFamilysStoreClassIsPreloadedAndImplementsItsStore() throws ClassNotFoundException {
    List<Class<?>> served = List.copyOf(new JdbcStores().storeTypes());
    Set<Class<?>> described = new HashSet<>();
    for (WorkloadFamily f : WorkloadFamilies.all()) {
      f.storeType().ifPresent(described::add);
    }
    assertTrue(described.containsAll(served), "every store the binding serves is a family's with a descriptor: " + served);
    List<String> preloaded = JdbcClient.familyStores();
    assertEquals(served.size(), preloaded.size(), "one store class per family: " + preloaded);
    assertEquals(List.of("site.ycsbx.db.jdbc.probe.JdbcProbeStore", "site.ycsbx.db.jdbc.iibench.JdbcIIBenchStore",
        "site.ycsbx.db.jdbc.linkbench.JdbcLinkBenchStore", "site.ycsbx.db.jdbc.filemeta.JdbcFileMetaStore",
        "site.ycsbx.db.jdbc.sysbench.JdbcSysbenchStore"), preloaded.subList(0, 5));
    for (int i = 0; i < preloaded.size(); i++) {
      Class<?> store = Class.forName(preloaded.get(i), false, JdbcClient.class.getClassLoader());
      assertTrue(served.get(i).isAssignableFrom(store), store + " is not a " + served.get(i));
    }
  }
}
