package site.ycsbx.db.nulldb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.nulldb.probe.NullProbeStore;
import site.ycsbx.db.nulldb.tables.NullFamily;
import site.ycsbx.store.StoreCatalog.Family;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.filemeta.FileMetaStore;
import site.ycsbx.store.iibench.IIBenchStore;
import site.ycsbx.store.linkbench.LinkBenchStore;
import site.ycsbx.store.probe.ProbeStore;
import site.ycsbx.store.sysbench.SysbenchStore;
import site.ycsbx.testing.CatalogEntries;

/** The null binding's catalog, found through its services file: the families it had, in their order, first. */
@Tag("fast")
class NullStoresTest {
  @Test
  void theCatalogServesEveryFamilyInTheServicesFilesOrderWithNothingToCheck() {
    NullStores stores = new NullStores();
    CatalogEntries.assertServesFirst(stores, List.of(ProbeStore.class, IIBenchStore.class, LinkBenchStore.class,
        FileMetaStore.class, SysbenchStore.class));
    assertTrue(stores.check(new StoreDemand(SysbenchStore.class, null)).isEmpty());
    assertEquals(List.of(), stores.properties());
  }

  @Test
  void everyFamilyPackageHoldingAStoreHasItsEntryListed() {
    CatalogEntries.assertEveryFamilyPackageListed(NullDb.class, NullFamily.class);
  }

  @Test
  void anEntryWhoseStoreClassIsNotTheFamilysStoreIsRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new NullFamily(Family.of(SysbenchStore.class, none -> null, null), NullProbeStore.class) {
        });
    assertEquals(NullProbeStore.class.getName() + " is not a " + SysbenchStore.class.getName(), e.getMessage());
  }
}
