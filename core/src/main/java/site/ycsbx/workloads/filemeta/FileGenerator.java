package site.ycsbx.workloads.filemeta;

import site.ycsbx.store.filemeta.FileRow;
import site.ycsbx.workloads.Zipf;

/**
 * The loaded files, each a pure function of the seed and its id: any thread can make any batch,
 * so the same seed gives the same table on any binding at any thread count, and verification
 * recomputes owners and deleted flags without storing them. Per file: path 32..128 random
 * characters, size below {@value #MAX_SIZE} bytes, server_id uniform 0..{@value #SERVERS}-1,
 * deleted for {@value #DELETED_PERCENT}% of files (drawn per file: lumpy, not every 100th),
 * created uniform over the {@value #HISTORY_DAYS} days before {@link #LOAD_TIME},
 * last_updated uniform between created and LOAD_TIME, user_id 0..users-1 by the files-per-user
 * distribution (zipfian: user 0 owns the most files, then user 1, ...).
 */
final class FileGenerator {
  /** server_id takes 0..32, as in the source. */
  static final int SERVERS = 33;
  static final int DELETED_PERCENT = 1;
  static final int MIN_PATH = 32;
  static final int MAX_PATH = 128;
  static final long MAX_SIZE = 1L << 30;
  /** 2011-01-01T00:00:00Z (the source's year): loaded times end here, whenever the load runs. */
  static final long LOAD_TIME = 1_293_840_000L;
  static final int HISTORY_DAYS = 3650;
  private static final long HISTORY_SECONDS = HISTORY_DAYS * 86_400L;
  // 64 characters: 6 bits of a random word each
  private static final char[] PATH_CHARS =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/_".toCharArray();
  private static final long GOLDEN = 0x9E3779B97F4A7C15L;

  private static final int USER = 1;
  private static final int SERVER = 2;
  private static final int DELETED = 3;
  private static final int CREATED = 4;
  private static final int UPDATED = 5;
  private static final int SIZE = 6;
  private static final int PATH = 7;

  private final long seed;
  private final long users;
  private final Zipf zipfian;

  FileGenerator(long seed, long users, FileMetaSettings.Distribution filesPerUser, double zipfianConstant) {
    this.seed = seed;
    this.users = users;
    this.zipfian = filesPerUser == FileMetaSettings.Distribution.ZIPFIAN ? new Zipf(users, zipfianConstant) : null;
  }

  /** The loaded file of this id. */
  FileRow file(long id) {
    long created = LOAD_TIME - Long.remainderUnsigned(word(id, CREATED), HISTORY_SECONDS);
    long updated = created + Long.remainderUnsigned(word(id, UPDATED), LOAD_TIME - created + 1);
    return new FileRow(id, path(id), Long.remainderUnsigned(word(id, SIZE), MAX_SIZE), serverOf(id), deletedOf(id),
        updated, created, userOf(id));
  }

  /** The owner of the loaded file of this id. */
  long userOf(long id) {
    return owner(unit(word(id, USER)));
  }

  /** The owner of a file whose draw is u in [0, 1): as the load spreads files over users. */
  long owner(double u) {
    return zipfian != null ? zipfian.quantile(u) : Math.min(users - 1, (long) (u * users));
  }

  int serverOf(long id) {
    return (int) Long.remainderUnsigned(word(id, SERVER), SERVERS);
  }

  boolean deletedOf(long id) {
    return Long.remainderUnsigned(word(id, DELETED), 100) < DELETED_PERCENT;
  }

  private String path(long id) {
    long w = word(id, PATH);
    int length = MIN_PATH + (int) Long.remainderUnsigned(w, MAX_PATH - MIN_PATH + 1);
    char[] c = new char[length];
    int bits = 0;
    for (int i = 0; i < length; i++) {
      if (bits < 6) {
        w = mix(w + GOLDEN);
        bits = 64;
      }
      c[i] = PATH_CHARS[(int) (w & 63)];
      w >>>= 6;
      bits -= 6;
    }
    return new String(c);
  }

  /** A random word for (seed, id, field), the same on every call. */
  private long word(long id, int field) {
    return mix(seed ^ mix(id * GOLDEN + field));
  }

  /** A word as a double in [0, 1). */
  static double unit(long w) {
    return (w >>> 11) * 0x1.0p-53;
  }

  // SplittableRandom's mix64 (Stafford's variant 13)
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }
}
