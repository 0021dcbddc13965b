package site.ycsbx.db.mongodb.conn;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoException;
import com.mongodb.client.MongoDatabase;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.bson.Document;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.fingerprint.ServerSettings;

/**
 * The mongod settings that split the published runs (nojournal, a lazy or a tight journal commit
 * interval, the cache against the data), read from the server: {@code getCmdLineOpts} (what it
 * was started with), {@code getParameter} (the runtime value of journalCommitInterval and
 * syncdelay) and {@code serverStatus} (the cache WiredTiger configured, the journal's section of
 * 2.x). Each reply may be missing (a role without clusterMonitor: "not readable (role)"; a
 * server that lacks the command: said so) and the run goes on. Reply shapes differ by version:
 * 2.4 and 2.6 name the options flat ({@code nojournal}, {@code journalCommitInterval},
 * {@code syncdelay}), 3.0 under {@code storage.mmapv1.journal}, 3.2+ under {@code storage.journal},
 * and 6.1+ has no journal switch (always on under WiredTiger).
 */
public final class MongoServerSettings {
  static final String JOURNAL = "journal";
  static final String COMMIT_INTERVAL = "journal_commit_interval_ms";
  static final String SYNCDELAY = "syncdelay_s";
  static final String CONFIG = "engine_config";
  static final String DIRECT_IO = "directio";
  /** Unauthorized: the user's role may not run the command. */
  private static final int UNAUTHORIZED = 13;
  private static final long GB = 1L << 30;

  private MongoServerSettings() {
  }

  /** One command's reply, or why there is none. */
  public record Reply(Document doc, String why) {
    public static Reply of(Document doc) {
      return new Reply(doc, null);
    }

    public static Reply missing(String why) {
      return new Reply(null, why);
    }
  }

  /** Reads the three replies through {@code admin} and records the settings; {@code status} is the preflight's serverStatus. */
  public static void put(MongoDatabase admin, Reply status, String engine, Fingerprint fp) {
    Reply cmdLine = withOptions(run(admin, new Document("getCmdLineOpts", 1)));
    Reply params = run(admin, new Document("getParameter", 1).append("journalCommitInterval", 1)
        .append("syncdelay", 1));
    Map<String, String> read = settings(cmdLine, params, status, engine);
    read.forEach((k, v) -> ServerSettings.put(fp, k, v));
    long cache = cacheBytes(cmdLine, status);
    ServerSettings.putCache(fp, cache, cacheSource(cmdLine, status, engine), cacheWhy(cmdLine, status, engine));
  }

  /**
   * A reply without the options tells nothing of the server's start: mongo-java-server answers
   * one without argv (a mongod started with no option still names itself in argv).
   */
  static Reply withOptions(Reply cmdLine) {
    Document d = cmdLine.doc();
    boolean noArgv = d != null && !(d.get("argv") instanceof List<?> l && !l.isEmpty());
    if (d != null && (!(d.get("parsed") instanceof Document p) || p.isEmpty() && noArgv)) {
      return Reply.missing("not reported (getCmdLineOpts has no parsed options)");
    }
    return cmdLine;
  }

  static Reply run(MongoDatabase admin, Document command) {
    try {
      return Reply.of(admin.runCommand(command));
    } catch (MongoCommandException e) {
      return Reply.missing(e.getErrorCode() == UNAUTHORIZED ? ServerSettings.NOT_READABLE_ROLE
          : "not answered (" + command.keySet().iterator().next() + ": " + e.getErrorCodeName() + ")");
    } catch (MongoException e) {
      return Reply.missing("not answered (" + command.keySet().iterator().next() + ": " + MongoErrors.describe(e) + ")");
    }
  }

  /** The settings from the replies, in the order the fingerprint shows them. */
  static Map<String, String> settings(Reply cmdLine, Reply params, Reply status, String engine) {
    Map<String, String> out = new LinkedHashMap<>();
    Document parsed = cmdLine.doc() == null ? null : sub(cmdLine.doc(), "parsed");
    out.put(JOURNAL, journal(cmdLine, parsed, status, engine));
    out.put(COMMIT_INTERVAL, firstOf(params, cmdLine, value(params.doc(), "journalCommitInterval"),
        value(parsed, "storage.journal.commitIntervalMs"), value(parsed, "storage.mmapv1.journal.commitIntervalMs"),
        value(parsed, "journalCommitInterval")));
    out.put(SYNCDELAY, firstOf(params, cmdLine, value(params.doc(), "syncdelay"),
        value(parsed, "storage.syncPeriodSecs"), value(parsed, "syncdelay")));
    Object config = value(parsed, "storage.wiredTiger.engineConfig.configString");
    out.put(CONFIG, config != null ? config.toString() : cmdLine.doc() == null ? cmdLine.why() : "none");
    out.put(DIRECT_IO, directIo(cmdLine, config, engine));
    return out;
  }

  private static String journal(Reply cmdLine, Document parsed, Reply status, String engine) {
    if ("inMemory".equalsIgnoreCase(engine)) {
      return "none (inMemory engine)";
    }
    if (parsed != null) {
      if (Boolean.TRUE.equals(value(parsed, "nojournal"))) {
        return "off (nojournal)";
      }
      Object enabled = value(parsed, "storage.journal.enabled");
      if (enabled == null) {
        enabled = value(parsed, "journal");
      }
      if (Boolean.FALSE.equals(enabled)) {
        return "off (storage.journal.enabled=false)";
      }
      if (Boolean.TRUE.equals(enabled)) {
        return "on";
      }
    }
    if (status.doc() != null && status.doc().get("dur") instanceof Document) {
      return "on (serverStatus.dur)";
    }
    if (parsed != null) {
      return "on (the default: not set at start)";
    }
    return cmdLine.why();
  }

  private static String directIo(Reply cmdLine, Object config, String engine) {
    if (cmdLine.doc() == null) {
      return cmdLine.why();
    }
    if (engine == null || !engine.toLowerCase(Locale.ROOT).contains("wiredtiger")) {
      return "not reported by engine " + engine;
    }
    String c = config == null ? "" : config.toString();
    return c.contains("direct_io") ? "on (" + c.replaceAll(".*(direct_io=\\[[^\\]]*\\]).*", "$1") + ")"
        : "off (no direct_io in the engine config)";
  }

  // the runtime value (getParameter) first, else what the server was started with, else the default
  private static String firstOf(Reply params, Reply cmdLine, Object... values) {
    for (Object v : values) {
      if (v != null) {
        return v.toString();
      }
    }
    if (cmdLine.doc() == null) {
      return cmdLine.why();
    }
    return "the default (not set at start)";
  }

  /** The engine's data cache in bytes; -1 when not known (see {@link #cacheWhy}). */
  static long cacheBytes(Reply cmdLine, Reply status) {
    Object configured = value(status.doc(), "wiredTiger.cache.maximum bytes configured");
    if (configured instanceof Number n && n.longValue() > 0) {
      return n.longValue();
    }
    Document parsed = cmdLine.doc() == null ? null : sub(cmdLine.doc(), "parsed");
    for (String path : List.of("storage.wiredTiger.engineConfig.cacheSizeGB", "storage.inMemory.engineConfig.inMemorySizeGB",
        "storage.rocksdb.cacheSizeGB")) {
      Object gb = value(parsed, path);
      if (gb instanceof Number n) {
        return Math.round(n.doubleValue() * GB);
      }
    }
    return -1;
  }

  static String cacheSource(Reply cmdLine, Reply status, String engine) {
    if (value(status.doc(), "wiredTiger.cache.maximum bytes configured") instanceof Number) {
      return "serverStatus.wiredTiger.cache.maximum bytes configured";
    }
    return cacheBytes(cmdLine, status) >= 0 ? "getCmdLineOpts storage.*.cacheSizeGB" : "none read (engine " + engine + ")";
  }

  static String cacheWhy(Reply cmdLine, Reply status, String engine) {
    if (engine != null && engine.toLowerCase(Locale.ROOT).startsWith("mmapv1")) {
      return "none of its own (mmapv1 caches in the OS page cache)";
    }
    if (status.doc() == null && cmdLine.doc() == null) {
      return ServerSettings.NOT_READABLE_ROLE.equals(status.why()) ? status.why() : cmdLine.why();
    }
    return ServerSettings.NOT_REPORTED;
  }

  /** A value at a dotted path; a key with a space ("maximum bytes configured") is one step. */
  static Object value(Document doc, String path) {
    if (doc == null) {
      return null;
    }
    if (doc.containsKey(path)) {
      return doc.get(path);
    }
    int dot = path.indexOf('.');
    if (dot < 0) {
      return null;
    }
    return value(sub(doc, path.substring(0, dot)), path.substring(dot + 1));
  }

  private static Document sub(Document doc, String key) {
    Object v = doc == null ? null : doc.get(key);
    return v instanceof Document d ? d : null;
  }
}
