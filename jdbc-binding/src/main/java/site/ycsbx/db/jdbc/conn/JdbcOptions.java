package site.ycsbx.db.jdbc.conn;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;
import site.ycsbx.faults.OperationTimeout;
import site.ycsbx.faults.Reconnect;
import site.ycsbx.util.PropertyDef;
import site.ycsbx.util.Props;
import site.ycsbx.util.Secrets;
import site.ycsbx.util.UserError;

/**
 * The JDBC binding's options (YCSB's JDBC property names, plus {@code jdbc.engine}), checked
 * strictly: the preflight and every client thread read them through here.
 */
public final class JdbcOptions {
  /** Driver class; optional, JDBC 4 drivers are found from the URL. */
  public static final String DRIVER_PROPERTY = "db.driver";
  public static final String URL_PROPERTY = "db.url";
  public static final String USER_PROPERTY = "db.user";
  public static final String USER_PROPERTY_DEFAULT = "";
  public static final String PASSWORD_PROPERTY = "db.passwd";
  public static final String PASSWORD_PROPERTY_DEFAULT = "";
  /**
   * Rows per INSERT round trip in a load (a run sends each insert on its own); 1: no batching
   * (0 and below too, as in YCSB 0.17). With {@value #BATCH_UPDATE_API_PROPERTY}=false: rows per
   * commit, as in YCSB 0.17.
   */
  public static final String BATCH_SIZE_PROPERTY = "db.batchsize";
  public static final int BATCH_SIZE_PROPERTY_DEFAULT = 1;
  /**
   * YCSB 0.17's switch. Unset: a load's batch of {@value #BATCH_SIZE_PROPERTY} rows goes through
   * addBatch/executeBatch with the driver's multi-row rewrite turned on (one multi-row INSERT per
   * batch). true: the same calls, but the driver sends them as {@value #URL_PROPERTY} says (no
   * rewrite added: one INSERT per row unless the URL turns it on), as in 0.17. false: one INSERT
   * per row (executeUpdate), and with {@value #AUTOCOMMIT_PROPERTY}=false a commit every
   * {@value #BATCH_SIZE_PROPERTY} rows, as in 0.17.
   */
  public static final String BATCH_UPDATE_API_PROPERTY = "jdbc.batchupdateapi";
  /** false: the client commits once per operation, and once per batch. */
  public static final String AUTOCOMMIT_PROPERTY = "jdbc.autocommit";
  public static final boolean AUTOCOMMIT_PROPERTY_DEFAULT = true;
  /** Rows a scan fetches per round trip; 0 (or below, as YCSB 0.17's -1) leaves the driver's default. */
  public static final String FETCH_SIZE_PROPERTY = "jdbc.fetchsize";
  public static final int FETCH_SIZE_PROPERTY_DEFAULT = 0;
  /** MySQL/MariaDB storage engine for the tables the binding creates; empty: the server's default. */
  public static final String ENGINE_PROPERTY = "jdbc.engine";
  // YCSB CoreWorkload's properties that decide the table's shape
  public static final String TABLE_PROPERTY = "table";
  public static final String TABLE_PROPERTY_DEFAULT = "usertable";
  public static final String FIELD_COUNT_PROPERTY = "fieldcount";
  public static final int FIELD_COUNT_PROPERTY_DEFAULT = 10;
  public static final String FIELD_NAME_PREFIX_PROPERTY = "fieldnameprefix";
  public static final String FIELD_NAME_PREFIX_PROPERTY_DEFAULT = "field";

  /** Properties under db. and jdbc. that this binding reads. */
  public static final List<PropertyDef> PROPERTIES = List.of(
      new PropertyDef(URL_PROPERTY, "required", "jdbc:mysql://host:port/db (MySQL Connector/J),"
          + " jdbc:mariadb://host:port/db (MariaDB Connector/J) or jdbc:postgresql://host:port/db; a load creates db"
          + " when the server lacks it"),
      new PropertyDef(DRIVER_PROPERTY, "found from the URL", "a JDBC driver class on the class path"),
      new PropertyDef(USER_PROPERTY, "the URL's", "user name"),
      new PropertyDef(PASSWORD_PROPERTY, "empty", "password (masked everywhere)"),
      PropertyDef.of(BATCH_SIZE_PROPERTY, BATCH_SIZE_PROPERTY_DEFAULT, "rows per batched INSERT of a load, timed as"
          + " INSERT_BATCH (with " + BATCH_UPDATE_API_PROPERTY + "=false: rows per commit)"),
      new PropertyDef(BATCH_UPDATE_API_PROPERTY, "not set", "YCSB 0.17's switch: true, batches sent as the URL's"
          + " driver options say; false, one INSERT per row"),
      PropertyDef.of(AUTOCOMMIT_PROPERTY, AUTOCOMMIT_PROPERTY_DEFAULT, "false: the client commits after each"
          + " operation and each batch"),
      new PropertyDef(FETCH_SIZE_PROPERTY, "driver default", "rows per fetch in scans; 0 or less: the driver's"
          + " default"),
      new PropertyDef(ENGINE_PROPERTY, "server default", "MySQL/MariaDB: the engine of the tables created (InnoDB,"
          + " RocksDB, ...); an existing table with another is refused"));
  /** Their names. */
  public static final Set<String> KNOWN = PropertyDef.names(PROPERTIES);

  /** Table, column and engine names go into SQL unquoted: plain identifiers only. */
  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,63}");

  private final String url;
  private final String user;
  private final String password;
  private final int batchSize;
  private final int commitEvery;
  private final Boolean batchUpdateApi;
  private final boolean autocommit;
  private final int fetchSize;
  private final String engine;
  private final String table;
  private final List<String> fieldNames;
  private final SqlDialect dialect;
  private final List<String> notes = new ArrayList<>();
  private final int opTimeoutSeconds;
  private final Reconnect reconnect;

  private JdbcOptions(Properties p) {
    url = Props.get(p, URL_PROPERTY, "").trim();
    if (url.contains(";jdbc:")) {
      throw new UserError(URL_PROPERTY + " holds " + url.split(";jdbc:").length + " URLs separated by ';' (YCSB 0.17's "
          + "sharding of keys across servers), which YCSB-X does not do; give one URL");
    }
    dialect = dialectFor(url);
    String driver = p.getProperty(DRIVER_PROPERTY, "").trim();
    if (!driver.isEmpty()) {
      try {
        Class.forName(driver);
      } catch (ClassNotFoundException | LinkageError e) {
        throw new UserError(DRIVER_PROPERTY + "=" + driver + " is not on the class path; leave "
            + DRIVER_PROPERTY + " unset (the driver is found from " + URL_PROPERTY + ")");
      }
    }
    user = Props.get(p, USER_PROPERTY, USER_PROPERTY_DEFAULT);
    password = Props.get(p, PASSWORD_PROPERTY, PASSWORD_PROPERTY_DEFAULT);
    autocommit = Props.getBoolean(p, AUTOCOMMIT_PROPERTY, AUTOCOMMIT_PROPERTY_DEFAULT);
    batchUpdateApi = p.getProperty(BATCH_UPDATE_API_PROPERTY, "").isBlank() ? null
        : Props.getBoolean(p, BATCH_UPDATE_API_PROPERTY, false);
    int asked = batchSizeAsked(p);
    if (Boolean.FALSE.equals(batchUpdateApi)) {
      batchSize = 1;
      commitEvery = commitEvery(asked);
    } else {
      batchSize = asked;
      commitEvery = 1;
    }
    if (Boolean.TRUE.equals(batchUpdateApi)) {
      boolean rewritten = JdbcUrls.has(url, dialect.batchRewriteOption());
      notes.add(BATCH_UPDATE_API_PROPERTY + "=true (YCSB 0.17's option): a load sends " + BATCH_SIZE_PROPERTY + "="
          + batchSize + " rows per executeBatch() as the driver does by " + URL_PROPERTY + " ("
          + (rewritten ? dialect.batchRewriteOption() + " set there" : dialect.batchesByDefault()
          ? "one bulk INSERT a batch: the driver's default " + dialect.batchRewriteOption() + "=true"
          : "one INSERT per row: YCSB-X adds no " + dialect.batchRewriteOption() + "=true") + ")");
    }
    // YCSB 0.17 sets a fetch size only above 0 (its default is -1)
    fetchSize = p.getProperty(FETCH_SIZE_PROPERTY, "").isBlank() ? FETCH_SIZE_PROPERTY_DEFAULT
        : Math.max(0, wholeNumber(p, FETCH_SIZE_PROPERTY, 0));
    String e = p.getProperty(ENGINE_PROPERTY, "").trim();
    if (e.isEmpty()) {
      engine = null;
    } else if (!dialect.hasEngines()) {
      throw new UserError(ENGINE_PROPERTY + "=" + e + " names a MySQL/MariaDB storage engine, but " + URL_PROPERTY
          + " is a " + dialect.family() + " URL, whose tables have no ENGINE option; remove " + ENGINE_PROPERTY);
    } else if (!IDENTIFIER.matcher(e).matches()) {
      throw new UserError(ENGINE_PROPERTY + "=" + e + " is not an engine name; " + ENGINE_PROPERTY
          + " accepts an engine of the server, e.g. InnoDB, RocksDB, Aria, MyISAM");
    } else {
      engine = e;
    }
    table = identifier(p, TABLE_PROPERTY, TABLE_PROPERTY_DEFAULT);
    int fieldCount = Props.getInt(p, FIELD_COUNT_PROPERTY, FIELD_COUNT_PROPERTY_DEFAULT, 1, 1000);
    String prefix = identifier(p, FIELD_NAME_PREFIX_PROPERTY, FIELD_NAME_PREFIX_PROPERTY_DEFAULT);
    List<String> names = new ArrayList<>(fieldCount);
    for (int i = 0; i < fieldCount; i++) {
      names.add(prefix + i);
    }
    fieldNames = Collections.unmodifiableList(names);
    opTimeoutSeconds = OperationTimeout.seconds(p);
    reconnect = Reconnect.of(p);
  }

  /** db.batchsize, 1 when unset; 0 and below are YCSB 0.17's "no batching", except with the batch API. */
  private int batchSizeAsked(Properties p) {
    String raw = p.getProperty(BATCH_SIZE_PROPERTY, "");
    if (raw.isBlank()) {
      if (Boolean.TRUE.equals(batchUpdateApi)) {
        throw new UserError(BATCH_UPDATE_API_PROPERTY + "=true needs " + BATCH_SIZE_PROPERTY + " (rows per "
            + "executeBatch): without it YCSB 0.17 held every row of the load in one batch until the end; set "
            + BATCH_SIZE_PROPERTY + " to a whole number >= 1");
      }
      return BATCH_SIZE_PROPERTY_DEFAULT;
    }
    int v = wholeNumber(p, BATCH_SIZE_PROPERTY, 1);
    if (v >= 1) {
      return v;
    }
    if (Boolean.TRUE.equals(batchUpdateApi)) {
      throw new UserError(BATCH_SIZE_PROPERTY + "=" + raw.trim() + " with " + BATCH_UPDATE_API_PROPERTY + "=true would "
          + "hold every row of the load in one batch until the end, as YCSB 0.17 did; " + BATCH_SIZE_PROPERTY
          + " accepts a whole number >= 1 there");
    }
    notes.add(BATCH_SIZE_PROPERTY + "=" + raw.trim() + " (YCSB 0.17: no batching) read as " + BATCH_SIZE_PROPERTY + "=1");
    return 1;
  }

  /**
   * A set int property that YCSB 0.17 also took below {@code shownMin} (meaning "not used"); a
   * non-number is refused saying what is meant to be given.
   */
  private static int wholeNumber(Properties p, String key, int shownMin) {
    String s = p.getProperty(key).trim();
    try {
      return Integer.parseInt(s.replace("_", ""));
    } catch (NumberFormatException e) {
      throw new UserError(key + "=" + s + " is not a whole number; " + key + " accepts a whole number >= " + shownMin);
    }
  }

  /** jdbc.batchupdateapi=false: YCSB 0.17's db.batchsize is rows per commit, meaningless with autocommit. */
  private int commitEvery(int asked) {
    if (asked <= 1) {
      return 1;
    }
    if (autocommit) {
      throw new UserError(BATCH_SIZE_PROPERTY + "=" + asked + " does nothing with " + BATCH_UPDATE_API_PROPERTY
          + "=false and " + AUTOCOMMIT_PROPERTY + "=true (YCSB 0.17 ignored it); remove " + BATCH_UPDATE_API_PROPERTY
          + "=false to send " + asked + " rows per batched INSERT, set " + AUTOCOMMIT_PROPERTY + "=false to commit"
          + " every " + asked + " rows, or remove " + BATCH_SIZE_PROPERTY);
    }
    notes.add(BATCH_UPDATE_API_PROPERTY + "=false (YCSB 0.17's option) with " + BATCH_SIZE_PROPERTY + "=" + asked
        + " and " + AUTOCOMMIT_PROPERTY + "=false: a load sends one INSERT per row and commits every " + asked
        + " rows");
    return asked;
  }

  /** Reads and checks every option; a {@link UserError} naming the first bad one. */
  public static JdbcOptions parse(Properties p) {
    return new JdbcOptions(p);
  }

  private static String identifier(Properties p, String key, String def) {
    String v = p.getProperty(key, def).trim();
    if (!isIdentifier(v)) {
      throw new UserError(key + "=" + v + " is not a plain SQL name; " + key
          + " accepts letters, digits and _ (not starting with a digit), up to 64 characters");
    }
    return v;
  }

  /** The dialect for a JDBC URL; a {@link UserError} naming db.url when none fits. */
  public static SqlDialect dialectFor(String url) {
    String shown = Secrets.maskUrl(url);
    if (url == null || url.isBlank()) {
      throw new UserError(URL_PROPERTY + " is not set; " + URL_PROPERTY + " accepts " + SqlDialect.ACCEPTED_URLS);
    }
    if (!url.startsWith("jdbc:") || url.indexOf(':', 5) < 0) {
      throw new UserError(URL_PROPERTY + "=" + shown + " is not a JDBC URL; "
          + URL_PROPERTY + " accepts " + SqlDialect.ACCEPTED_URLS);
    }
    String scheme = url.substring(5, url.indexOf(':', 5));
    switch (scheme) {
      case "mysql":
        return new MySqlDialect();
      case "postgresql":
        return new PostgresDialect();
      case "mariadb":
        return mariaDb(url);
      default:
        throw new UserError(URL_PROPERTY + "=" + shown + " is for '" + scheme + "', which YCSB-X has no SQL dialect for; "
            + URL_PROPERTY + " accepts " + SqlDialect.ACCEPTED_URLS);
    }
  }

  /**
   * The dialect of a jdbc:mariadb:// URL the driver can read: one it cannot is the user's input,
   * refused in one line before anything connects, not a target that failed.
   */
  private static SqlDialect mariaDb(String url) {
    if (MariaDbDialect.namesUserBeforeHost(url)) {
      throw new UserError(URL_PROPERTY + "=" + Secrets.maskUrl(url) + " names a user before the host,"
          + " which MariaDB Connector/J does not read; give it as " + USER_PROPERTY + " and "
          + PASSWORD_PROPERTY + " (or ?user=...&password=... in the URL)");
    }
    String why = MariaDbDialect.unreadable(url);
    if (why != null) {
      throw new UserError(URL_PROPERTY + "=" + Secrets.maskUrl(url) + " is not a URL MariaDB Connector/J"
          + " reads (" + why + "); " + URL_PROPERTY + " accepts " + SqlDialect.ACCEPTED_URLS);
    }
    return new MariaDbDialect();
  }

  /** Whether a table or column name is a plain SQL name that can be used unquoted. */
  public static boolean isIdentifier(String s) {
    return s != null && IDENTIFIER.matcher(s).matches();
  }

  /**
   * The URL the driver gets: the user's plus the binding's driver options (no batch rewrite
   * with {@value #BATCH_UPDATE_API_PROPERTY}=true, as YCSB 0.17), and server-side prepared
   * statements where the preflight found that they fit ({@link SqlDialect#serverStatementsUrl}).
   */
  public String connectionUrl() {
    String u = dialect.connectionUrl(url, !Boolean.TRUE.equals(batchUpdateApi));
    return PreparedOnServer.allowed(url, user) ? dialect.serverStatementsUrl(u) : u;
  }

  /** db.url as the user gave it. */
  String userUrl() {
    return url;
  }

  /** Whether the user's URL sets the driver's socket timeout (then the binding leaves it alone). */
  boolean socketTimeoutInUrl() {
    return JdbcUrls.has(url, "socketTimeout");
  }

  /** {@value OperationTimeout#PROPERTY} in seconds; 0: none. */
  public int opTimeoutSeconds() {
    return opTimeoutSeconds;
  }

  /**
   * A client thread's socket read timeout in ms: 0 (none) unless an operation timeout is set.
   * The socket, not Statement.setQueryTimeout: Connector/J cancels a query through a second
   * connection, which a frozen server never answers; an abandoned connection is re-opened.
   */
  int networkTimeoutMillis() {
    return opTimeoutSeconds * 1000;
  }

  /** How a client thread re-opens a connection the server broke. */
  public Reconnect reconnect() {
    return reconnect;
  }

  /** Whether the server runs on this host (see {@link JdbcUrls#isLocal}); resolves the URL's host names. */
  public boolean serverIsLocal() {
    return JdbcUrls.isLocal(url);
  }

  /** The server's TCP port on its first host (see {@link JdbcUrls#port}); -1 for a socket. */
  public int serverPort() {
    return JdbcUrls.port(url);
  }

  /** The first host the URL names (localhost when it names none). */
  public String serverHost() {
    return JdbcUrls.hosts(url).get(0);
  }

  /** The user's URL with any password masked, for messages. */
  public String maskedUrl() {
    return Secrets.maskUrl(url);
  }

  public String user() {
    return user;
  }

  String password() {
    return password;
  }

  public int batchSize() {
    return batchSize;
  }

  /** Inserts per commit in a load (above 1 only with jdbc.batchupdateapi=false and autocommit off). */
  public int commitEvery() {
    return commitEvery;
  }

  /** jdbc.batchupdateapi as given, or null when unset. */
  public Boolean batchUpdateApi() {
    return batchUpdateApi;
  }

  /** What {@value #BATCH_UPDATE_API_PROPERTY} means for this run, for the fingerprint. */
  public String describeBatchUpdateApi() {
    if (batchUpdateApi == null) {
      return "not set (" + (batchSize > 1 ? BATCH_SIZE_PROPERTY + " rows per executeBatch, sent as one "
          + (dialect.batchesByDefault() ? "bulk INSERT (COM_STMT_BULK_EXECUTE)" : "multi-row INSERT")
          + (JdbcUrls.has(url, dialect.batchRewriteOption()) ? " if " + dialect.batchRewriteOption() + " in "
          + URL_PROPERTY + " allows" : "") : "no batching") + ")";
    }
    if (batchUpdateApi) {
      return "true (" + BATCH_SIZE_PROPERTY + " rows per executeBatch, sent as " + URL_PROPERTY + "'s "
          + dialect.batchRewriteOption() + " says)";
    }
    return "false (one INSERT per row" + (commitEvery > 1 ? ", a commit every " + commitEvery + " rows" : "") + ")";
  }

  /** Lines saying how YCSB 0.17's meanings were read; the preflight prints them once. */
  public List<String> notes() {
    return Collections.unmodifiableList(notes);
  }

  public boolean autocommit() {
    return autocommit;
  }

  public int fetchSize() {
    return fetchSize;
  }

  /** The engine asked for, or null for the server's default. */
  public String engine() {
    return engine;
  }

  public String table() {
    return table;
  }

  /** YCSB's field names, in order: prefix0 .. prefixN-1. */
  public List<String> fieldNames() {
    return fieldNames;
  }

  public SqlDialect dialect() {
    return dialect;
  }
}
