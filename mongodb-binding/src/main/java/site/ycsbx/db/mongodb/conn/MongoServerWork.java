package site.ycsbx.db.mongodb.conn;

import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import site.ycsbx.store.ServerWork;

/**
 * MongoDB's counters of operations, for {@link ServerWork}: serverStatus {@code opcounters}
 * ({@code insert} per document, {@code update} and {@code delete} per statement: rows written;
 * {@code query} and {@code getmore}: rows read), which are the whole server's. This run's share
 * is counted in the same units as this JVM's clients send the commands ({@link SentWork#LISTENER}, on
 * every client the binding opens); its aggregates count as its reads whichever way the server
 * counts them, so that a server that counts them as commands errs towards this run, not others. {@code opcounters.command} is left out: the drivers' monitors
 * send a hello every few seconds on connections no listener sees, which would mark a long load
 * that reads nothing. A server without opcounters (mongo-java-server, the embedded binding's) or
 * a user without the role to read serverStatus gives no figures: not measured, said in the source.
 */
public final class MongoServerWork implements ServerWork.Source {
  private static final List<String> WRITES = List.of("insert", "update", "delete");
  private static final List<String> READS = List.of("query", "getmore");
  private static final int TIMEOUT_SECONDS = 5;

  private final MongoClient client;
  private final String url;
  private volatile String why;
  private long[] first;
  private long[] latest;

  /** A source reading serverStatus on {@code client}; {@code url} is redacted from its errors. */
  MongoServerWork(MongoClient client, String url) {
    this.client = client;
    this.url = url;
  }

  /** A source that reads nothing, for this reason. */
  private MongoServerWork(String why) {
    this(null, "");
    this.why = why;
  }

  /**
   * Offers the source; called by the preflight with its serverStatus (null when it failed, then
   * {@code whyNoStatus} says why). A server whose serverStatus has no opcounters, or that refused it,
   * gets a source that says so and opens no connection.
   */
  public static void offer(MongoOptions options, Document status, String whyNoStatus) {
    if (status == null) {
      ServerWork.offer(() -> new MongoServerWork(whyNoStatus));
    } else if (opcounters(status.get("opcounters")) == null) {
      ServerWork.offer(() -> new MongoServerWork(noOpcounters(status)));
    } else {
      ServerWork.offer(() -> new MongoServerWork(MongoConnection.newClient(options, b -> b
          .applyToClusterSettings(s -> s.serverSelectionTimeout(TIMEOUT_SECONDS, TimeUnit.SECONDS))
          .applyToSocketSettings(s -> s.connectTimeout(TIMEOUT_SECONDS, TimeUnit.SECONDS)
              .readTimeout(TIMEOUT_SECONDS, TimeUnit.SECONDS))), options.url()));
    }
  }

  private static String noOpcounters(Document status) {
    return "serverStatus has no opcounters (" + status.get("process", "a server") + ")";
  }

  @Override
  public String describe() {
    String w = why;
    return w != null ? "not measured: " + w
        : "MongoDB serverStatus opcounters insert+update+delete, query+getmore (this run's: the commands it sent)";
  }

  @Override
  public Map<String, Long> wholeServer() {
    if (client == null) {
      return Map.of();
    }
    long[] mine = SentWork.sent();
    Document status;
    try {
      status = client.getDatabase("admin").runCommand(new Document("serverStatus", 1));
    } catch (MongoException | IllegalStateException e) {
      why = "serverStatus failed: " + MongoOptions.redact(MongoErrors.describe(e), url);
      latest = null;
      return Map.of();
    }
    long[] server = opcounters(status.get("opcounters"));
    if (server == null) {
      why = noOpcounters(status);
      latest = null;
      return Map.of();
    }
    if (first == null) {
      first = mine;
    }
    latest = mine;
    return ServerWork.counters(server[0], server[1]);
  }

  /** Reports what this JVM's clients sent from the first read to the latest as this run's work. */
  @Override
  public void close() {
    if (first != null && latest != null) {
      ServerWork.sessionEnded(ServerWork.counters(latest[0] - first[0], latest[1] - first[1]));
    }
    if (client != null) {
      client.close();
    }
  }

  /** Rows written and read from serverStatus' opcounters section; null when it lacks one. */
  static long[] opcounters(Object section) {
    if (!(section instanceof Document)) {
      return null;
    }
    Document d = (Document) section;
    long[] out = new long[2];
    for (String k : WRITES) {
      if (!(d.get(k) instanceof Number)) {
        return null;
      }
      out[0] += ((Number) d.get(k)).longValue();
    }
    for (String k : READS) {
      if (!(d.get(k) instanceof Number)) {
        return null;
      }
      out[1] += ((Number) d.get(k)).longValue();
    }
    return out;
  }
}
