package site.ycsbx.db.jdbc.embedded;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import site.ycsbx.db.jdbc.JdbcPreflight;
import site.ycsbx.db.jdbc.conn.JdbcOptions;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.Preflight;
import site.ycsbx.store.ServerAddress;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.util.PropertyDef;
import site.ycsbx.util.UserError;

/**
 * The checks of {@code postgres-embedded}: every option first, with a stand-in for the server's URL
 * (nothing is created for bad input), then the data folder (refused unless absent, empty or made
 * by postgres-embedded for this major version), then the JVM's server is started and inspected
 * like any PostgreSQL server by the jdbc binding's preflight.
 */
public final class EmbeddedPostgresPreflight implements Preflight {
  // the options are checked against a PostgreSQL URL (the dialect decides what jdbc.* accepts)
  // before the server and its folder exist
  private static final String PLACEHOLDER_URL = "jdbc:postgresql://127.0.0.1/" + EmbeddedPostgres.DATABASE;
  /** Set by the binding; given by the user, they would be silently overridden. */
  private static final List<String> SERVER_PROPERTIES = List.of(JdbcOptions.URL_PROPERTY, JdbcOptions.USER_PROPERTY,
      JdbcOptions.PASSWORD_PROPERTY);

  private final JdbcPreflight jdbc = new JdbcPreflight("another folder (" + DataFolder.DIR_PROPERTY + ")");

  @Override
  public Set<String> propertyPrefixes() {
    Set<String> prefixes = new HashSet<>(jdbc.propertyPrefixes());
    prefixes.add("postgres.");
    return prefixes;
  }

  /**
   * The jdbc binding's properties and the server's folder; those the binding sets stay known, so
   * that setting one is refused with why (the server is its own) rather than as a misspelling.
   */
  @Override
  public List<PropertyDef> properties() {
    List<PropertyDef> out = new ArrayList<>();
    for (PropertyDef d : jdbc.properties()) {
      if (SERVER_PROPERTIES.contains(d.name())) {
        out.add(new PropertyDef(d.name(), PropertyDef.NONE, "refused: postgres-embedded runs its own server ("
            + DataFolder.DIR_PROPERTY + ")"));
      } else if (d.name().equals(JdbcOptions.ENGINE_PROPERTY)) {
        out.add(new PropertyDef(d.name(), PropertyDef.NONE, "refused: PostgreSQL's tables have no engine"));
      } else {
        out.add(d);
      }
    }
    out.add(PropertyDef.of(DataFolder.DIR_PROPERTY, DataFolder.DIR_PROPERTY_DEFAULT, "folder of the server's data"
        + " (created when absent), so a load and a later run see the same data"));
    return out;
  }

  /** The JVM's running server (started by {@link #check}); unknown before it runs. */
  @Override
  public ServerAddress serverAddress(Properties props) {
    EmbeddedPostgres server = EmbeddedPostgres.current();
    return server == null ? ServerAddress.UNKNOWN : ServerAddress.of("127.0.0.1", server.port(), true);
  }

  /** Measured on the JVM's running server as the jdbc binding measures any PostgreSQL. */
  @Override
  public site.ycsbx.store.SizeReport storedSize(Properties props, List<String> tables) {
    EmbeddedPostgres server = EmbeddedPostgres.current();
    if (server == null) {
      return new site.ycsbx.store.SizeReport(-1, -1, "the embedded server is not running");
    }
    return jdbc.storedSize(server.clientProperties(props), tables);
  }

  @Override
  public void check(Properties props, Phase phase, StoreDemand demand, Fingerprint fingerprint) {
    for (String p : SERVER_PROPERTIES) {
      if (props.getProperty(p) != null) {
        throw new UserError(p + " is not used by postgres-embedded, which runs its own server (" + DataFolder.DIR_PROPERTY
            + "); remove it, or use the jdbc binding to reach a server");
      }
    }
    if (!props.getProperty(JdbcOptions.ENGINE_PROPERTY, "").isBlank()) {
      throw new UserError(JdbcOptions.ENGINE_PROPERTY + "=" + props.getProperty(JdbcOptions.ENGINE_PROPERTY).trim()
          + " names a MySQL/MariaDB storage engine; postgres-embedded runs PostgreSQL, whose tables have none: remove "
          + JdbcOptions.ENGINE_PROPERTY);
    }
    Properties placeholder = new Properties();
    placeholder.putAll(props);
    placeholder.setProperty(JdbcOptions.URL_PROPERTY, PLACEHOLDER_URL);
    JdbcOptions.parse(placeholder);
    if (phase == Phase.RUN && EmbeddedPostgres.current() == null
        && DataFolder.inspect(props, PostgresBinaries.located().major()).state() == DataFolder.State.NEW) {
      // a run needs what a load left: no data folder is made for it
      throw UserError.target(DataFolder.DIR_PROPERTY + "=" + DataFolder.location(props) + " holds no data yet; run"
          + " bin/ycsb load postgres-embedded with the same properties first");
    }
    EmbeddedPostgres server = EmbeddedPostgres.start(props);
    jdbc.check(server.clientProperties(props), phase, demand, fingerprint);
    // the port is a free one chosen at each start, not part of the setup: two runs on one folder
    // must compare as the same setup (compare counts every differing entry as a dimension)
    String url = fingerprint.get("db.url");
    if (url != null) {
      fingerprint.put("db.url", url.replace("127.0.0.1:" + server.port() + "/", "127.0.0.1:(a free port)/"));
    }
    fingerprint.put("server.embedded", server.describe());
    fingerprint.put("server.settings", server.describeSettings());
    fingerprint.put(DataFolder.DIR_PROPERTY, server.dir());
  }
}
