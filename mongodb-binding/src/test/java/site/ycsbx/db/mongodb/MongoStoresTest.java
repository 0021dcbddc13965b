package site.ycsbx.db.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.mongodb.conn.MongoFamily;
import site.ycsbx.db.mongodb.iibench.MongoIIBenchCheck;
import site.ycsbx.db.mongodb.linkbench.MongoLinkBenchCheck;
import site.ycsbx.db.mongodb.sysbench.MongoSysbenchCheck;
import site.ycsbx.store.Bindings;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.store.iibench.IIBenchPlan;
import site.ycsbx.store.iibench.IIBenchStore;
import site.ycsbx.store.linkbench.LinkBenchPlan;
import site.ycsbx.store.linkbench.LinkBenchStore;
import site.ycsbx.store.probe.ProbeStore;
import site.ycsbx.store.filemeta.FileMetaStore;
import site.ycsbx.store.sysbench.SysbenchPlan;
import site.ycsbx.store.sysbench.SysbenchStore;
import site.ycsbx.testing.CatalogEntries;

/** How the module declares itself: its bindings to bin/ycsb, its families and their checks. */
@Tag("fast")
class MongoStoresTest {
  @Test
  void bothBindingsAreFoundByNameWithTheirClasses() {
    assertEquals(new Bindings.Binding("mongodb", MongoDbClient.class.getName(),
        "MongoDB through the official Java driver (mongodb.url)"), Bindings.byName("mongodb").orElseThrow());
    assertEquals(new Bindings.Binding("mongodb-embedded", EmbeddedMongoDbClient.class.getName(),
        "in-process MongoDB wire-protocol server, no install (mongodb.embedded.dir)"),
        Bindings.byName("mongodb-embedded").orElseThrow());
  }

  @Test
  void bothBindingsProvideEveryFamily() {
    for (Class<?> db : List.of(MongoDbClient.class, EmbeddedMongoDbClient.class)) {
      assertEquals(new MongoStores().storeTypes(),
          StoreRegistry.catalog(StoreRegistry.providesOf(db.getName())).storeTypes(), db.getName());
      assertTrue(StoreRegistry.provides(db.getName(), IIBenchStore.class), db.getName());
      assertTrue(StoreRegistry.provides(db.getName(), LinkBenchStore.class), db.getName());
      assertTrue(StoreRegistry.provides(db.getName(), FileMetaStore.class), db.getName());
      assertTrue(StoreRegistry.provides(db.getName(), SysbenchStore.class), db.getName());
    }
  }

  @Test
  void theCatalogListsTheFamiliesInTheServicesFilesOrder() {
    CatalogEntries.assertServesFirst(new MongoStores(), List.of(ProbeStore.class, IIBenchStore.class,
        LinkBenchStore.class, FileMetaStore.class, SysbenchStore.class));
  }

  @Test
  void everyFamilyPackageHoldingAStoreHasItsEntryListed() {
    CatalogEntries.assertEveryFamilyPackageListed(MongoDbClient.class, MongoFamily.class);
  }

  @Test
  void theCheckIsTheOneRegisteredForTheStoreTheWorkloadTakes() {
    MongoStores stores = new MongoStores();
    assertInstanceOf(MongoIIBenchCheck.class, stores.check(
        new StoreDemand(IIBenchStore.class, new IIBenchPlan(List.of(), 1000, false))).orElseThrow());
    assertInstanceOf(MongoLinkBenchCheck.class, stores.check(
        new StoreDemand(LinkBenchStore.class, LinkBenchPlan.defaults(false))).orElseThrow());
    assertInstanceOf(MongoSysbenchCheck.class, stores.check(new StoreDemand(SysbenchStore.class,
        new SysbenchPlan(List.of(), 10, 1000, true, false, true))).orElseThrow());
    assertEquals(Optional.empty(), stores.check(new StoreDemand(ProbeStore.class, null)), "the probe has no check");
    assertEquals(Optional.empty(), stores.check(StoreDemand.NONE), "YCSB's own workloads have none");
  }
}
