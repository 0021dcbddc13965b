package site.ycsbx.db.mongodb.filemeta;

import java.util.ArrayList;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import site.ycsbx.db.mongodb.conn.BulkInsert;
import site.ycsbx.db.mongodb.conn.MongoConnection;
import site.ycsbx.db.mongodb.conn.MongoErrors;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.db.mongodb.port.MongoPort;
import site.ycsbx.db.mongodb.port.PortCollection;
import site.ycsbx.db.mongodb.port.PortCursor;
import site.ycsbx.store.IndexSpec;
import site.ycsbx.store.MissingIds;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.filemeta.FileMetaPlan;
import site.ycsbx.store.filemeta.FileMetaStore;
import site.ycsbx.store.filemeta.FileRow;
import site.ycsbx.store.filemeta.ShardCount;

/**
 * The spec's files collection on MongoDB: one document per file, {@code _id} = id (int64),
 * {@code path} (string), {@code size} (int64), {@code server_id} and {@code deleted} (int32),
 * {@code last_updated} and {@code created} (dates), {@code user_id} (int64), and the spec's three
 * compound indexes under the spec's names. Sent per operation:
 * <ul>
 * <li>LATEST_BY_USER: {@code find({user_id}).sort({last_updated: -1}).limit(10)};</li>
 * <li>COUNT_DELETED: the {@code count} command with {@code query: {server_id, deleted: 1}}, which
 * every server from 2.6 to 8.0 answers from the server_id_deleted index. The driver's
 * countDocuments sends an aggregation ($match, $group) instead: on 2.6 a pipeline returns one
 * result document, and on every version it adds a pipeline to a count the count command answers
 * alone. (On a sharded cluster the count command may count orphaned documents while chunks move;
 * the source's counts had the same exposure.)</li>
 * <li>INSERT_FILE and the load: insertMany, unordered (a sharded cluster sends each shard its
 * part at once); UPDATE_FILE: {@code updateOne({_id}, {$set: {last_updated, size}})};
 * DELETE_FILE: {@code updateOne({_id}, {$set: {deleted: 1}})}.</li>
 * </ul>
 * Writes carry the run's write concern; unacknowledged (w:0) updates report the file as found.
 * Written once over the driver port: both MongoDB bindings run it, {@link FileMetaSide} saying
 * what differs (on MongoDB 2.4 and TokuMX the load is one OP_INSERT with ContinueOnError, the
 * counts the count command, and nothing is sharded).
 */
public final class MongoFileMetaStore implements FileMetaStore {
  static final String ID = "_id";
  static final String PATH = "path";
  static final String SIZE = "size";
  static final String SERVER_ID = "server_id";
  static final String DELETED = "deleted";
  static final String LAST_UPDATED = "last_updated";
  static final String CREATED = "created";
  static final String USER_ID = "user_id";
  private static final String FILES = "files";

  /** What the stores of one connection share: the plan the preparing thread used. */
  public static final class Shared {
    volatile FileMetaPlan prepared;
  }

  private final FileMetaSide side;
  private final MongoOptions options;
  private final Shared shared;
  private FileMetaPlan plan;
  private MongoPort port;
  private PortCollection files;

  /** The mongodb binding's store, on the thread's connection. */
  public MongoFileMetaStore(MongoConnection connection) {
    this(new DriverFileMetaSide(connection), connection.shared(Shared.class, Shared::new));
  }

  /** A store on {@code side}, sharing the preparing thread's plan with the stores of {@code shared}. */
  public MongoFileMetaStore(FileMetaSide side, Shared shared) {
    this.side = side;
    this.options = side.options();
    this.shared = shared;
  }

  @Override
  public void prepare(FileMetaPlan p) throws StoreException {
    String name = p.table();
    MongoErrors.call(() -> "cannot prepare collection " + name + " in " + options.databaseOf(name), () -> {
      if (p.drop()) {
        side.drop(name);
      }
      side.ensureCollection(name);
      for (IndexSpec i : INDEXES) {
        side.ensureIndex(name, i);
      }
      if (p.sharding().enabled()) {
        side.shard(name, p.sharding());
      }
      return null;
    });
    use(p);
    shared.prepared = p;
  }

  private void use(FileMetaPlan p) {
    plan = p;
    port = side.portOf(p.table());
    files = port.collection(p.table());
  }

  /**
   * The collection of a thread that did not prepare (only the workload's first thread does): the
   * plan its connection was prepared with, else the run's plan, else the spec's name.
   */
  private void ready() {
    if (plan != null) {
      return;
    }
    FileMetaPlan p = shared.prepared;
    if (p == null) {
      StoreDemand demand = StoreDemand.of(options.properties());
      p = demand.plan() instanceof FileMetaPlan fp ? fp : FileMetaPlan.defaults(false);
    }
    use(p);
  }

  private Map<String, Object> doc(String key, Object value) {
    return port.document(key, value);
  }

  @Override
  public long maxId() throws StoreException {
    ready();
    return call(() -> "find the largest _id", () -> {
      try (PortCursor c = files.find(port.document(), doc(ID, 1), doc(ID, -1), 1)) {
        return c.hasNext() ? number(c.next(), ID).longValue() : -1;
      }
    });
  }

  @Override
  public void insertFiles(List<FileRow> batch) throws StoreException {
    if (!batch.isEmpty()) {
      ready();
      BulkInsert.unordered(files, batch, this::document, "files", in(() -> ""));
    }
  }

  @Override
  public void insertFile(FileRow file) throws StoreException {
    ready();
    call(() -> "insert file " + file.id(), () -> {
      files.insertOne(document(file));
      return null;
    });
  }

  @Override
  public List<FileRow> latestByUser(long userId, int limit) throws StoreException {
    ready();
    return call(() -> "latest files of user " + userId, () -> rows(files.find(doc(USER_ID, userId),
        null, doc(LAST_UPDATED, -1), limit)));
  }

  @Override
  public long countDeleted(int serverId) throws StoreException {
    ready();
    Map<String, Object> query = doc(SERVER_ID, serverId);
    query.put(DELETED, 1);
    return count(query, "server " + serverId);
  }

  @Override
  public long countByUser(long userId) throws StoreException {
    ready();
    return count(doc(USER_ID, userId), "user " + userId);
  }

  /** The count command, read as the run reads ({@code mongodb.readPreference}). */
  private long count(Map<String, Object> query, String what) throws StoreException {
    return call(() -> "count of " + what, () -> files.count(query));
  }

  @Override
  public boolean updateFile(long id, long lastUpdated, long size) throws StoreException {
    ready();
    Map<String, Object> set = doc(LAST_UPDATED, new Date(lastUpdated * 1000));
    set.put(SIZE, size);
    return update(id, set, "update file ");
  }

  @Override
  public boolean deleteFile(long id) throws StoreException {
    ready();
    return update(id, doc(DELETED, 1), "mark deleted file ");
  }

  private boolean update(long id, Map<String, Object> set, String what) throws StoreException {
    return call(() -> what + id, () -> {
      long matched = files.updateOne(doc(ID, id), doc("$set", set));
      // unacknowledged (-1): the server says nothing, the file is taken as found
      return matched != 0;
    });
  }

  /** From collStats through a mongos; empty on any other server (nothing is sharded there). */
  @Override
  public List<ShardCount> documentsPerShard() throws StoreException {
    ready();
    return call(() -> "collStats", () -> side.documentsPerShard(plan.table()));
  }

  @Override
  public Map<Long, Long> filesPerUser() throws StoreException {
    ready();
    return call(() -> "files per user", () -> {
      Map<Long, Long> out = new HashMap<>();
      for (Map<String, Object> d : files.aggregate(List.of(group(USER_ID, null)))) {
        out.put(number(d, ID).longValue(), number(d, FILES).longValue());
      }
      return out;
    });
  }

  @Override
  public Map<Integer, long[]> filesPerServer() throws StoreException {
    ready();
    return call(() -> "files per server", () -> {
      Map<Integer, long[]> out = new HashMap<>();
      for (Map<String, Object> d : files.aggregate(List.of(group(SERVER_ID, doc("$sum", "$" + DELETED))))) {
        out.put(number(d, ID).intValue(), new long[] {number(d, FILES).longValue(), number(d, DELETED).longValue()});
      }
      return out;
    });
  }

  /**
   * {$group: {_id: "$field", files: {$sum: 1}}}, and {@code deleted} summed when given: $group is
   * in every server from 2.2 on.
   */
  private Map<String, Object> group(String field, Map<String, Object> deleted) {
    Map<String, Object> g = doc(ID, "$" + field);
    g.put(FILES, doc("$sum", 1));
    if (deleted != null) {
      g.put(DELETED, deleted);
    }
    return doc("$group", g);
  }

  private Map<String, Object> idRange(long fromId, long toId) {
    Map<String, Object> range = doc("$gte", fromId);
    range.put("$lt", toId);
    return doc(ID, range);
  }

  @Override
  public List<FileRow> filesBetween(long fromId, long toId) throws StoreException {
    ready();
    return call(() -> "files " + fromId + " to " + (toId - 1), () -> rows(files.find(idRange(fromId, toId), null,
        doc(ID, 1), 0)));
  }

  @Override
  public long countBetween(long fromId, long toId) throws StoreException {
    ready();
    return count(idRange(fromId, toId), "ids " + fromId + " to " + (toId - 1));
  }

  /** The ids of 0..files-1 in order, projected on _id alone (MongoDB has no LAG before 5.0). */
  @Override
  public List<Long> missingIds(long files, int limit) throws StoreException {
    ready();
    return call(() -> "ids missing of 0 to " + (files - 1), () -> {
      try (PortCursor c = this.files.find(idRange(0, files), doc(ID, 1), doc(ID, 1), 0)) {
        return MissingIds.skipped(() -> new java.util.Iterator<Long>() {
          @Override
          public boolean hasNext() {
            return c.hasNext();
          }

          @Override
          public Long next() {
            return ((Number) c.next().get(ID)).longValue();
          }
        }, 0, files, limit);
      }
    });
  }

  @Override
  public List<Long> idsOutside(long files, int limit) throws StoreException {
    ready();
    return call(() -> "ids outside 0 to " + (files - 1), () -> {
      Map<String, Object> outside = doc("$or", List.of(doc(ID, doc("$lt", 0L)), doc(ID, doc("$gte", files))));
      List<Long> out = new ArrayList<>();
      try (PortCursor c = this.files.find(outside, doc(ID, 1), doc(ID, 1), limit)) {
        while (c.hasNext()) {
          out.add(number(c.next(), ID).longValue());
        }
      }
      return out;
    });
  }

  private static List<FileRow> rows(PortCursor cursor) throws StoreException {
    List<FileRow> out = new ArrayList<>();
    try (PortCursor c = cursor) {
      while (c.hasNext()) {
        out.add(row(c.next()));
      }
    }
    return out;
  }

  private static FileRow row(Map<String, Object> d) throws StoreException {
    if (!(d.get(PATH) instanceof String path) || !(d.get(LAST_UPDATED) instanceof Date updated)
        || !(d.get(CREATED) instanceof Date created)) {
      throw new StoreException("a document is not one of the spec's files: " + d);
    }
    return new FileRow(number(d, ID).longValue(), path, number(d, SIZE).longValue(), number(d, SERVER_ID).intValue(),
        number(d, DELETED).intValue() != 0, updated.getTime() / 1000, created.getTime() / 1000,
        number(d, USER_ID).longValue());
  }

  private static Number number(Map<String, Object> d, String field) throws StoreException {
    if (d.get(field) instanceof Number n) {
      return n;
    }
    throw new StoreException("a document has no numeric " + field + ": " + d);
  }

  private Map<String, Object> document(FileRow f) {
    Map<String, Object> d = doc(ID, f.id());
    d.put(PATH, f.path());
    d.put(SIZE, f.size());
    d.put(SERVER_ID, f.serverId());
    d.put(DELETED, f.deleted() ? 1 : 0);
    d.put(LAST_UPDATED, new Date(f.lastUpdated() * 1000));
    d.put(CREATED, new Date(f.created() * 1000));
    d.put(USER_ID, f.userId());
    return d;
  }

  /** Port calls on the collection; a failure names it after {@code what}. */
  private <T> T call(Supplier<String> what, MongoErrors.StoreCall<T> call) throws StoreException {
    return MongoErrors.call(in(what), call);
  }

  private Supplier<String> in(Supplier<String> what) {
    return () -> what.get() + " in " + options.databaseOf(plan.table()) + "." + plan.table();
  }
}
