package site.ycsbx.workloads.filemeta;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import site.ycsbx.fingerprint.WorkloadShape;
import site.ycsbx.store.filemeta.FileMetaPlan;
import site.ycsbx.store.filemeta.FileMetaStore;
import site.ycsbx.util.PropertyDef;
import site.ycsbx.util.Props;
import site.ycsbx.util.UserError;
import site.ycsbx.workloads.FamilyWorkload;

/**
 * The filemeta properties, read and checked in one place (workloads/filemeta documents each).
 * The two that stores cite in refusals are named in {@link FileMetaStore}, the family's
 * contract, so bindings never import a workload class.
 */
public final class FileMetaSettings implements FamilyWorkload.Settings {
  public static final String FILES = FileMetaPlan.FILES_PROPERTY;
  public static final String USERS = "filemeta.users";
  public static final long USERS_DEFAULT = 10_000;
  public static final String FILES_PER_USER = "filemeta.filesperuser";
  public static final Distribution FILES_PER_USER_DEFAULT = Distribution.ZIPFIAN;
  public static final String ZIPFIAN_CONSTANT = "filemeta.zipfianconstant";
  /** YCSB's zipfian constant. */
  public static final double ZIPFIAN_CONSTANT_DEFAULT = 0.99;
  public static final String SEED = "filemeta.seed";
  public static final long SEED_DEFAULT = 0;
  public static final String BATCH_SIZE = FileMetaStore.BATCH_SIZE_PROPERTY;
  public static final int BATCH_SIZE_DEFAULT = FileMetaPlan.DEFAULT_BATCH_SIZE;
  public static final String TABLE = FileMetaStore.TABLE_PROPERTY;
  public static final String DROP = FileMetaStore.DROP_PROPERTY;
  public static final boolean DROP_DEFAULT = false;
  public static final String LATEST_PROPORTION = "filemeta.latestproportion";
  public static final double LATEST_PROPORTION_DEFAULT = 1;
  /** Of every proportion but {@value #LATEST_PROPORTION}. */
  public static final double WRITE_PROPORTION_DEFAULT = 0;
  public static final String COUNT_PROPORTION = "filemeta.countproportion";
  public static final String INSERT_PROPORTION = "filemeta.insertproportion";
  public static final String UPDATE_PROPORTION = "filemeta.updateproportion";
  public static final String DELETE_PROPORTION = "filemeta.deleteproportion";
  public static final String USER_DISTRIBUTION = "filemeta.userdistribution";
  public static final String SERVER_DISTRIBUTION = "filemeta.serverdistribution";
  /** Of {@value #USER_DISTRIBUTION} and {@value #SERVER_DISTRIBUTION}. */
  public static final Distribution CHOICE_DEFAULT = Distribution.UNIFORM;
  public static final String WRITE_THREADS = "filemeta.writethreads";
  public static final int WRITE_THREADS_DEFAULT = 1;
  public static final String VERIFY = "filemeta.verify";
  public static final boolean VERIFY_DEFAULT = false;
  public static final String VERIFY_USERS = "filemeta.verifyusers";
  public static final int VERIFY_USERS_DEFAULT = 1000;
  public static final String VERIFY_FILES = "filemeta.verifyfiles";
  public static final long VERIFY_FILES_DEFAULT = 200_000;
  public static final String SHARD = ShardSettings.SHARD;
  public static final String SHARD_KEY = ShardSettings.KEY;
  public static final String PRESPLIT = ShardSettings.PRESPLIT;
  public static final String STOP_BALANCER = ShardSettings.STOP_BALANCER;

  /** Every filemeta.* property, for the misspelling check and {@code bin/ycsb help properties}. */
  public static final List<PropertyDef> PROPERTIES = List.of(
      new PropertyDef(FILES, "recordcount", "files to load; for more than an int, with recordcount at 2147483647"),
      PropertyDef.of(USERS, USERS_DEFAULT, "owners: user ids 0 to users-1"),
      PropertyDef.of(FILES_PER_USER, FILES_PER_USER_DEFAULT, "files per user: zipfian (user 0 owns the most) or"
          + " uniform"),
      PropertyDef.of(ZIPFIAN_CONSTANT, ZIPFIAN_CONSTANT_DEFAULT, "the zipfian constant of files per user, 0.01 to 0.999"),
      PropertyDef.of(SEED, SEED_DEFAULT, "seed of the files: the same seed, the same table on every binding"),
      PropertyDef.of(BATCH_SIZE, BATCH_SIZE_DEFAULT, "files per load batch (one INSERT or insertMany, one transaction),"
          + " timed as LOAD_FILES"),
      PropertyDef.of(TABLE, FileMetaPlan.DEFAULT_TABLE, "table (collection) name"),
      PropertyDef.of(DROP, DROP_DEFAULT, "true: drop the table first (only a table of filemeta's columns); otherwise"
          + " a load appends"),
      PropertyDef.of(LATEST_PROPORTION, LATEST_PROPORTION_DEFAULT, "share of LATEST_BY_USER: a user's 10 latest files"),
      PropertyDef.of(COUNT_PROPORTION, WRITE_PROPORTION_DEFAULT, "share of COUNT_DELETED: a server's deleted files"),
      PropertyDef.of(INSERT_PROPORTION, WRITE_PROPORTION_DEFAULT, "share of INSERT_FILE: a new file"),
      PropertyDef.of(UPDATE_PROPORTION, WRITE_PROPORTION_DEFAULT, "share of UPDATE_FILE: a file's size and"
          + " last_updated"),
      PropertyDef.of(DELETE_PROPORTION, WRITE_PROPORTION_DEFAULT, "share of DELETE_FILE: a file marked deleted"),
      PropertyDef.of(USER_DISTRIBUTION, CHOICE_DEFAULT, "how a run picks users: uniform or zipfian"),
      PropertyDef.of(SERVER_DISTRIBUTION, CHOICE_DEFAULT, "how a run picks servers: uniform or zipfian"),
      PropertyDef.of(WRITE_THREADS, WRITE_THREADS_DEFAULT, "with reads and writes in the mix: threads that only write"
          + " (the others only read); 0: every thread runs the whole mix"),
      WriterWindow.START_DEF,
      WriterWindow.SECONDS_DEF,
      PropertyDef.of(VERIFY, VERIFY_DEFAULT, "true: after a load or a read-only run, count files per user and deleted"
          + " files per server against the generator (timed as VERIFY); bin/ycsb verify does it any time"),
      PropertyDef.of(VERIFY_USERS, VERIFY_USERS_DEFAULT, "users filemeta.verify counts when there are more (the 10"
          + " largest and a sample); bin/ycsb verify counts every user"),
      PropertyDef.of(VERIFY_FILES, VERIFY_FILES_DEFAULT, "bin/ycsb verify compares every file column by column with"
          + " the generator up to this many files; above, a sample of id ranges (--full: all); ids and counts are always"
          + " checked in full"),
      PropertyDef.of(SHARD, ShardSettings.SHARD_DEFAULT, "MongoDB through a mongos, load only: shard the collection on"
          + " user_id before the first insert"),
      PropertyDef.of(SHARD_KEY, ShardSettings.KEY_DEFAULT, "range ({user_id: 1}) or hashed ({user_id: \"hashed\"})"),
      PropertyDef.of(PRESPLIT, ShardSettings.PRESPLIT_DEFAULT, "chunks made before the load (0: none), 2 up to"
          + " filemeta.users"),
      PropertyDef.of(STOP_BALANCER, ShardSettings.STOP_BALANCER_DEFAULT, "true: stop the balancer for the load and"
          + " start it again after (only if it ran)"));

  /** How files are spread over users, or how a run picks users and servers. */
  public enum Distribution {
    UNIFORM, ZIPFIAN;

    static Distribution read(Properties p, String key, Distribution def) {
      String v = p.getProperty(key, def.name()).trim().toUpperCase(Locale.ROOT);
      try {
        return valueOf(v);
      } catch (IllegalArgumentException e) {
        throw new UserError(key + "=" + p.getProperty(key) + " is not accepted; " + key + " accepts uniform or zipfian");
      }
    }

    @Override
    public String toString() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  final boolean load;
  final long files;
  final long users;
  final Distribution filesPerUser;
  final double zipfianConstant;
  final long seed;
  final int batchSize;
  final FileMetaPlan plan;
  /** Operation name to proportion, in the order of the properties, zeros left out. */
  final Map<String, Double> mix = new LinkedHashMap<>();
  final Distribution userChoice;
  final Distribution serverChoice;
  final int threads;
  /** Writer threads of a run whose mix has reads and writes; 0 when every thread runs the whole mix. */
  final int writers;
  /** When the writers write in a read/write run; null: throughout. */
  final WriterWindow window;
  final boolean verify;
  final int verifyUsers;
  final long verifyFiles;

  /** Reads and checks every property; a bad one is a {@link UserError}. No side effects. */
  public FileMetaSettings(Properties p) {
    load = !Boolean.parseBoolean(p.getProperty("dotransactions", "true"));
    // YCSB's Client reads recordcount as an int; filemeta.files takes 64-bit counts (the source's 1 billion files)
    long records = Props.getLong(p, "recordcount", 0, 0, Integer.MAX_VALUE);
    files = p.getProperty(FILES) != null ? Props.getLong(p, FILES, 0, 1, Long.MAX_VALUE) : records;
    if (files < 1) {
      throw new UserError("recordcount=" + records + " loads no file; set recordcount or " + FILES + " to 1 or more");
    }
    users = Props.getLong(p, USERS, USERS_DEFAULT, 1, Integer.MAX_VALUE);
    filesPerUser = Distribution.read(p, FILES_PER_USER, FILES_PER_USER_DEFAULT);
    zipfianConstant = Props.getDouble(p, ZIPFIAN_CONSTANT, ZIPFIAN_CONSTANT_DEFAULT, 0.01, 0.999);
    seed = Props.getLong(p, SEED, SEED_DEFAULT, Long.MIN_VALUE, Long.MAX_VALUE);
    batchSize = Props.getInt(p, BATCH_SIZE, BATCH_SIZE_DEFAULT, 1, 100_000);
    String table = Props.getTableName(p, TABLE, FileMetaPlan.DEFAULT_TABLE);
    plan = new FileMetaPlan(table, batchSize, Props.getBoolean(p, DROP, DROP_DEFAULT),
        ShardSettings.read(p, load, users, this::generator), load ? 0 : files);
    double sum = 0;
    for (String[] op : new String[][] {{LATEST_PROPORTION, FileMetaWorkload.LATEST_BY_USER},
        {COUNT_PROPORTION, FileMetaWorkload.COUNT_DELETED}, {INSERT_PROPORTION, FileMetaWorkload.INSERT_FILE},
        {UPDATE_PROPORTION, FileMetaWorkload.UPDATE_FILE}, {DELETE_PROPORTION, FileMetaWorkload.DELETE_FILE}}) {
      double v = Props.getDouble(p, op[0], op[0].equals(LATEST_PROPORTION) ? LATEST_PROPORTION_DEFAULT
          : WRITE_PROPORTION_DEFAULT, 0, 1);
      if (v > 0) {
        mix.put(op[1], v);
      }
      sum += v;
    }
    // YCSB's DiscreteGenerator scales a sum below 1 up; over 1 is a typo, 0 is no work
    if (sum <= 0 || sum > 1 + 1e-9) {
      throw new UserError(String.format(Locale.ROOT, "the filemeta proportions (%s, %s, %s, %s, %s) sum to %s; they"
          + " accept a sum above 0 and at most 1", LATEST_PROPORTION, COUNT_PROPORTION, INSERT_PROPORTION,
          UPDATE_PROPORTION, DELETE_PROPORTION, Double.toString(Math.round(sum * 1e9) / 1e9)));
    }
    userChoice = Distribution.read(p, USER_DISTRIBUTION, CHOICE_DEFAULT);
    serverChoice = Distribution.read(p, SERVER_DISTRIBUTION, CHOICE_DEFAULT);
    threads = Props.getInt(p, "threadcount", 1, 1, 100_000);
    int writeThreads = Props.getInt(p, WRITE_THREADS, WRITE_THREADS_DEFAULT, 0, 100_000);
    boolean mixed = mix.keySet().stream().anyMatch(FileMetaWorkload::isRead)
        && mix.keySet().stream().anyMatch(op -> !FileMetaWorkload.isRead(op));
    writers = !load && mixed ? writeThreads : 0;
    if (writers > 0 && writers >= threads) {
      throw new UserError(WRITE_THREADS + "=" + writeThreads + " leaves no reader of threadcount=" + threads + "; "
          + WRITE_THREADS + " accepts 0 (every thread runs the whole mix) to threadcount-1 (" + (threads - 1) + ")");
    }
    window = WriterWindow.read(p, load, writers);
    verify = Props.getBoolean(p, VERIFY, VERIFY_DEFAULT);
    if (verify && !load && writes()) {
      throw new UserError(VERIFY + "=true checks the files against the generator; this run's writes ("
          + String.join(", ", mix.keySet().stream().filter(op -> !FileMetaWorkload.isRead(op)).toList())
          + ") change the counts, so set it with bin/ycsb load or a read-only run (filemeta-latest, filemeta-count)");
    }
    verifyUsers = Props.getInt(p, VERIFY_USERS, VERIFY_USERS_DEFAULT, 1, 10_000_000);
    verifyFiles = Props.getLong(p, VERIFY_FILES, VERIFY_FILES_DEFAULT, 0, Long.MAX_VALUE);
    share = site.ycsbx.workloads.ClientShare.of(p);
    if (verify && share.clients() > 1) {
      throw new UserError(VERIFY + "=true with " + site.ycsbx.workloads.ClientShare.CLIENTS_PROPERTY + "="
          + share.clients() + ": each client holds only its share of the files when it ends; verify with one client's"
          + " load");
    }
    if (load && records > 0 && records < batches()) {
      throw new UserError("recordcount=" + records + " lets YCSB's Client call the load " + records + " times, fewer"
          + " than the " + batches() + " batches of " + BATCH_SIZE + "=" + batchSize + " of " + FILES + "=" + files
          + "; set recordcount=2147483647 with " + FILES);
    }
  }

  /** Whether the mix inserts, updates or deletes files. */
  boolean writes() {
    return mix.keySet().stream().anyMatch(op -> !FileMetaWorkload.isRead(op));
  }

  /** This client's place among the clients of the run (ycsbx.clients/ycsbx.client). */
  final site.ycsbx.workloads.ClientShare share;

  /** This client's load batches, {@code [firstBatch(), endBatch())}: all of them with one client. */
  long firstBatch() {
    return share.first(batches());
  }

  long endBatch() {
    return share.end(batches());
  }

  /** Load batches: ids [k * batchSize, (k + 1) * batchSize) for k = 0 .. batches()-1. */
  long batches() {
    return (files + batchSize - 1) / batchSize;
  }

  FileGenerator generator() {
    return new FileGenerator(seed, users, filesPerUser, zipfianConstant);
  }

  @Override
  public FileMetaPlan plan() {
    return plan;
  }

  /**
   * For the fingerprint: the data's shape and the operation mix define the workload; how many
   * files, the seed and the table do not.
   */
  @Override
  public WorkloadShape shape() {
    WorkloadShape s = new WorkloadShape()
        .defining(USERS, users)
        .defining(FILES_PER_USER, filesPerUser)
        .defining(ZIPFIAN_CONSTANT, zipfianConstant)
        .defining(BATCH_SIZE, batchSize);
    for (String[] op : new String[][] {{LATEST_PROPORTION, FileMetaWorkload.LATEST_BY_USER},
        {COUNT_PROPORTION, FileMetaWorkload.COUNT_DELETED}, {INSERT_PROPORTION, FileMetaWorkload.INSERT_FILE},
        {UPDATE_PROPORTION, FileMetaWorkload.UPDATE_FILE}, {DELETE_PROPORTION, FileMetaWorkload.DELETE_FILE}}) {
      s.defining(op[0], mix.getOrDefault(op[1], 0.0));
    }
    if (window != null) {
      // another workload than writers throughout; absent otherwise, so earlier runs compare as before
      s.defining(WriterWindow.START, window.start).defining(WriterWindow.SECONDS, window.seconds);
    }
    return s.defining(USER_DISTRIBUTION, userChoice)
        .defining(SERVER_DISTRIBUTION, serverChoice)
        .defining(WRITE_THREADS, writers)
        .other(FILES, files)
        .other(SEED, seed)
        .other(TABLE, plan.table())
        .other(DROP, plan.drop());
  }
}
