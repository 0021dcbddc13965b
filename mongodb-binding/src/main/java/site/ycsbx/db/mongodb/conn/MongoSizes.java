package site.ycsbx.db.mongodb.conn;

import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import site.ycsbx.store.SizeReport;

/**
 * The bytes a run's collections take on storage at its end, as iibench's rounds read them:
 * collStats storageSize (data) and totalIndexSize (indexes), summed; -1 where the server gives no
 * bytes (mongo-java-server: 0 and index entry counts), never 0 for a collection that holds documents.
 */
public final class MongoSizes {
  private static final int TIMEOUT_SECONDS = 10;

  private MongoSizes() {
  }

  public static SizeReport of(MongoOptions options, List<String> collections) {
    try (MongoClient client = MongoConnection.newClient(options, b -> b
        .applyToClusterSettings(s -> s.serverSelectionTimeout(TIMEOUT_SECONDS, TimeUnit.SECONDS))
        .applyToSocketSettings(s -> s.connectTimeout(TIMEOUT_SECONDS, TimeUnit.SECONDS)
            .readTimeout(TIMEOUT_SECONDS, TimeUnit.SECONDS)))) {
      Document status = null;
      try {
        status = client.getDatabase(options.database()).runCommand(new Document("serverStatus", 1));
      } catch (MongoException e) {
        // a role without serverStatus: a real server, whose collStats gives bytes
      }
      if (ServerKind.isEmulator(status)) {
        return new SizeReport(-1, -1, "not reported by mongo-java-server");
      }
      long data = 0;
      long index = 0;
      for (String c : collections) {
        Document stats;
        try {
          stats = client.getDatabase(options.databaseOf(c)).runCommand(new Document("collStats", c));
        } catch (MongoException e) {
          if (e.getCode() == 26) {
            continue; // NamespaceNotFound: a collection the run never created holds nothing
          }
          throw e;
        }
        long count = number(stats, "count");
        long storage = number(stats, "storageSize");
        long indexes = number(stats, "totalIndexSize");
        data = storage < 0 || (storage == 0 && count > 0) || data < 0 ? -1 : data + storage;
        index = indexes < 0 || (indexes == 0 && count > 0) || index < 0 ? -1 : index + indexes;
      }
      return new SizeReport(data, index, "collStats storageSize+totalIndexSize");
    } catch (MongoException e) {
      return new SizeReport(-1, -1, "not measured: " + MongoOptions.redact(MongoErrors.describe(e), options.url()));
    }
  }

  private static long number(Document stats, String field) {
    Object v = stats.get(field);
    return v instanceof Number n ? n.longValue() : -1;
  }
}
