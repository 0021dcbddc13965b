package site.ycsbx.workloads.filemeta;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import site.ycsb.Status;
import site.ycsbx.verdict.ErrorLog;
import site.ycsbx.measurements.OpTimer;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.filemeta.FileMetaStore;

/**
 * {@code filemeta.verify=true}: after a load or a read-only run, files per user and deleted files per server as the
 * store counts them (bin/ycsb verify checks more, in full: {@link StoredFiles}), against the generator's, recomputed from the seed (owners and deleted flags
 * only, no paths). Every user when there are at most {@code filemeta.verifyusers}, else a sample
 * of that many (the {@value #TOP_USERS} largest owners and the rest drawn from the seed); every
 * server. Status {@value #VERIFY} in YCSB's summary; mismatches listed.
 */
final class FileMetaVerification {
  static final String VERIFY = "VERIFY";
  /** Zipfian's biggest owners are always checked: they are where a lost batch shows most. */
  static final int TOP_USERS = 10;
  private static final int LISTED_MISMATCHES = 20;

  private final FileMetaSettings settings;
  private final FileGenerator generator;

  FileMetaVerification(FileMetaSettings settings, FileGenerator generator) {
    this.settings = settings;
    this.generator = generator;
  }

  /** The users checked, in order. */
  long[] users() {
    if (settings.users <= settings.verifyUsers) {
      long[] all = new long[(int) settings.users];
      for (int i = 0; i < all.length; i++) {
        all[i] = i;
      }
      return all;
    }
    TreeSet<Long> picked = new TreeSet<>();
    for (long u = 0; u < TOP_USERS && picked.size() < settings.verifyUsers; u++) {
      picked.add(u);
    }
    SplittableRandom r = new SplittableRandom(settings.seed);
    while (picked.size() < settings.verifyUsers) {
      picked.add(r.nextLong(settings.users));
    }
    return picked.stream().mapToLong(Long::longValue).toArray();
  }

  /** What the generator put in the table: files per checked user, and deleted files per server. */
  Expected expected(long[] users) {
    Map<Long, long[]> perUser = new HashMap<>();
    for (long u : users) {
      perUser.put(u, new long[1]);
    }
    long[] deleted = new long[FileGenerator.SERVERS];
    for (long id = 0; id < settings.files; id++) {
      long[] n = perUser.get(generator.userOf(id));
      if (n != null) {
        n[0]++;
      }
      if (generator.deletedOf(id)) {
        deleted[generator.serverOf(id)]++;
      }
    }
    Map<Long, Long> files = new HashMap<>();
    perUser.forEach((u, n) -> files.put(u, n[0]));
    return new Expected(files, deleted);
  }

  record Expected(Map<Long, Long> filesPerUser, long[] deletedPerServer) {
  }

  /** Files per checked user and deleted files per server as the store counts them, against the generator's. */
  private void compare(FileMetaStore store, long[] users, java.util.function.Consumer<String> mismatch)
      throws StoreException {
    Expected e = expected(users);
    for (long u : users) {
      long actual = store.countByUser(u);
      long want = e.filesPerUser().get(u);
      if (actual != want) {
        mismatch.accept("user " + u + ": " + actual + " files, " + want + " expected");
      }
    }
    for (int server = 0; server < FileGenerator.SERVERS; server++) {
      long actual = store.countDeleted(server);
      long want = e.deletedPerServer()[server];
      if (actual != want) {
        mismatch.accept("server " + server + ": " + actual + " deleted files, " + want + " expected");
      }
    }
  }

  private String scope(long[] users) {
    return users.length == settings.users ? "all " + users.length + " users"
        : users.length + " of " + settings.users + " users (a sample: the " + TOP_USERS + " largest and others drawn"
            + " from the seed; " + FileMetaSettings.VERIFY_USERS + " sets how many)";
  }

  /** No store to count with (the binding could not be opened again): an ERROR under VERIFY. */
  static void cannotRun(Exception e) {
    String why = e.getMessage() != null ? e.getMessage() : e.toString();
    System.out.println("[FILEMETA-VERIFY] cannot verify: " + why);
    ErrorLog.report(VERIFY, "cannot verify: " + why);
    OpTimer.recordCheck(VERIFY, Status.ERROR, System.nanoTime());
  }

  /** Counts through the store, prints the verdict and records it under VERIFY. */
  void run(FileMetaStore store) {
    run(store, 0);
  }

  /**
   * As {@link #run(FileMetaStore)} after a load in which {@code failedBatches} batches failed (a
   * server crash): every user counted finds a lost file; a sample may not, and says so rather
   * than a plain OK.
   */
  void run(FileMetaStore store, long failedBatches) {
    long start = System.nanoTime();
    long[] users = users();
    List<String> mismatches = new ArrayList<>();
    Status status = Status.OK;
    try {
      compare(store, users, mismatches::add);
    } catch (StoreException | RuntimeException x) {
      status = Status.ERROR;
      ErrorLog.report(VERIFY, "cannot count: " + x.getMessage());
    }
    String which = scope(users);
    if (status.isOk()) {
      System.out.println(String.format(Locale.ROOT, "[FILEMETA-VERIFY] files per user of %s and deleted files on all"
          + " %d servers against the generator (seed %d): %s", which, FileGenerator.SERVERS, settings.seed,
          !mismatches.isEmpty() ? mismatches.size() + " MISMATCHES"
              : failedBatches > 0 && users.length < settings.users ? "OK in the sample, but " + failedBatches
                  + " load batches failed: files of users outside it may be missing ("
                  + FileMetaSettings.VERIFY_USERS + "=" + settings.users + " counts every user)"
              : "OK"));
    }
    for (int i = 0; i < Math.min(LISTED_MISMATCHES, mismatches.size()); i++) {
      System.out.println("[FILEMETA-VERIFY] MISMATCH " + mismatches.get(i));
    }
    if (mismatches.size() > LISTED_MISMATCHES) {
      System.out.println("[FILEMETA-VERIFY] ... and " + (mismatches.size() - LISTED_MISMATCHES) + " more");
    }
    if (!mismatches.isEmpty()) {
      status = Status.UNEXPECTED_STATE;
      ErrorLog.report(VERIFY, mismatches.size() + " counts differ from the generator's, first: " + mismatches.get(0));
    }
    OpTimer.recordCheck(VERIFY, status, start);
  }
}
