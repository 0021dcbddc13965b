package site.ycsbx.db.mongolegacy;

import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Function;
import site.ycsbx.db.mongodb.conn.BeforeCommands;
import site.ycsbx.db.mongodb.conn.BuildVersion;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.db.mongodb.conn.MongoStoreCheck;
import site.ycsbx.db.mongodb.conn.MongoUrl;
import site.ycsbx.db.mongodb.conn.WriteConcernSetting;
import site.ycsbx.db.mongodb.port.MongoPort;
import site.ycsbx.db.mongodb.port.PortException;
import site.ycsbx.db.mongolegacy.conn.LegacyConnection;
import site.ycsbx.db.mongolegacy.conn.LegacyErrors;
import site.ycsbx.db.mongolegacy.port.LegacyPort;
import site.ycsbx.faults.ServerAway;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.fingerprint.ServerSettings;
import site.ycsbx.shaded.mongo35.com.mongodb.CommandResult;
import site.ycsbx.shaded.mongo35.com.mongodb.DB;
import site.ycsbx.shaded.mongo35.com.mongodb.DBObject;
import site.ycsbx.shaded.mongo35.com.mongodb.MongoClient;
import site.ycsbx.shaded.mongo35.com.mongodb.MongoException;
import site.ycsbx.shaded.mongo35.com.mongodb.MongoSecurityException;
import site.ycsbx.shaded.mongo35.com.mongodb.MongoTimeoutException;
import site.ycsbx.shaded.mongo35.com.mongodb.WriteConcern;
import site.ycsbx.shaded.mongo35.com.mongodb.event.ServerDescriptionChangedEvent;
import site.ycsbx.shaded.mongo35.com.mongodb.event.ServerListener;
import site.ycsbx.shaded.mongo35.com.mongodb.event.ServerListenerAdapter;
import site.ycsbx.store.Preflight;
import site.ycsbx.store.ServerAddress;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.util.PropertyDef;
import site.ycsbx.util.UserError;

/**
 * Checks mongodb-legacy's options (the mongodb binding's, read by its code), then the server:
 * reachable within {@value #TIMEOUT_SECONDS} s and of wire version 0 (a 2.6+ server is refused,
 * naming the mongodb binding). Fills the fingerprint from isMaster, buildInfo, getCmdLineOpts and
 * serverStatus, then runs the family's checks of its existing collections (iibench's, filemeta's: the mongodb
 * binding's own, over the driver port). Runs read-only commands only.
 */
public final class LegacyPreflight implements Preflight {
  /** How long the check waits for a server (selection, connect, reads). */
  public static final int TIMEOUT_SECONDS = 5;

  /**
   * The mongodb binding's options that apply to these servers, then the families' own; the others
   * are refused as unknown here.
   */
  static final List<PropertyDef> PROPERTIES = java.util.stream.Stream.concat(MongoOptions.PROPERTIES.stream(),
      java.util.stream.Stream.of(BeforeCommands.DEF))
      .filter(p -> Set.of(MongoOptions.URL_PROPERTY, MongoOptions.DATABASE_PROPERTY, WriteConcernSetting.PROPERTY,
          MongoOptions.BATCH_SIZE_PROPERTY, MongoOptions.YCSB_BATCH_SIZE_PROPERTY, BeforeCommands.PROPERTY,
          MongoOptions.DATABASE_PER_COLLECTION_PROPERTY)
          .contains(p.name()))
      .map(p -> p.name().equals(WriteConcernSetting.PROPERTY)
          ? p.withMeaning("journaled (getLastError {w: 1, j: true}), acknowledged ({w: 1}), unacknowledged (w:0, no"
              + " getLastError), majority or a number of nodes; YCSB 0.17's names too")
          : p.name().equals(MongoOptions.DATABASE_PER_COLLECTION_PROPERTY)
          ? p.withMeaning("iibench: each collection in its own database <database>_<collection> (the 2014 post's"
              + " mongo24-10db targets)")
          : p.name().equals(MongoOptions.BATCH_SIZE_PROPERTY)
          ? p.withMeaning("documents per DBCollection.insert (one OP_INSERT, one getLastError), 1 to "
              + MongoOptions.BATCH_SIZE_MAX + "; each round trip timed as INSERT_BATCH")
          : p)
      .collect(java.util.stream.Collectors.collectingAndThen(java.util.stream.Collectors.toList(), l -> {
        // the families' own settings (linkbench.transactions)
        l.addAll(new LegacyStores().properties());
        return List.copyOf(l);
      }));

  @Override
  public Set<String> propertyPrefixes() {
    return Set.of("mongodb.");
  }

  @Override
  public List<PropertyDef> properties() {
    return PROPERTIES;
  }

  @Override
  public ServerAddress serverAddress(Properties props) {
    com.mongodb.ConnectionString url = MongoOptions.parse(props).connectionString();
    String host = url.getHosts().isEmpty() ? "" : url.getHosts().get(0);
    if (!host.endsWith("]") && host.indexOf(':') >= 0 && host.indexOf(':') == host.lastIndexOf(':')) {
      host = host.substring(0, host.indexOf(':'));
    }
    return ServerAddress.of(host, MongoUrl.portOf(url), MongoUrl.isLocal(url));
  }

  @Override
  public void check(Properties props, Phase phase, StoreDemand demand, Fingerprint fp) {
    MongoOptions options = MongoOptions.parse(props);
    LegacyStores stores = new LegacyStores();
    if (!demand.isNone() && !stores.storeTypes().contains(demand.storeType())) {
      // reached under YCSB's stock Client, whose workloads do not refuse a binding by its catalog
      throw new UserError("binding mongodb-legacy has no " + demand.storeType().getSimpleName() + " ("
          + LegacyStores.FOR_NEWER_SERVERS + ")");
    }
    for (String note : options.notes()) {
      System.out.println(NOTE_PREFIX + note);
    }
    // bad JSON and bad names are refused before the server is contacted
    List<String> before = BeforeCommands.texts(props);
    MongoStoreCheck family = stores.check(demand).orElse(MongoStoreCheck.NONE);
    family.checkOptions(demand, options);
    LegacyServer server = inspect(options, before, fp, ports -> family.checkServer(demand, options, ports, fp));
    WriteConcern wc = LegacyConnection.writeConcern(options.writeConcern());
    fp.put("server.product", server.product());
    fp.put("server.version", server.versionShown());
    fp.put("storage.engine", server.engine());
    fp.put("server.journal", server.journal());
    // the mongodb binding's names, so that one expectation reads a target on either binding
    ServerSettings.put(fp, "journal", server.journalOnOff());
    ServerSettings.put(fp, server.flushName(), server.flushInterval());
    fp.put("mongodb.protocol", LegacyServer.PROTOCOL);
    fp.put("write.concern", describe(wc));
    fp.put("journal", WriteConcernSetting.describeJournal(options.writeConcern()));
    fp.put(MongoOptions.URL_PROPERTY, options.maskedUrl());
    fp.put(MongoOptions.DATABASE_PROPERTY, options.database());
    fp.put(MongoOptions.BATCH_SIZE_PROPERTY, options.batchSize());
    if (options.databasePerCollection()) {
      // only when set: the fingerprints of runs without it stay as they were
      fp.put(MongoOptions.DATABASE_PER_COLLECTION_PROPERTY, true);
    }
    fp.put("mongodb.driver", "mongo-java-driver " + BuildVersion.of(LegacyPreflight.class, "mongodb.legacy.driver.version")
        + " (relocated, legacy DBCollection API)");
  }

  /**
   * The server's facts, after the before-commands; {@code familyCheck} runs the family's read-only
   * checks of its existing collections over the port, as the mongodb binding's preflight does.
   */
  private static LegacyServer inspect(MongoOptions options, List<String> before, Fingerprint fp,
      Consumer<Function<String, MongoPort>> familyCheck) {
    String url = options.maskedUrl();
    AtomicReference<Throwable> refused = new AtomicReference<>();
    ServerListener monitor = new ServerListenerAdapter() {
      @Override
      public void serverDescriptionChanged(ServerDescriptionChangedEvent event) {
        if (event.getNewDescription().getException() != null) {
          refused.set(event.getNewDescription().getException());
        }
      }
    };
    try (MongoClient client = LegacyConnection.shortLived(options, TIMEOUT_SECONDS, monitor)) {
      DB admin = client.getDB("admin");
      CommandResult hello;
      try {
        hello = admin.command("isMaster");
        hello.throwOnError();
      } catch (MongoTimeoutException e) {
        throw new ServerAway("cannot reach MongoDB at " + url + " (" + MongoOptions.URL_PROPERTY + ") within "
            + TIMEOUT_SECONDS + " s: " + (refused.get() == null ? "no server answered" : LegacyErrors.describe(
            refused.get().getCause() == null ? refused.get() : refused.get().getCause())));
      } catch (MongoSecurityException e) {
        throw UserError.target("cannot log in to MongoDB at " + url + " (" + MongoOptions.URL_PROPERTY + "): "
            + LegacyErrors.describe(e.getCause() == null ? e : e.getCause()));
      }
      CommandResult build = admin.command("buildInfo");
      build.throwOnError();
      int wire = hello.get("maxWireVersion") instanceof Number ? ((Number) hello.get("maxWireVersion")).intValue() : 0;
      if (wire >= 2) {
        throw new UserError("MongoDB at " + url + " is version " + build.get("version") + " (wire version " + wire
            + "): mongodb-legacy is for MongoDB 2.4 and TokuMX (wire version 0); use the mongodb binding");
      }
      // a 2.6+ server was refused above, before its settings could be changed
      LegacyBefore.run(admin, before, url, fp);
      CommandResult opts = admin.command("getCmdLineOpts");
      DBObject parsed = opts.ok() && opts.get("parsed") instanceof DBObject ? (DBObject) opts.get("parsed") : null;
      CommandResult status = admin.command("serverStatus");
      try {
        familyCheck.accept(db -> new LegacyPort(client.getDB(db), WriteConcern.ACKNOWLEDGED, LegacyErrors::describe));
      } catch (PortException e) {
        throw UserError.target("MongoDB at " + url + " (" + MongoOptions.URL_PROPERTY + ") failed a read-only check of"
            + " the existing collections: " + e.getMessage());
      }
      Object tokumx = build.get("tokumxVersion");
      return new LegacyServer(wire, String.valueOf(build.get("version")), tokumx == null ? null : tokumx.toString(),
          parsed == null ? null : parsed.toMap(), parsed == null ? "getCmdLineOpts failed: " + opts.getErrorMessage()
          : null, status.ok() ? status.containsField("dur") : null,
          LegacyBefore.parameter(admin, tokumx == null ? "journalCommitInterval" : "logFlushPeriod"));
    } catch (MongoException e) {
      throw UserError.target("MongoDB at " + url + " (" + MongoOptions.URL_PROPERTY + ") did not answer the read-only"
          + " checks: " + LegacyErrors.describe(e));
    }
  }

  /** What follows each write on the wire: {@code getLastError {w: 1, j: true}}, or nothing for w:0. */
  static String describe(WriteConcern wc) {
    if (!wc.isAcknowledged()) {
      return "none (w:0: no getLastError, writes unacknowledged)";
    }
    Integer timeout = wc.getWTimeout(java.util.concurrent.TimeUnit.MILLISECONDS);
    return "getLastError {w: " + (wc.getWObject() == null ? "server default" : wc.getWObject())
        + (Boolean.TRUE.equals(wc.getJournal()) ? ", j: true" : "")
        + (timeout == null || timeout == 0 ? "" : ", wtimeout: " + timeout) + "}";
  }
}
