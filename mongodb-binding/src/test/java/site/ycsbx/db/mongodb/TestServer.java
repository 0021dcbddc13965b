package site.ycsbx.db.mongodb;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.bson.BinData;
import de.bwaldvogel.mongo.bson.Document;
import io.netty.channel.Channel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A mongo-java-server started in the test JVM on 127.0.0.1 and an ephemeral port, for tests
 * that run the binding in-process or in a subprocess. It records every command it receives (the
 * server side of the wire), accepts SASL PLAIN logins (recording the password it was sent, so a
 * test can prove the real password reached the driver), and can report a storage engine in
 * serverStatus the way a real mongod does. Public for the tests of the family packages.
 */
public final class TestServer implements MongoUnderTest {
  private static final AtomicInteger DATABASES = new AtomicInteger();

  /** One received command: database, name as sent, and the command document. */
  public record Command(String database, String name, Document body) {
  }

  private final Recording backend;
  private final MongoServer server;
  private final int port;

  public TestServer() {
    this(null);
  }

  /** A server whose serverStatus reports {@code storageEngine.name = engine} (null: none, as mongo-java-server). */
  public TestServer(String engine) {
    this(engine, 0, 0);
  }

  /**
   * A server that answers serverStatus and collStats as a mongod with the given engine does:
   * process "mongod", and collStats storageSize / totalIndexSize in bytes, here that many bytes
   * per document (mongo-java-server itself reports 0 and index entry counts); fsync is answered ok.
   */
  public static TestServer posingAsMongod(String engine, long storageBytesPerDoc, long indexBytesPerDoc) {
    return new TestServer(engine, storageBytesPerDoc, indexBytesPerDoc);
  }

  /**
   * A server answering buildInfo as MongoDB {@code version} (e.g. "2.6.12") and serverStatus as
   * that mongod: process "mongod", and a storageEngine section only when {@code engine} is not
   * null (servers before 3.0 have none).
   */
  public static TestServer posingAsVersion(String version, String engine) {
    TestServer s = new TestServer(engine, 0, 0);
    s.backend.version = version;
    return s;
  }

  /**
   * A server posing as MongoDB {@code version} of the 2.4 line, or as TokuMX (a fork of 2.4) when
   * {@code tokumxVersion} is not null: isMaster without maxWireVersion (2.4 sends none, which
   * means wire version 0), buildInfo with the version and TokuMX's tokumxVersion, serverStatus
   * without a storageEngine section. A 3.x driver writes to such a server in the legacy opcodes,
   * which reach this server through a {@link LegacyWireFront}.
   */
  public static TestServer posingAsLegacy(String version, String tokumxVersion) {
    TestServer s = posingAsVersion(version, null);
    s.backend.legacy = true;
    s.backend.tokumxVersion = tokumxVersion;
    return s;
  }

  /** Whether this server poses as TokuMX ({@link #posingAsLegacy} with a tokumxVersion). */
  public boolean posesAsTokuMX() {
    return backend.tokumxVersion != null;
  }

  /**
   * For a server {@link #posingAsLegacy} or {@link #posingAsVersion}: getCmdLineOpts reports this
   * option among the parsed ones, as the version lists them (2.4 flat: {@code nojournal: true},
   * {@code journalCommitInterval: 100}; 2.6 and later nested: {@code storage: {journal: {enabled:
   * false}}}); with the journal off that way, a 2.x server's serverStatus has no {@code dur}
   * section, as 2.4's and 2.6's have none then.
   */
  public TestServer startedWith(String option, Object value) {
    backend.cmdLine.put(option, value);
    return this;
  }

  /**
   * A server posing as the primary of replica set {@code rs0} running MongoDB {@code version}
   * (as {@link #posingAsVersion} with engine wiredTiger): isMaster reports setName, the session
   * timeout and the version's maxWireVersion, so the driver uses sessions, retryable writes and,
   * from 4.0, transactions. mongo-java-server applies every write as it comes (it has no
   * transactions); commitTransaction and abortTransaction are answered ok, for wire tests only.
   */
  public static TestServer posingAsReplicaSet(String version) {
    TestServer s = posingAsVersion(version, "wiredTiger");
    s.backend.setName = "rs0";
    return s;
  }

  /**
   * A server posing as a mongos of MongoDB {@code version}: isMaster says msg "isdbgrid" with the
   * session timeout and the version's maxWireVersion (mongos transactions need 4.2). For wire
   * tests only, as {@link #posingAsReplicaSet}.
   */
  public static TestServer posingAsMongos(String version) {
    TestServer s = posingAsVersion(version, "wiredTiger");
    s.backend.mongos = true;
    return s;
  }

  /**
   * A mongos of MongoDB {@code version} (as {@link #posingAsMongos}) over these shards, answering
   * the sharding commands ({@link FakeShards}): listShards, balancerStatus/Stop/Start (the
   * balancer runs at first), enableSharding, shardCollection, split, moveChunk, and collStats with
   * documents per shard. Every command is recorded as any other.
   */
  public static TestServer posingAsShardedCluster(String version, String... shards) {
    TestServer s = posingAsMongos(version);
    s.backend.shards = new FakeShards(List.of(shards));
    return s;
  }

  /** Sets the fake balancer's mode ("full", "off"); a sharded cluster's only. */
  public void balancerMode(String mode) {
    backend.shards.balancerMode(mode);
  }

  /**
   * Answers the balancer commands with CommandNotFound, as a mongos before 3.4 (driver 4.7 cannot
   * talk to a test server posing as 3.2: it sends those OP_QUERY, which mongo-java-server drops).
   */
  public void withoutBalancerCommands() {
    backend.shards.withoutBalancerCommands();
  }

  public String balancerMode() {
    return backend.shards.balancerMode();
  }

  /** Makes every later command of this name fail (e.g. "insert", "moveChunk"); a sharded cluster's only. */
  public void failCommand(String name) {
    if (backend.shards != null) {
      backend.shards.fail(name);
    } else {
      backend.failing.add(name.toLowerCase(java.util.Locale.ROOT));
    }
  }

  /** Chunks of a namespace of a sharded cluster: lower bound (null for MinKey) to shard, in key order. */
  public java.util.Map<Long, String> chunks(String namespace) {
    return backend.shards.chunks(namespace);
  }

  /** MongoDB's wire version of a server version ("4.0.28": 7). */
  static int wireVersion(String version) {
    String[] p = version.split("\\.");
    int mm = Integer.parseInt(p[0]) * 10 + Integer.parseInt(p[1]);
    return switch (mm) {
      case 26 -> 2;
      case 30 -> 3;
      case 32 -> 4;
      case 34 -> 5;
      case 36 -> 6;
      case 40 -> 7;
      case 42 -> 8;
      case 44 -> 9;
      case 50 -> 13;
      case 60 -> 17;
      case 70 -> 21;
      case 80 -> 25;
      default -> throw new IllegalArgumentException("no wire version known for MongoDB " + version);
    };
  }

  private TestServer(String engine, long storageBytesPerDoc, long indexBytesPerDoc) {
    backend = new Recording(engine, storageBytesPerDoc, indexBytesPerDoc);
    server = new MongoServer(backend);
    server.bind("127.0.0.1", 0);
    port = server.getLocalAddress().getPort();
  }

  /**
   * serverStatus reports {@code opcounters} as mongod counts them (insert per document, update
   * and delete per statement, find as query, getMore, any other command), from the commands this
   * server received; mongo-java-server itself reports none.
   */
  public TestServer withOpcounters() {
    backend.opcounters = new java.util.concurrent.ConcurrentHashMap<>();
    return this;
  }

  public int port() {
    return port;
  }

  /** A database name no other test uses. */
  public static String freshDatabase() {
    return "t" + ProcessHandle.current().pid() + "_" + DATABASES.incrementAndGet();
  }

  @Override
  public boolean real() {
    return false;
  }

  @Override
  public String url(String database) {
    return "mongodb://127.0.0.1:" + port + "/" + database;
  }

  @Override
  public MongoClient client() {
    return MongoClients.create("mongodb://127.0.0.1:" + port);
  }

  public List<Command> commands() {
    return new ArrayList<>(backend.received);
  }

  /** Names of the commands received for one database, in order. */
  public List<String> commandNames(String database) {
    List<String> out = new ArrayList<>();
    for (Command c : backend.received) {
      if (c.database().equals(database)) {
        out.add(c.name());
      }
    }
    return out;
  }

  /** Commands that change data or schema, on any database. */
  public List<Command> writes() {
    Set<String> writing = Set.of("insert", "update", "delete", "create", "createindexes", "drop", "dropdatabase",
        "findandmodify", "renamecollection", "dropindexes");
    List<Command> out = new ArrayList<>();
    for (Command c : backend.received) {
      if (writing.contains(c.name().toLowerCase(java.util.Locale.ROOT))) {
        out.add(c);
      }
    }
    return out;
  }

  /** Passwords received in SASL PLAIN logins. */
  public List<String> passwordsReceived() {
    return new ArrayList<>(backend.passwords);
  }

  @Override
  public void close() {
    server.shutdownNow();
  }

  private static final class Recording extends MemoryBackend {
    final List<Command> received = new CopyOnWriteArrayList<>();
    final List<String> passwords = new CopyOnWriteArrayList<>();
    private final String engine;
    private final long storagePerDoc;
    private final long indexPerDoc;
    volatile String version;
    volatile String setName;
    volatile boolean mongos;
    volatile FakeShards shards;
    volatile boolean legacy;
    volatile String tokumxVersion;
    final Document cmdLine = new Document();
    // a legacy pose's runtime parameters: what setParameter changed since the start
    final Document parameters = new Document();
    volatile java.util.Map<String, java.util.concurrent.atomic.LongAdder> opcounters;
    final Set<String> failing = java.util.concurrent.ConcurrentHashMap.newKeySet();

    Recording(String engine, long storagePerDoc, long indexPerDoc) {
      this.engine = engine;
      this.storagePerDoc = storagePerDoc;
      this.indexPerDoc = indexPerDoc;
    }

    private boolean posing() {
      return storagePerDoc > 0 || indexPerDoc > 0 || version != null;
    }

    @Override
    public Document handleCommand(Channel channel, String database, String command, Document query) {
      received.add(new Command(database, command, query.clone()));
      if (opcounters != null) {
        count(command, query);
      }
      if (failing.contains(command.toLowerCase(java.util.Locale.ROOT))) {
        throw new de.bwaldvogel.mongo.exception.MongoServerError(8000, "FakeFailure", command
            + " failed (a test asked for it)");
      }
      if (posing() && command.equalsIgnoreCase("fsync")) {
        return new Document("numFiles", 1).append("ok", 1.0); // mongod's answer; mongo-java-server has no fsync
      }
      if (command.equalsIgnoreCase("saslStart")) {
        return plainLogin(query);
      }
      if ((setName != null || mongos) && (command.equalsIgnoreCase("commitTransaction")
          || command.equalsIgnoreCase("abortTransaction"))) {
        return new Document("ok", 1.0);
      }
      if (version != null && command.equalsIgnoreCase("setParameter")) {
        // as 2.4 and later: the old value back as "was"; the journal's flush interval is the one parameter a pose knows
        String name = query.keySet().stream().filter(k -> !k.equals(command)).findFirst().orElse("");
        if (!name.equals(flushParameter())) {
          return new Document("ok", 0.0).append("errmsg", "no option found to set, use help:true to see options ");
        }
        Object was = parameter(name);
        parameters.put(name, query.get(name));
        return new Document("was", was).append("ok", 1.0);
      }
      if (version != null && command.equalsIgnoreCase("getParameter")) {
        String name = flushParameter();
        if (!query.containsKey(name)) {
          return new Document("ok", 0.0).append("errmsg", "no option found to get");
        }
        return new Document(name, parameter(name)).append("ok", 1.0);
      }
      FakeShards.Backend self = (db, name, q) -> super.handleCommand(channel, db, name, q);
      if (shards != null) {
        Document answer = shards.handle(self, database, command, query);
        if (answer != null) {
          return answer;
        }
      }
      Document reply = super.handleCommand(channel, database, command, query);
      if (shards != null && command.equalsIgnoreCase("collStats")) {
        shards.collStats(self, database, query.get(command).toString(), reply);
      }
      if (setName != null && (command.equalsIgnoreCase("isMaster") || command.equalsIgnoreCase("hello"))) {
        reply.put("setName", setName);
        reply.put("setVersion", 1);
        reply.put("secondary", false);
        reply.put("maxWireVersion", wireVersion(version));
        reply.put("logicalSessionTimeoutMinutes", 30);
      }
      if (mongos && (command.equalsIgnoreCase("isMaster") || command.equalsIgnoreCase("hello"))) {
        reply.put("msg", "isdbgrid");
        reply.put("maxWireVersion", wireVersion(version));
        reply.put("logicalSessionTimeoutMinutes", 30);
      }
      if ((legacy || version != null && !cmdLine.isEmpty()) && command.equalsIgnoreCase("getCmdLineOpts")) {
        return new Document("argv", List.of("mongod")).append("parsed", cmdLine.clone()).append("ok", 1.0);
      }
      if (legacy && command.equalsIgnoreCase("isMaster")) {
        reply.remove("maxWireVersion");
        reply.remove("minWireVersion");
      }
      if (tokumxVersion != null && command.equalsIgnoreCase("buildInfo")) {
        reply.put("tokumxVersion", tokumxVersion);
      }
      if (version != null && command.equalsIgnoreCase("buildInfo")) {
        List<Integer> parts = new ArrayList<>();
        for (String n : version.split("\\.")) {
          parts.add(Integer.parseInt(n));
        }
        parts.add(0);
        reply.put("version", version);
        reply.put("versionArray", parts);
        reply.put("gitVersion", "0000000000000000000000000000000000000000");
      }
      if (posing() && command.equalsIgnoreCase("collStats")) {
        long count = ((Number) reply.get("count")).longValue();
        reply.put("storageSize", count * storagePerDoc);
        reply.put("totalIndexSize", count * indexPerDoc);
      }
      return reply;
    }

    // 2.4's flat nojournal, or 2.6's storage.journal.enabled=false
    private boolean journalOff() {
      return Boolean.TRUE.equals(cmdLine.get("nojournal")) || cmdLine.get("storage") instanceof Document storage
          && storage.get("journal") instanceof Document journal && Boolean.FALSE.equals(journal.get("enabled"));
    }

    private String flushParameter() {
      return tokumxVersion == null ? "journalCommitInterval" : "logFlushPeriod";
    }

    // the runtime value: set since the start, else the start's option, else the server's default (100 ms)
    private Object parameter(String name) {
      return parameters.containsKey(name) ? parameters.get(name) : cmdLine.containsKey(name) ? cmdLine.get(name) : 100;
    }

    private void count(String command, Document query) {
      String name = command.toLowerCase(java.util.Locale.ROOT);
      String counter;
      long n = 1;
      switch (name) {
        case "insert", "update", "delete" -> {
          counter = name;
          Object list = query.get(name.equals("insert") ? "documents" : name + "s");
          n = list instanceof java.util.Collection ? ((java.util.Collection<?>) list).size() : 1;
        }
        case "find" -> counter = "query";
        case "getmore" -> counter = "getmore";
        default -> counter = "command";
      }
      opcounters.computeIfAbsent(counter, k -> new java.util.concurrent.atomic.LongAdder()).add(n);
    }

    // PLAIN: one message "\0user\0password"; the login is accepted
    private Document plainLogin(Document query) {
      Object payload = query.get("payload");
      byte[] bytes = payload instanceof BinData ? ((BinData) payload).getData() : (byte[]) payload;
      String[] parts = new String(bytes, StandardCharsets.UTF_8).split("\0");
      passwords.add(parts[parts.length - 1]);
      return new Document("conversationId", 1).append("done", true).append("payload", new BinData(new byte[0])).append("ok", 1.0);
    }

    @Override
    public Document getServerStatus() {
      Document status = super.getServerStatus();
      if (posing()) {
        status.put("process", mongos ? "mongos" : "mongod");
      }
      if (version != null && version.startsWith("2.") && tokumxVersion == null && !journalOff()) {
        status.put("dur", new Document("commits", 0).append("journaledMB", 0.0).append("commitsInWriteLock", 0));
      }
      java.util.Map<String, java.util.concurrent.atomic.LongAdder> ops = opcounters;
      if (ops != null) {
        Document section = new Document();
        for (String k : List.of("insert", "query", "update", "delete", "getmore", "command")) {
          java.util.concurrent.atomic.LongAdder a = ops.get(k);
          section.put(k, a == null ? 0L : a.sum());
        }
        status.put("opcounters", section);
      }
      if (engine != null) {
        // the section as MongoDB 7.0 reports it
        status.put("storageEngine", new Document("name", engine).append("supportsCommittedReads", true)
            .append("oldestRequiredTimestampForCrashRecovery", 0L).append("supportsPendingDrops", true)
            .append("dropPendingIdents", 0L).append("supportsSnapshotReadConcern", true)
            .append("readOnly", false).append("persistent", true).append("backupCursorOpen", false));
      }
      return status;
    }
  }
}
