package site.ycsbx.db.jdbc.conn;

import java.sql.SQLException;
import java.util.Locale;
import java.util.regex.Pattern;
import org.mariadb.jdbc.Configuration;
import site.ycsbx.util.Secrets;

/**
 * MySQL and MariaDB through MariaDB Connector/J (jdbc:mariadb://): the same SQL as
 * {@link MySqlDialect}, with that driver's options. Measured on MariaDB 10.11 (bench/README.md),
 * it costs the client 0.94x MySQL Connector/J's CPU per point query and 0.56x per 100-row range.
 */
final class MariaDbDialect extends MySqlDialect {
  /**
   * Its batch option: an INSERT batch goes as one COM_STMT_BULK_EXECUTE (MariaDB 10.2+), the
   * rows in binary; the driver's default, named so that the fingerprint's URL says it. The driver
   * has no rewriteBatchedStatements: without bulk it pipelines one INSERT per row.
   */
  static final String BULK_INSERTS = "useBulkStmtsForInserts";
  /** user[:password]@ before the first host. */
  private static final Pattern USERINFO = Pattern.compile("^jdbc:mariadb:(?:[a-z-]+:)?//[^/?@]*@");

  /** Whether the URL names user[:password]@ before the host: the driver would read "user:password" as host and port, and echo the password. */
  static boolean namesUserBeforeHost(String url) {
    return USERINFO.matcher(url).find();
  }

  /**
   * Why MariaDB Connector/J cannot read the URL (no "//", a port or an option value that is not a
   * number or boolean), the password masked; null when it can.
   */
  static String unreadable(String url) {
    try {
      Configuration.parse(url);
      return null;
    } catch (SQLException | RuntimeException e) {
      String why = Secrets.maskUrl(String.valueOf(e.getMessage()).strip().lines().findFirst().orElse(""));
      String password = JdbcUrls.value(url, "password");
      if (password != null && !password.isEmpty()) {
        why = why.replace(password, Secrets.MASK);
      }
      return why;
    }
  }

  @Override
  public String connectionUrl(String url, boolean rewriteBatches) {
    String u = rewriteBatches ? JdbcUrls.withOption(url, BULK_INSERTS, "true") : url;
    String lower = u.toLowerCase(Locale.ROOT);
    // a Unix socket or a named pipe: the driver makes that socket itself and never asks a factory
    boolean local = lower.contains("localsocket=") || lower.contains("pipe=");
    if (!local && !JdbcUrls.has(u, "socketFactory")) {
      u = JdbcUrls.withOption(u, "socketFactory", WatchedSockets.MARIADB_FACTORY);
      // its default connectTimeout (30 s) is also the handshake's socket timeout, which leaves the
      // socket non-blocking for good (strace: 0.7 empty reads and polls a query); the watchdog
      // bounds the connect and the handshake instead
      return JdbcUrls.withOption(u, "connectTimeout", "0");
    }
    u = JdbcUrls.withOption(u, "connectTimeout", String.valueOf(HandshakeWatchdog.CONNECT_TIMEOUT_SECONDS * 1000));
    return JdbcUrls.withOption(u, "socketTimeout", String.valueOf(HandshakeWatchdog.CONNECT_TIMEOUT_SECONDS * 1000));
  }

  @Override
  public String batchRewriteOption() {
    return BULK_INSERTS;
  }

  @Override
  public boolean batchesByDefault() {
    return true;
  }

  /** Its option names are read in any case. */
  @Override
  String option(String url, String name) {
    return JdbcUrls.value(url, name, true);
  }

  @Override
  String driverName() {
    return "MariaDB Connector/J";
  }

  @Override
  String watchedSocketFactory() {
    return WatchedSockets.MARIADB_FACTORY;
  }
}
