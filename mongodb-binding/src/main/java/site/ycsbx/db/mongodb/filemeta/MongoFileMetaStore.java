package site.ycsbx.db.mongodb.filemeta;

import com.mongodb.MongoException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.InsertManyOptions;
import com.mongodb.client.result.UpdateResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.Document;
import site.ycsbx.db.mongodb.conn.MongoConnection;
import site.ycsbx.db.mongodb.conn.MongoErrors;
import site.ycsbx.db.mongodb.conn.MongoOptions;
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

  private static final BsonInt32 ONE = new BsonInt32(1);
  private static final InsertManyOptions UNORDERED = new InsertManyOptions().ordered(false);
  private static final BsonDocument NEWEST_FIRST = new BsonDocument(LAST_UPDATED, new BsonInt32(-1));
  private static final BsonDocument BY_ID = new BsonDocument(ID, new BsonInt32(1));
  private static final BsonDocument BY_ID_DESCENDING = new BsonDocument(ID, new BsonInt32(-1));
  private static final BsonDocument ID_ONLY = new BsonDocument(ID, ONE);
  private static final BsonDocument MARK_DELETED = new BsonDocument("$set", new BsonDocument(DELETED, ONE));

  /** What the stores of one connection share: the plan the preparing thread used. */
  static final class Shared {
    volatile FileMetaPlan prepared;
  }

  private final MongoConnection connection;
  private final MongoOptions options;
  private final Shared shared;
  private FileMetaPlan plan;
  private MongoCollection<BsonDocument> files;

  public MongoFileMetaStore(MongoConnection connection) {
    this.connection = connection;
    this.options = connection.options();
    this.shared = connection.shared(Shared.class, Shared::new);
  }

  @Override
  public void prepare(FileMetaPlan p) throws StoreException {
    String name = p.table();
    try {
      var schema = connection.schema(options.databaseOf(name));
      if (p.drop()) {
        schema.drop(name);
      }
      schema.ensureCollection(name);
      for (IndexSpec i : INDEXES) {
        BsonDocument keys = new BsonDocument();
        i.columns().forEach(c -> keys.append(c, ONE));
        schema.ensureIndex(name, keys, new IndexOptions().name(i.name()));
      }
      if (p.sharding().enabled()) {
        new ShardSetup(connection, options.databaseOf(name), name, p.sharding()).run();
      }
    } catch (MongoException e) {
      // (a sharding command that failed is named in the server's message)
      throw MongoErrors.failure("cannot prepare collection " + name + " in " + options.databaseOf(name), e);
    }
    use(p);
    shared.prepared = p;
  }

  private void use(FileMetaPlan p) {
    plan = p;
    files = database().getCollection(p.table(), BsonDocument.class);
  }

  private MongoDatabase database() {
    return connection.database(options.databaseOf(plan.table()));
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

  @Override
  public long maxId() throws StoreException {
    ready();
    return call(() -> "find the largest _id", () -> {
      BsonDocument d = files.find().sort(BY_ID_DESCENDING).projection(ID_ONLY).limit(1).first();
      return d == null ? -1 : d.getNumber(ID).longValue();
    });
  }

  @Override
  public void insertFiles(List<FileRow> batch) throws StoreException {
    if (batch.isEmpty()) {
      return;
    }
    ready();
    List<BsonDocument> docs = new ArrayList<>(batch.size());
    for (FileRow f : batch) {
      docs.add(document(f));
    }
    call(() -> "insertMany of " + docs.size() + " files", () -> files.insertMany(docs, UNORDERED));
  }

  @Override
  public void insertFile(FileRow file) throws StoreException {
    ready();
    call(() -> "insert file " + file.id(), () -> files.insertOne(document(file)));
  }

  @Override
  public List<FileRow> latestByUser(long userId, int limit) throws StoreException {
    ready();
    return MongoErrors.decoding(in(() -> "latest files of user " + userId), () -> {
      List<FileRow> out = new ArrayList<>(limit);
      for (BsonDocument d : files.find(new BsonDocument(USER_ID, new BsonInt64(userId))).sort(NEWEST_FIRST).limit(limit)) {
        out.add(row(d));
      }
      return out;
    });
  }

  @Override
  public long countDeleted(int serverId) throws StoreException {
    return count(new BsonDocument(SERVER_ID, new BsonInt32(serverId)).append(DELETED, ONE), "server " + serverId);
  }

  @Override
  public long countByUser(long userId) throws StoreException {
    return count(new BsonDocument(USER_ID, new BsonInt64(userId)), "user " + userId);
  }

  /** The count command, read as the run reads ({@code mongodb.readPreference}); runCommand alone reads the primary. */
  private long count(BsonDocument query, String what) throws StoreException {
    ready();
    return call(() -> "count of " + what, () -> {
      Document reply = database().runCommand(new BsonDocument("count", new BsonString(plan.table())).append("query", query),
          database().getReadPreference());
      return ((Number) reply.get("n")).longValue();
    });
  }

  @Override
  public boolean updateFile(long id, long lastUpdated, long size) throws StoreException {
    BsonDocument set = new BsonDocument("$set", new BsonDocument(LAST_UPDATED, new BsonDateTime(lastUpdated * 1000))
        .append(SIZE, new BsonInt64(size)));
    return update(id, set, "update file ");
  }

  @Override
  public boolean deleteFile(long id) throws StoreException {
    return update(id, MARK_DELETED, "mark deleted file ");
  }

  private boolean update(long id, BsonDocument change, String what) throws StoreException {
    ready();
    return call(() -> what + id, () -> {
      UpdateResult r = files.updateOne(new BsonDocument(ID, new BsonInt64(id)), change);
      // unacknowledged: the server says nothing, the file is taken as found
      return !r.wasAcknowledged() || r.getMatchedCount() > 0;
    });
  }

  /** From collStats through a mongos; empty on any other server (nothing is sharded there). */
  @Override
  public List<ShardCount> documentsPerShard() throws StoreException {
    ready();
    return call(() -> "collStats", () -> {
      if (!ShardedCluster.isMongos(connection.hello())) {
        return List.<ShardCount>of();
      }
      List<ShardCount> out = new ArrayList<>();
      ShardedCluster.documentsPerShard(database(), plan.table(), ShardSetup.shardsOf(connection))
          .forEach((shard, n) -> out.add(new ShardCount(shard, n)));
      return out;
    });
  }

  @Override
  public Map<Long, Long> filesPerUser() throws StoreException {
    ready();
    return MongoErrors.decoding(in(() -> "files per user"), () -> {
      Map<Long, Long> out = new HashMap<>();
      for (BsonDocument d : files.aggregate(List.of(group(USER_ID))).allowDiskUse(true)) {
        out.put(d.getNumber(ID).longValue(), d.getNumber(FILES).longValue());
      }
      return out;
    });
  }

  @Override
  public Map<Integer, long[]> filesPerServer() throws StoreException {
    ready();
    return MongoErrors.decoding(in(() -> "files per server"), () -> {
      Map<Integer, long[]> out = new HashMap<>();
      BsonDocument g = group(SERVER_ID);
      g.getDocument("$group").append(DELETED, new BsonDocument("$sum", new BsonString("$" + DELETED)));
      for (BsonDocument d : files.aggregate(List.of(g))) {
        out.put(d.getNumber(ID).intValue(), new long[] {d.getNumber(FILES).longValue(), d.getNumber(DELETED).longValue()});
      }
      return out;
    });
  }

  private static final String FILES = "files";

  /** {$group: {_id: "$field", files: {$sum: 1}}}: $group is in every server from 2.2 on. */
  private static BsonDocument group(String field) {
    return new BsonDocument("$group", new BsonDocument(ID, new BsonString("$" + field))
        .append(FILES, new BsonDocument("$sum", ONE)));
  }

  private static BsonDocument idRange(long fromId, long toId) {
    return new BsonDocument(ID, new BsonDocument("$gte", new BsonInt64(fromId)).append("$lt", new BsonInt64(toId)));
  }

  @Override
  public List<FileRow> filesBetween(long fromId, long toId) throws StoreException {
    ready();
    return MongoErrors.decoding(in(() -> "files " + fromId + " to " + (toId - 1)), () -> {
      List<FileRow> out = new ArrayList<>();
      for (BsonDocument d : files.find(idRange(fromId, toId)).sort(BY_ID)) {
        out.add(row(d));
      }
      return out;
    });
  }

  @Override
  public long countBetween(long fromId, long toId) throws StoreException {
    return count(idRange(fromId, toId), "ids " + fromId + " to " + (toId - 1));
  }

  /** The ids of 0..files-1 in order, projected on _id alone (MongoDB has no LAG before 5.0). */
  @Override
  public List<Long> missingIds(long files, int limit) throws StoreException {
    ready();
    return MongoErrors.decoding(in(() -> "ids missing of 0 to " + (files - 1)), () -> MissingIds.skipped(
        this.files.find(idRange(0, files)).sort(BY_ID).projection(ID_ONLY).batchSize(10_000)
            .map(d -> d.getNumber(ID).longValue()), 0, files, limit));
  }

  @Override
  public List<Long> idsOutside(long files, int limit) throws StoreException {
    ready();
    return MongoErrors.decoding(in(() -> "ids outside 0 to " + (files - 1)), () -> {
      BsonDocument outside = new BsonDocument("$or", new org.bson.BsonArray(List.of(
          new BsonDocument(ID, new BsonDocument("$lt", new BsonInt64(0))),
          new BsonDocument(ID, new BsonDocument("$gte", new BsonInt64(files))))));
      List<Long> out = new ArrayList<>();
      for (BsonDocument d : this.files.find(outside).sort(BY_ID).projection(ID_ONLY).limit(limit)) {
        out.add(d.getNumber(ID).longValue());
      }
      return out;
    });
  }

  private static FileRow row(BsonDocument d) {
    return new FileRow(d.getNumber(ID).longValue(), d.getString(PATH).getValue(), d.getNumber(SIZE).longValue(),
        d.getNumber(SERVER_ID).intValue(), d.getNumber(DELETED).intValue() != 0,
        d.getDateTime(LAST_UPDATED).getValue() / 1000, d.getDateTime(CREATED).getValue() / 1000,
        d.getNumber(USER_ID).longValue());
  }

  private static BsonDocument document(FileRow f) {
    return new BsonDocument(ID, new BsonInt64(f.id()))
        .append(PATH, new BsonString(f.path()))
        .append(SIZE, new BsonInt64(f.size()))
        .append(SERVER_ID, new BsonInt32(f.serverId()))
        .append(DELETED, new BsonInt32(f.deleted() ? 1 : 0))
        .append(LAST_UPDATED, new BsonDateTime(f.lastUpdated() * 1000))
        .append(CREATED, new BsonDateTime(f.created() * 1000))
        .append(USER_ID, new BsonInt64(f.userId()));
  }

  /** A call on the collection; a failure names it after {@code what}. */
  private <T> T call(Supplier<String> what, MongoErrors.StoreCall<T> call) throws StoreException {
    return MongoErrors.call(in(what), call);
  }

  private Supplier<String> in(Supplier<String> what) {
    return () -> what.get() + " in " + options.databaseOf(plan.table()) + "." + plan.table();
  }
}
