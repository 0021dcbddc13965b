package site.ycsbx.store.filemeta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import site.ycsbx.store.StoreContract;
import site.ycsbx.store.StoreException;

/**
 * The filemeta store contract: what every binding's {@link FileMetaStore} must do, run per
 * binding against a real server (and against core's memory store, the reference). Each test
 * owns an empty database.
 */
public abstract class FileMetaStoreContract extends StoreContract<FileMetaStore> {
  /** 2011-01-01T00:00:00Z, the source's year. */
  protected static final long T0 = 1_293_840_000L;
  private static final FileMetaPlan PLAN = FileMetaPlan.defaults(false);

  protected FileMetaStoreContract() {
    super(FileMetaStore.class);
  }

  protected FileMetaStore prepared() throws Exception {
    FileMetaStore s = store();
    s.prepare(PLAN);
    return s;
  }

  /** A file of the user, updated {@code age} seconds before T0 and created a day before that. */
  protected static FileRow file(long id, long userId, int serverId, boolean deleted, long age) {
    return new FileRow(id, "/data/u" + userId + "/file-" + id + "-" + "x".repeat((int) (id % 40)), 1000 + id, serverId,
        deleted, T0 - age, T0 - age - 86_400, userId);
  }

  private static List<Long> ids(List<FileRow> rows) {
    return rows.stream().map(FileRow::id).toList();
  }

  @Test
  void filesComeBackAsStoredNewestFirstTenAtMost() throws Exception {
    FileMetaStore s = prepared();
    List<FileRow> batch = new ArrayList<>();
    for (int i = 1; i <= 25; i++) {
      batch.add(file(i, 7, i % 3, i == 4, 1000 - i * 10L)); // higher id, more recent
    }
    batch.add(file(100, 8, 0, false, 0)); // another user's newest file
    s.insertFiles(batch);
    List<FileRow> latest = s.latestByUser(7, 10);
    assertEquals(List.of(25L, 24L, 23L, 22L, 21L, 20L, 19L, 18L, 17L, 16L), ids(latest));
    assertEquals(file(25, 7, 1, false, 750), latest.get(0), "every column as stored");
    assertEquals(List.of(100L), ids(s.latestByUser(8, 10)));
    assertEquals(List.of(), s.latestByUser(9, 10));
    assertEquals(List.of(25L, 24L, 23L), ids(s.latestByUser(7, 3)));
    assertEquals(25, s.countByUser(7));
    assertEquals(1, s.countByUser(8));
    assertEquals(0, s.countByUser(9));
    assertStoredSizeReported(PLAN.storedTables());
  }

  @Test
  void pathsOfEveryLengthUpToTheLimitAndLargeIdsAreKept() throws Exception {
    FileMetaStore s = prepared();
    String longest = "p/".repeat(FileMetaStore.MAX_PATH / 2);
    FileRow big = new FileRow(Long.MAX_VALUE - 1, longest, Long.MAX_VALUE / 3, 32, true, T0, T0 - 5, Long.MAX_VALUE - 7);
    FileRow small = new FileRow(0, "a".repeat(32), 0, 0, false, T0 - 10, T0 - 10, 0);
    s.insertFiles(List.of(big, small));
    assertEquals(List.of(big), s.latestByUser(Long.MAX_VALUE - 7, 10));
    assertEquals(List.of(small), s.latestByUser(0, 10));
    assertEquals(Long.MAX_VALUE - 1, s.maxId());
  }

  @Test
  void deletedFilesAreCountedPerServer() throws Exception {
    FileMetaStore s = prepared();
    List<FileRow> batch = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      batch.add(file(i, i % 5, i % 3, i % 4 == 0, i));
    }
    s.insertFiles(batch);
    // deleted: ids 0, 4, 8, ..., 56; server = id % 3
    assertEquals(5, s.countDeleted(0));
    assertEquals(5, s.countDeleted(1));
    assertEquals(5, s.countDeleted(2));
    assertEquals(0, s.countDeleted(3));
    assertTrue(s.deleteFile(1)); // server 1, was not deleted
    assertEquals(6, s.countDeleted(1));
    assertTrue(s.deleteFile(4), "an already deleted file exists");
    assertEquals(6, s.countDeleted(1), "deleting it again changes no count");
    assertFalse(s.deleteFile(999));
    FileRow one = s.latestByUser(1, 100).stream().filter(f -> f.id() == 1).findFirst().orElseThrow();
    assertTrue(one.deleted());
    assertEquals(file(1, 1, 1, true, 1), one, "only deleted changed; the row stays");
  }

  @Test
  void anUpdateTouchesLastUpdatedAndSizeOnly() throws Exception {
    FileMetaStore s = prepared();
    s.insertFiles(List.of(file(1, 3, 2, false, 100), file(2, 3, 2, false, 200), file(3, 3, 2, false, 300)));
    assertEquals(List.of(1L, 2L, 3L), ids(s.latestByUser(3, 10)));
    assertTrue(s.updateFile(3, T0 + 60, 4242));
    assertEquals(List.of(3L, 1L, 2L), ids(s.latestByUser(3, 10)), "the touched file is the newest");
    FileRow before = file(3, 3, 2, false, 300);
    assertEquals(new FileRow(3, before.path(), 4242, 2, false, T0 + 60, before.created(), 3), s.latestByUser(3, 1).get(0));
    assertFalse(s.updateFile(77, T0, 1));
  }

  @Test
  void aNewFileIsFoundAndItsIdCannotBeTakenTwice() throws Exception {
    FileMetaStore s = prepared();
    assertEquals(-1, s.maxId(), "empty");
    s.insertFiles(List.of(file(10, 1, 0, false, 50)));
    s.insertFile(file(11, 1, 0, false, 5));
    assertEquals(List.of(11L, 10L), ids(s.latestByUser(1, 10)));
    assertEquals(11, s.maxId());
    assertThrows(StoreException.class, () -> s.insertFile(file(11, 2, 0, false, 1)));
    // what a failed batch leaves of its other files is the binding's (one SQL statement: nothing;
    // MongoDB's insertMany without a transaction: the others)
    assertThrows(StoreException.class, () -> s.insertFiles(List.of(file(12, 2, 0, false, 1), file(10, 2, 0, false, 1))));
    assertEquals(2, s.countByUser(1), "user 1's files are as they were");
    s.insertFile(file(13, 3, 0, false, 1)); // the failure did not break the store
    assertEquals(1, s.countByUser(3));
  }

  @Test
  void anEmptyBatchIsNothing() throws Exception {
    FileMetaStore s = prepared();
    s.insertFiles(List.of());
    assertEquals(-1, s.maxId());
  }

  /** Client threads loading their own batches and writing at once: every write lands once. */
  @Test
  void concurrentClientsLoadAndWriteWithoutLosingAFile() throws Exception {
    int threads = 4;
    List<FileMetaStore> stores = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      stores.add(t == 0 ? prepared() : store());
    }
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<Void>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        FileMetaStore s = stores.get(t);
        int thread = t;
        done.add(pool.submit(() -> {
          for (int b = 0; b < 5; b++) {
            List<FileRow> batch = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
              long id = thread * 1000L + b * 20 + i;
              batch.add(file(id, id % 7, (int) (id % 33), false, id));
            }
            s.insertFiles(batch);
          }
          for (int i = 0; i < 10; i++) {
            assertTrue(s.deleteFile(thread * 1000L + i));
          }
          return null;
        }));
      }
      for (Future<Void> f : done) {
        f.get();
      }
    } finally {
      pool.shutdown();
    }
    FileMetaStore s = stores.get(0);
    long total = 0;
    for (long u = 0; u < 7; u++) {
      total += s.countByUser(u);
    }
    assertEquals(threads * 100L, total);
    long deleted = 0;
    for (int server = 0; server <= 32; server++) {
      deleted += s.countDeleted(server);
    }
    assertEquals(threads * 10L, deleted);
    assertEquals(3099, s.maxId());
  }

  @Test
  void anExistingTableIsKeptUnlessDropIsAsked() throws Exception {
    FileMetaStore s = prepared();
    s.insertFiles(List.of(file(1, 5, 0, true, 1)));
    FileMetaStore again = store();
    again.prepare(PLAN);
    assertEquals(1, again.countByUser(5));
    assertEquals(1, again.countDeleted(0));
    again.prepare(FileMetaPlan.defaults(true));
    assertEquals(0, again.countByUser(5));
    assertEquals(-1, again.maxId());
    Set<Long> none = new HashSet<>(ids(again.latestByUser(5, 10)));
    assertEquals(Set.of(), none);
  }

  @Test
  void aTableOfAnotherNameIsAnotherTable() throws Exception {
    FileMetaStore s = prepared();
    s.insertFiles(List.of(file(1, 5, 0, false, 1)));
    FileMetaStore other = store();
    other.prepare(new FileMetaPlan("files_b", FileMetaPlan.DEFAULT_BATCH_SIZE, false));
    assertEquals(0, other.countByUser(5));
    other.insertFile(file(1, 6, 0, false, 1)); // the same id in another table
    assertEquals(1, other.countByUser(6));
    assertEquals(List.of(1L), ids(s.latestByUser(5, 10)), "the first table is unchanged");
  }

  /**
   * The verification's whole-table answers: gaps in the ids (at the start, inside, at the end) and
   * ids outside the range named in order, grouped counts per user and per server, rows by id range.
   */
  @Test
  void gapsIdsOutsideGroupedCountsAndRangesComeFromTheWholeTable() throws Exception {
    FileMetaStore s = prepared();
    List<FileRow> rows = List.of(file(1, 7, 3, false, 10), file(2, 7, 3, true, 20), file(5, 8, 4, true, 30),
        file(6, 9, 3, false, 40), file(9, 7, 0, false, 50), new FileRow(-3, "/data/negative", 1, 4, false, T0, T0 - 60, 8), file(15, 9, 0, true, 70));
    s.insertFiles(rows);
    assertEquals(List.of(0L, 3L, 4L, 7L, 8L, 10L, 11L), s.missingIds(12, 20));
    assertEquals(List.of(0L, 3L, 4L), s.missingIds(12, 3));
    assertEquals(List.of(0L), s.missingIds(3, 20), "ids 1 and 2 are there, 0 is not");
    assertEquals(List.of(-3L, 15L), s.idsOutside(12, 20));
    assertEquals(List.of(-3L), s.idsOutside(12, 1));
    assertEquals(List.of(-3L), s.idsOutside(16, 20));
    assertEquals(5, s.countBetween(0, 12));
    assertEquals(2, s.countBetween(2, 6));
    assertEquals(java.util.Map.of(7L, 3L, 8L, 2L, 9L, 2L), s.filesPerUser());
    java.util.Map<Integer, long[]> servers = s.filesPerServer();
    assertEquals(Set.of(0, 3, 4), servers.keySet());
    assertEquals(List.of(3L, 1L), List.of(servers.get(3)[0], servers.get(3)[1]));
    assertEquals(List.of(2L, 1L), List.of(servers.get(4)[0], servers.get(4)[1]));
    assertEquals(List.of(2L, 1L), List.of(servers.get(0)[0], servers.get(0)[1]));
    assertEquals(List.of(rows.get(1), rows.get(2), rows.get(3)), s.filesBetween(2, 7), "every column as stored, by id");
    assertEquals(List.of(), s.filesBetween(10, 15));
  }

  /**
   * {@code bin/ycsb verify}: the generator's files pass; one file changed to deleted is named, and
   * its server's count of deleted files differs.
   */
  @Test
  void verifyPassesTheGeneratorsFilesAndNamesADeletedOne() throws Exception {
    FileMetaStore s = prepared();
    java.util.Properties p = new java.util.Properties();
    p.setProperty("recordcount", "400");
    p.setProperty("filemeta.users", "20");
    List<FileRow> files = site.ycsbx.workloads.filemeta.GeneratedFiles.of(p);
    s.insertFiles(files);
    site.ycsbx.workloads.StoredCheck ok = new site.ycsbx.workloads.filemeta.FileMetaWorkload().verifyStored(p, s);
    assertEquals(0, ok.found(), () -> "untouched: " + ok.listed());
    FileRow gone = files.stream().filter(f -> !f.deleted()).findFirst().orElseThrow();
    assertTrue(s.deleteFile(gone.id()));
    site.ycsbx.workloads.StoredCheck bad = new site.ycsbx.workloads.filemeta.FileMetaWorkload().verifyStored(p, s);
    assertEquals(List.of("file " + gone.id() + ": deleted 1 (generated 0)", "server " + gone.serverId() + ": "
        + (files.stream().filter(f -> f.deleted() && f.serverId() == gone.serverId()).count() + 1)
        + " deleted files, " + files.stream().filter(f -> f.deleted() && f.serverId() == gone.serverId()).count()
        + " generated"), bad.listed());
  }
}
