package site.ycsbx.db.mongodb;

import com.mongodb.ConnectionString;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListSet;

/**
 * A real MongoDB the user named in the environment ({@link ServerChoice}): a mongod, a replica set
 * or a mongos. It connects only when a test asks for a client or runs the binding, and drops on
 * {@link #close()} every database a test reached through {@link #url(String)} and those the binding
 * derived from them: the tests' names are fresh per JVM, and on a server that outlives the suite
 * they would pile up.
 */
public final class RealServer implements MongoUnderTest {
  private final String url;
  private final Set<String> named = new ConcurrentSkipListSet<>();

  /** Refuses a value the driver cannot parse, naming the variable and never the value (it may hold a password). */
  RealServer(String variable, String url) {
    ConnectionString parsed;
    try {
      parsed = new ConnectionString(url);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(variable + " is not a MongoDB connection string (mongodb://host:port or"
          + " mongodb+srv://host): unset it to run against the in-process server", null);
    }
    if (parsed.getHosts().isEmpty()) {
      throw new IllegalArgumentException(variable + " names no host");
    }
    this.url = url;
  }

  @Override
  public boolean real() {
    return true;
  }

  /**
   * The user's string with {@code database} as its path, options kept. With a user and no
   * authSource the driver would log in to {@code database}, where the account does not exist: the
   * login database stays the one the user's string meant (its path, else admin).
   */
  @Override
  public String url(String database) {
    named.add(database);
    return withDatabase(url, database);
  }

  static String withDatabase(String url, String database) {
    int hostsStart = url.indexOf("://") + 3;
    int slash = url.indexOf('/', hostsStart);
    int question = url.indexOf('?', hostsStart);
    int hostsEnd = slash >= 0 && (question < 0 || slash < question) ? slash : question >= 0 ? question : url.length();
    String hosts = url.substring(0, hostsEnd);
    String query = question >= 0 ? url.substring(question + 1) : "";
    String path = slash >= 0 && (question < 0 || slash < question)
        ? url.substring(slash + 1, question >= 0 ? question : url.length()) : "";
    boolean user = url.substring(hostsStart, hostsEnd).contains("@");
    if (user && !query.matches("(?i)(.*&)?authSource=.*")) {
      String login = "authSource=" + (path.isEmpty() ? "admin" : path);
      query = query.isEmpty() ? login : query + "&" + login;
    }
    return hosts + "/" + database + (query.isEmpty() ? "" : "?" + query);
  }

  @Override
  public MongoClient client() {
    return MongoClients.create(url);
  }

  @Override
  public void close() {
    if (named.isEmpty()) {
      return;
    }
    try (MongoClient c = client()) {
      for (String database : leftBy(named, c.listDatabaseNames().into(new java.util.ArrayList<>()))) {
        c.getDatabase(database).drop();
      }
    }
  }

  /**
   * The databases of {@code existing} the tests made: those they named, and those the binding
   * derived from one (mongodb.databasePerCollection's {@code <database>_<collection>}).
   */
  static java.util.List<String> leftBy(Set<String> named, java.util.Collection<String> existing) {
    return existing.stream().filter(d -> named.stream().anyMatch(n -> d.equals(n) || d.startsWith(n + "_")))
        .sorted().toList();
  }

  @Override
  public String toString() {
    return "a real server (" + String.join(",", new ConnectionString(url).getHosts()) + ")";
  }
}
