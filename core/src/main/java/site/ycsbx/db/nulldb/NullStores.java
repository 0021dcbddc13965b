package site.ycsbx.db.nulldb;

import java.util.List;
import site.ycsbx.db.nulldb.filemeta.NullFileMetaStore;
import site.ycsbx.db.nulldb.iibench.NullIIBenchStore;
import site.ycsbx.db.nulldb.linkbench.NullLinkBenchStore;
import site.ycsbx.db.nulldb.probe.NullProbeStore;
import site.ycsbx.db.nulldb.sysbench.NullSysbenchStore;
import site.ycsbx.store.StoreCatalog;
import site.ycsbx.store.filemeta.FileMetaStore;
import site.ycsbx.store.iibench.IIBenchStore;
import site.ycsbx.store.linkbench.LinkBenchStore;
import site.ycsbx.store.probe.ProbeStore;
import site.ycsbx.store.sysbench.SysbenchStore;

/** The families the null binding serves; nothing to check on a server that does not exist. */
public final class NullStores extends StoreCatalog<Void, Void> {
  public NullStores() {
    super(List.of(
        Family.of(ProbeStore.class, none -> new NullProbeStore(), null),
        Family.of(IIBenchStore.class, none -> new NullIIBenchStore(), null),
        Family.of(LinkBenchStore.class, none -> new NullLinkBenchStore(), null),
        Family.of(FileMetaStore.class, none -> new NullFileMetaStore(), null),
        Family.of(SysbenchStore.class, none -> new NullSysbenchStore(), null)));
  }
}
