package site.ycsbx.db.jdbc;

import java.util.List;
import site.ycsbx.db.jdbc.conn.ClientConnection;
import site.ycsbx.db.jdbc.conn.JdbcStoreCheck;
import site.ycsbx.db.jdbc.filemeta.FileMetaCheck;
import site.ycsbx.db.jdbc.filemeta.JdbcFileMetaStore;
import site.ycsbx.db.jdbc.iibench.IIBenchCheck;
import site.ycsbx.db.jdbc.iibench.JdbcIIBenchStore;
import site.ycsbx.db.jdbc.linkbench.JdbcLinkBenchStore;
import site.ycsbx.db.jdbc.linkbench.LinkBenchCheck;
import site.ycsbx.db.jdbc.probe.JdbcProbeStore;
import site.ycsbx.db.jdbc.probe.ProbeCheck;
import site.ycsbx.db.jdbc.sysbench.JdbcSysbenchStore;
import site.ycsbx.db.jdbc.sysbench.SysbenchCheck;
import site.ycsbx.store.StoreCatalog;
import site.ycsbx.store.filemeta.FileMetaStore;
import site.ycsbx.store.iibench.IIBenchStore;
import site.ycsbx.store.linkbench.LinkBenchStore;
import site.ycsbx.store.probe.ProbeStore;
import site.ycsbx.store.sysbench.SysbenchStore;

/** The workload families the JDBC binding serves, each on its client thread's connection. */
public final class JdbcStores extends StoreCatalog<ClientConnection, JdbcStoreCheck> {
  public JdbcStores() {
    super(List.of(
        Family.of(ProbeStore.class, JdbcProbeStore::new, ProbeCheck::new),
        Family.of(IIBenchStore.class, JdbcIIBenchStore::new, IIBenchCheck::new),
        Family.of(LinkBenchStore.class, JdbcLinkBenchStore::new, LinkBenchCheck::new),
        Family.of(FileMetaStore.class, JdbcFileMetaStore::new, FileMetaCheck::new),
        Family.of(SysbenchStore.class, JdbcSysbenchStore::new, SysbenchCheck::new)));
  }
}
