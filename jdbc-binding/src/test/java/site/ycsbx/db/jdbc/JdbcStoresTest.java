package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.jdbc.conn.JdbcFamily;
import site.ycsbx.db.jdbc.iibench.IIBenchCheck;
import site.ycsbx.db.jdbc.linkbench.LinkBenchCheck;
import site.ycsbx.db.jdbc.probe.ProbeCheck;
import site.ycsbx.store.Bindings;
import site.ycsbx.db.jdbc.sysbench.SysbenchCheck;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.sysbench.SysbenchStore;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.store.iibench.IIBenchPlan;
import site.ycsbx.store.iibench.IIBenchStore;
import site.ycsbx.store.iibench.IIBenchTable;
import site.ycsbx.store.linkbench.LinkBenchPlan;
import site.ycsbx.store.linkbench.LinkBenchStore;
import site.ycsbx.store.probe.ProbeStore;
import site.ycsbx.db.jdbc.filemeta.FileMetaCheck;
import site.ycsbx.store.filemeta.FileMetaPlan;
import site.ycsbx.store.filemeta.FileMetaStore;
import site.ycsbx.testing.CatalogEntries;

/** How bin/ycsb and the workloads find this binding, its stores and their checks, without a server. */
@Tag("fast")
class JdbcStoresTest {
  @Test
  void theBindingIsFoundByNameThroughItsServiceEntry() {
    Bindings.Binding b = Bindings.byName("jdbc").orElseThrow();
    assertEquals(JdbcClient.class.getName(), b.className());
    assertTrue(b.description().startsWith("SQL over JDBC"), b.description());
  }

  @Test
  void theClientDeclaresEveryFamilyOfItsCatalog() {
    CatalogEntries.assertServesFirst(new JdbcStores(), List.of(ProbeStore.class, IIBenchStore.class,
        LinkBenchStore.class, FileMetaStore.class, SysbenchStore.class));
    assertTrue(StoreRegistry.provides(JdbcClient.class.getName(), SysbenchStore.class));
    assertTrue(StoreRegistry.provides(JdbcClient.class.getName(), FileMetaStore.class));
    assertTrue(StoreRegistry.provides(JdbcClient.class.getName(), LinkBenchStore.class));
    assertTrue(StoreRegistry.provides(JdbcClient.class.getName(), ProbeStore.class));
    assertTrue(StoreRegistry.provides(JdbcClient.class.getName(), IIBenchStore.class));
  }

  @Test
  void everyFamilyPackageHoldingAStoreHasItsEntryListed() {
    CatalogEntries.assertEveryFamilyPackageListed(JdbcClient.class, JdbcFamily.class);
  }

  @Test
  void eachFamilyIsCheckedByItsOwnCheckAndYcsbsWorkloadsByNone() {
    JdbcStores stores = new JdbcStores();
    IIBenchPlan plan = new IIBenchPlan(List.of(new IIBenchTable("t", 3, 0, 10)), 1000, false);
    assertInstanceOf(IIBenchCheck.class, stores.check(new StoreDemand(IIBenchStore.class, plan)).orElseThrow());
    assertInstanceOf(LinkBenchCheck.class,
        stores.check(new StoreDemand(LinkBenchStore.class, LinkBenchPlan.defaults(false))).orElseThrow());
    assertInstanceOf(FileMetaCheck.class,
        stores.check(new StoreDemand(FileMetaStore.class, FileMetaPlan.defaults(false))).orElseThrow());
    assertInstanceOf(ProbeCheck.class, stores.check(new StoreDemand(ProbeStore.class, null)).orElseThrow());
    assertInstanceOf(SysbenchCheck.class, stores.check(new StoreDemand(SysbenchStore.class, null)).orElseThrow());
    assertTrue(stores.check(StoreDemand.NONE).isEmpty());
  }
}
