package site.ycsbx.workloads.filemeta;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.filemeta.FileMetaStore;
import site.ycsbx.store.filemeta.FileRow;
import site.ycsbx.workloads.StoredCheck;

/**
 * {@code bin/ycsb verify} on filemeta: the files table against the generator, every file of the
 * load being a pure function of the seed and its id. In full, by answers the database computes
 * over the whole table: ids 0..files-1 each present (the gaps in the primary key) and no other,
 * files per user for every user and files and deleted files per server (grouped counts). Then
 * value by value: each stored row against the generated row of its id, every column (the
 * indexed ones among them), for every file up to {@code filemeta.verifyfiles} or with
 * {@code --full}, else for a sample of id ranges spread over the table, which the concluding
 * line names. Missing, extra and differing files are named by id.
 */
final class StoredFiles {
  /** Ids per read of the value-by-value comparison: one range query each. */
  static final int CHUNK = 10_000;

  private final FileMetaSettings settings;
  private final FileGenerator generator;
  private final boolean full;

  StoredFiles(FileMetaSettings settings, FileGenerator generator, boolean full) {
    this.settings = settings;
    this.generator = generator;
    this.full = full;
  }

  StoredCheck check(FileMetaStore store) throws StoreException {
    StoredCheck c = new StoredCheck("FILEMETA-VERIFY");
    long files = settings.files;
    long chunks = (files + CHUNK - 1) / CHUNK;
    long k = full || files <= settings.verifyFiles ? chunks : Math.max(1, Math.min(chunks, settings.verifyFiles / CHUNK));
    c.checking(String.format(Locale.ROOT, "files against the generator (%d files, %d users, seed %d): ids 0..%d each"
        + " once and no other, files per user of every user, files and deleted files per server, by counts the database"
        + " computes over the whole table", files, settings.users, settings.seed, files - 1));
    c.checking(k == chunks ? "every file column by column against the generated file of its id"
        : String.format(Locale.ROOT, "column by column against the generated file of its id: the files of %d ranges of"
            + " %d ids spread over the table", k, CHUNK));

    ids(store, c);
    long compared = 0;
    for (long i = 0; i < k; i++) {
      long chunk = k == chunks ? i : i * chunks / k;
      long from = chunk * CHUNK;
      compared += rows(store, from, Math.min(files, from + CHUNK), c);
    }
    counts(store, c);
    c.covered(String.format(Locale.ROOT, "%d files: ids, %d users and %d servers counted in full", files,
        settings.users, FileGenerator.SERVERS));
    c.covered(compared + " files compared column by column");
    if (k < chunks) {
      c.sampled(String.format(Locale.ROOT, "%d of %d id ranges (%.1f%% of files) column by column", k, chunks,
          100.0 * k / chunks), "--full (or " + FileMetaSettings.VERIFY_FILES + "=" + files + ")");
    }
    return c;
  }

  /** Missing ids (gaps in the primary key) and ids the generator does not make, named. */
  private void ids(FileMetaStore store, StoredCheck c) throws StoreException {
    long files = settings.files;
    long present = store.countBetween(0, files);
    if (present < files) {
      List<String> named = new ArrayList<>();
      for (long id : store.missingIds(files, StoredCheck.LISTED)) {
        named.add("file " + id + ": missing (generated: user " + generator.userOf(id) + ", server "
            + generator.serverOf(id) + ")");
      }
      c.mismatches(files - present, named);
    }
    List<Long> outside = store.idsOutside(files, StoredCheck.LISTED);
    if (!outside.isEmpty()) {
      long total = 0;
      for (long[] n : store.filesPerServer().values()) {
        total += n[0];
      }
      List<String> named = new ArrayList<>();
      for (long id : outside) {
        named.add("file " + id + ": stored, but the generator makes ids 0.." + (files - 1) + " only");
      }
      c.mismatches(Math.max(outside.size(), total - present), named);
    }
  }

  /** The stored files of ids from..to-1 against the generated ones; returns how many were compared. */
  private long rows(FileMetaStore store, long from, long to, StoredCheck c) throws StoreException {
    long n = 0;
    for (FileRow stored : store.filesBetween(from, to)) {
      FileRow want = generator.file(stored.id());
      if (!stored.equals(want)) {
        c.mismatch("file " + stored.id() + ": " + differences(stored, want));
      }
      n++;
    }
    return n;
  }

  /** The columns that differ, stored then generated: "user_id 7 (generated 3), deleted 1 (generated 0)". */
  static String differences(FileRow s, FileRow g) {
    List<String> d = new ArrayList<>();
    differ(d, "user_id", s.userId(), g.userId());
    differ(d, "server_id", s.serverId(), g.serverId());
    differ(d, "deleted", s.deleted() ? 1 : 0, g.deleted() ? 1 : 0);
    differ(d, "last_updated", s.lastUpdated(), g.lastUpdated());
    differ(d, "created", s.created(), g.created());
    differ(d, "size", s.size(), g.size());
    if (!s.path().equals(g.path())) {
      d.add("path \"" + s.path() + "\" (generated \"" + g.path() + "\")");
    }
    return String.join(", ", d);
  }

  private static void differ(List<String> d, String column, long stored, long generated) {
    if (stored != generated) {
      d.add(column + " " + stored + " (generated " + generated + ")");
    }
  }

  /** Files per user (every user) and files and deleted files per server, as the database groups them. */
  private void counts(FileMetaStore store, StoredCheck c) throws StoreException {
    Map<Long, Long> users = new HashMap<>();
    long[][] servers = new long[FileGenerator.SERVERS][2];
    for (long id = 0; id < settings.files; id++) {
      users.merge(generator.userOf(id), 1L, Long::sum);
      int s = generator.serverOf(id);
      servers[s][0]++;
      servers[s][1] += generator.deletedOf(id) ? 1 : 0;
    }
    Map<Long, Long> stored = store.filesPerUser();
    TreeSet<Long> all = new TreeSet<>(users.keySet());
    all.addAll(stored.keySet());
    for (long u : all) {
      long have = stored.getOrDefault(u, 0L);
      long want = users.getOrDefault(u, 0L);
      if (have != want) {
        c.mismatch("user " + u + ": " + have + " files, " + want + " generated");
      }
    }
    Map<Integer, long[]> perServer = store.filesPerServer();
    TreeSet<Integer> serverIds = new TreeSet<>(perServer.keySet());
    for (int s = 0; s < FileGenerator.SERVERS; s++) {
      serverIds.add(s);
    }
    for (int s : serverIds) {
      long[] have = perServer.getOrDefault(s, new long[2]);
      long[] want = s >= 0 && s < FileGenerator.SERVERS ? servers[s] : new long[2];
      if (have[0] != want[0]) {
        c.mismatch("server " + s + ": " + have[0] + " files, " + want[0] + " generated");
      }
      if (have[1] != want[1]) {
        c.mismatch("server " + s + ": " + have[1] + " deleted files, " + want[1] + " generated");
      }
    }
  }
}
