package site.ycsbx.db.mongodb;

import java.util.HashSet;
import java.util.Properties;
import java.util.Set;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.util.UserError;

/**
 * The checks of {@code mongodb-embedded}: every option first (nothing is created for bad input),
 * then the JVM's embedded server is started and inspected like any MongoDB server.
 */
public final class EmbeddedMongoPreflight extends MongoPreflight {
  // stands in for the server's URL (same database, so the same database names) to check the
  // options, the family's included, before the server and its folder exist
  private static final String PLACEHOLDER_URL = "mongodb://127.0.0.1/" + EmbeddedServer.DATABASE;

  @Override
  public Set<String> knownProperties() {
    Set<String> known = new HashSet<>(super.knownProperties());
    known.add(EmbeddedServer.DIR_PROPERTY);
    return known;
  }

  /** The server runs inside the client's JVM: its CPU is the client's. */
  @Override
  public site.ycsbx.store.ServerAddress serverAddress(Properties props) {
    return site.ycsbx.store.ServerAddress.THIS_JVM;
  }

  @Override
  public void check(Properties props, Phase phase, StoreDemand demand, Fingerprint fingerprint) {
    if (props.getProperty(MongoOptions.URL_PROPERTY) != null) {
      throw new UserError(MongoOptions.URL_PROPERTY + " is not used by mongodb-embedded, which runs its own server "
          + "(" + EmbeddedServer.DIR_PROPERTY + "); remove it, or use the mongodb binding to reach a server");
    }
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
