package site.ycsbx.db.jdbc;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;
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
  /** Rows per INSERT round trip in a load (a run sends each insert on its own); 1: no batching. */
  public static final String BATCH_SIZE_PROPERTY = "db.batchsize";
  public static final int BATCH_SIZE_PROPERTY_DEFAULT = 1;
  /** false: the client commits once per operation, and once per batch. */
  public static final String AUTOCOMMIT_PROPERTY = "jdbc.autocommit";
  public static final boolean AUTOCOMMIT_PROPERTY_DEFAULT = true;
  /** Rows a scan fetches per round trip; 0 leaves the driver's default. */
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
  public static final Set<String> KNOWN = Set.of(DRIVER_PROPERTY, URL_PROPERTY, USER_PROPERTY, PASSWORD_PROPERTY,
      BATCH_SIZE_PROPERTY, AUTOCOMMIT_PROPERTY, FETCH_SIZE_PROPERTY, ENGINE_PROPERTY);

  /** Table, column and engine names go into SQL unquoted: plain identifiers only. */
  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,63}");

  private final String url;
  private final String user;
  private final String password;
  private final int batchSize;
  private final boolean autocommit;
  private final int fetchSize;
  private final String engine;
  private final String table;
  private final List<String> fieldNames;
  private final SqlDialect dialect;

  private JdbcOptions(Properties p) {
    url = Props.get(p, URL_PROPERTY, "").trim();
    dialect = SqlDialect.forUrl(url);
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
    batchSize = Props.getInt(p, BATCH_SIZE_PROPERTY, BATCH_SIZE_PROPERTY_DEFAULT, 1, Integer.MAX_VALUE);
    autocommit = Props.getBoolean(p, AUTOCOMMIT_PROPERTY, AUTOCOMMIT_PROPERTY_DEFAULT);
    fetchSize = Props.getInt(p, FETCH_SIZE_PROPERTY, FETCH_SIZE_PROPERTY_DEFAULT, 0, Integer.MAX_VALUE);
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

  /** Whether a table or column name is a plain SQL name that can be used unquoted. */
  public static boolean isIdentifier(String s) {
    return s != null && IDENTIFIER.matcher(s).matches();
  }

  /** The URL the driver gets: the user's plus the binding's driver options. */
  String connectionUrl() {
    return dialect.connectionUrl(url);
  }

  /** Whether the server runs on this host (see {@link JdbcUrls#isLocal}); resolves the URL's host names. */
  public boolean serverIsLocal() {
    return JdbcUrls.isLocal(url);
  }

  /** The server's TCP port on its first host (see {@link JdbcUrls#port}); -1 for a socket. */
  public int serverPort() {
    return JdbcUrls.port(url);
  }

  /** The user's URL with any password masked, for messages. */
  public String maskedUrl() {
    return Secrets.maskUrl(url);
  }

  String user() {
    return user;
  }

  String password() {
    return password;
  }

  public int batchSize() {
    return batchSize;
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
