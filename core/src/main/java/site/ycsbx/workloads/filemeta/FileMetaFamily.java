package site.ycsbx.workloads.filemeta;

import java.util.Map;
import site.ycsbx.family.CellCount;
import site.ycsbx.family.WorkloadFamily;
import site.ycsbx.store.filemeta.FileMetaPlan;
import site.ycsbx.store.filemeta.FileMetaStore;

/**
 * Metadata of a very large set of files.
 *
 * <p>Its clients: load, client i loads its contiguous share of the load batches (ids are batch
 * positions, so the files are those one loader makes); {@code filemeta.verify} is refused with N
 * &gt; 1. Run: reads over every file; client i's new files take the ids equal to i modulo N above
 * the largest stored id, so the clients' inserts never collide. The workload reads its share
 * itself.
 *
 * <p>A load counts its files ({@code filemeta.files}, else recordcount); a run its operations.
 * Files/s: its file batches; reads/s and writes/s its read and its write operations.
 */
public final class FileMetaFamily extends WorkloadFamily {
  public FileMetaFamily() {
    super(new Declaration("filemeta", FileMetaStore.class, "metadata of a very large set of files", "filemeta",
        "filemeta-latest", "filemeta-count", "filemeta-readwrite")
        .workload(() -> FileMetaWorkload.class)
        .filesHelp("filemeta: file metadata load; filemeta-latest, filemeta-count, filemeta-readwrite: its queries")
        .splitsItself()
        .cellCount(CellCount.ofLoads(p -> {
          boolean own = p.getProperty(FileMetaPlan.FILES_PROPERTY) != null;
          String key = own ? FileMetaPlan.FILES_PROPERTY : CellCount.countKey(true);
          return new CellCount.Count(CellCount.number(p, key, 0), "files", key, 0);
        }))
        .documentedRates(Map.of("load files", 50_000.0))
        .rates(new Rate("files", true, FileMetaWorkload.LOAD_FILES),
            new Rate("reads", false, FileMetaWorkload.LATEST_BY_USER, FileMetaWorkload.COUNT_DELETED),
            new Rate("writes", false, FileMetaWorkload.INSERT_FILE, FileMetaWorkload.UPDATE_FILE,
                FileMetaWorkload.DELETE_FILE)));
  }
}
