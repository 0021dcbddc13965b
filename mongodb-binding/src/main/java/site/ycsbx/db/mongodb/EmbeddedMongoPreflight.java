package site.ycsbx.db.mongodb;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.db.mongodb.conn.MongoStoreCheck;
import site.ycsbx.db.mongodb.conn.WriteConcernSetting;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.util.PropertyDef;
import site.ycsbx.util.UserError;

/**
 * The checks of {@code mongodb-embedded}: every option first (nothing is created for bad input),
 * then the JVM's embedded server is started and inspected like any MongoDB server.
 */
public final class EmbeddedMongoPreflight extends MongoPreflight {
  // stands in for the server's URL (same database, so the same database names) to check the
  // options, the family's included, before the server and its folder exist
  private static final String PLACEHOLDER_URL = "mongodb://127.0.0.1/" + EmbeddedServer.DATABASE;

  /**
   * The binding's properties and the server's folder; mongodb.url stays known, so that setting it
   * is refused with why (the embedded server has its own) rather than as a misspelling.
   */
  private static final List<PropertyDef> PROPERTIES = properties(MongoPreflight.PROPERTIES);

  public EmbeddedMongoPreflight() {
    super("another " + EmbeddedServer.DIR_PROPERTY);
  }

  private static List<PropertyDef> properties(List<PropertyDef> binding) {
    List<PropertyDef> out = new ArrayList<>();
    for (PropertyDef d : binding) {
      if (d.name().equals(MongoOptions.URL_PROPERTY)) {
        out.add(new PropertyDef(d.name(), PropertyDef.NONE, "refused: mongodb-embedded runs its own server ("
            + EmbeddedServer.DIR_PROPERTY + ")"));
      } else if (d.name().equals(MongoOptions.DATABASE_PROPERTY)) {
        out.add(d.withDefault(EmbeddedServer.DATABASE));
      } else {
        out.add(d);
      }
    }
    out.add(PropertyDef.of(EmbeddedServer.DIR_PROPERTY, EmbeddedServer.DIR_PROPERTY_DEFAULT, "folder of the server's"
        + " H2 data file (created when absent), so a load and a later run see the same data; " + EmbeddedServer.MEMORY
        + " for a throwaway in-memory server"));
    return List.copyOf(out);
  }

  @Override
  public List<PropertyDef> properties() {
    return PROPERTIES;
  }

  /** The server runs inside the client's JVM: its CPU is the client's. */
  @Override
  public site.ycsbx.store.ServerAddress serverAddress(Properties props) {
    return site.ycsbx.store.ServerAddress.THIS_JVM;
  }

  /**
   * The H2 file's bytes (every collection of the server, after a commit): mongo-java-server's
   * collStats gives no bytes; with the in-memory backend nothing is on storage.
   */
  @Override
  public site.ycsbx.store.SizeReport storedSize(Properties props, List<String> tables) {
    EmbeddedServer server = EmbeddedServer.current();
    if (server == null) {
      return new site.ycsbx.store.SizeReport(-1, -1, "the embedded server is not running");
    }
    if (server.location().equals(EmbeddedServer.MEMORY)) {
      return new site.ycsbx.store.SizeReport(-1, -1, "in-memory server: nothing on storage");
    }
    EmbeddedServer.commitRunning();
    try {
      return new site.ycsbx.store.SizeReport(java.nio.file.Files.size(java.nio.file.Path.of(server.location(),
          EmbeddedServer.FILE_NAME)), -1, "the embedded server's H2 file (every collection in it)");
    } catch (java.io.IOException e) {
      return new site.ycsbx.store.SizeReport(-1, -1, "not measured: " + e.getMessage());
    }
  }

  @Override
  public void check(Properties props, Phase phase, StoreDemand demand, Fingerprint fingerprint) {
    if (props.getProperty(MongoOptions.URL_PROPERTY) != null) {
      throw new UserError(MongoOptions.URL_PROPERTY + " is not used by mongodb-embedded, which runs its own server "
          + "(" + EmbeddedServer.DIR_PROPERTY + "); remove it, or use the mongodb binding to reach a server");
    }
    readBefore(props);
    MongoOptions options = MongoOptions.parse(props, PLACEHOLDER_URL);
    // mongo-java-server stores nothing of a w:0 write and breaks its connections under a stream
    // of them: a run would measure writes that never happened
    if (!options.writeConcern().isAcknowledged()) {
      String given = props.getProperty(WriteConcernSetting.PROPERTY, "").trim();
      throw new UserError(WriteConcernSetting.PROPERTY + "=" + given + (given.equalsIgnoreCase("unacknowledged") ? ""
          : " (w:0)") + " is not supported by mongodb-embedded, which "
          + "drops w:0 writes; use acknowledged or journaled, or the mongodb binding against a real server");
    }
    MongoStoreCheck family = familyCheck(demand);
    family.checkOptions(demand, options);
    printNotes(options);
    EmbeddedServer.location(props);
    EmbeddedServer server = EmbeddedServer.start(props);
    inspect(MongoOptions.parse(props, server.url()), demand, family, fingerprint);
    fingerprint.put("server.product", "mongo-java-server " + BuildVersions.mongoJavaServer()
        + " (" + server.backendDescription() + ")");
    fingerprint.put(EmbeddedServer.DIR_PROPERTY, server.location());
  }
}
