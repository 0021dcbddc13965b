package site.ycsbx.bench;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.bson.Document;

/**
 * The MongoDB a raw loop talks to, with acknowledged writes: the server at a URL, else
 * mongo-java-server with its H2 backend in the folder {@code --embedded}, in this JVM, as
 * mongodb-embedded does.
 */
final class RawMongo implements AutoCloseable {
  private final MongoServer server; // null when the URL names a server
  private final MongoClient client;
  private final String database;

  /** The server at {@code --urlName}, else an embedded one; {@code defaultDatabase} where the URL names none. */
  RawMongo(Args a, String urlName, String defaultDatabase) throws IOException {
    String url = a.get(urlName, null);
    if (url == null) {
      Path dir = Path.of(a.require("embedded"));
      Files.createDirectories(dir);
      server = new MongoServer(new H2Backend(dir.resolve("raw.mv").toString()));
      server.bind("127.0.0.1", 0);
      url = "mongodb://127.0.0.1:" + server.getLocalAddress().getPort() + "/" + defaultDatabase;
    } else {
      server = null;
    }
    ConnectionString cs = new ConnectionString(url);
    client = MongoClients.create(MongoClientSettings.builder().applyConnectionString(cs)
        .writeConcern(WriteConcern.ACKNOWLEDGED).build());
    database = cs.getDatabase() == null ? defaultDatabase : cs.getDatabase();
  }

  MongoCollection<Document> collection(String name) {
    return client.getDatabase(database).getCollection(name);
  }

  @Override
  public void close() {
    try {
      client.close();
    } finally {
      if (server != null) {
        server.shutdownNow();
      }
    }
  }
}
