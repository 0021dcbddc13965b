package site.ycsbx.bench;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.WriteConcern;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.bson.Document;
import org.bson.types.Binary;
import site.ycsb.generator.ScrambledZipfianGenerator;

/**
 * workloada by hand through the MongoDB driver: {@code --phase load|run --threads N
 * --records N --ops N} and either {@code --url mongodb://...} or {@code --embedded DIR} (starts
 * mongo-java-server with its H2 backend in DIR, in this JVM, as mongodb-embedded does).
 */
public final class RawMongoWorkloadA {
  private RawMongoWorkloadA() {
  }

  public static void main(String[] argv) throws Exception {
    Args a = new Args(argv);
    String phase = a.require("phase");
    int threads = a.getInt("threads", 1);
    long records = a.getLong("records", 1000);
    long ops = a.getLong("ops", 1000);
    MongoServer server = null;
    String url = a.get("url", null);
    if (url == null) {
      Path dir = Path.of(a.require("embedded"));
      Files.createDirectories(dir);
      server = new MongoServer(new H2Backend(dir.resolve("raw.mv").toString()));
      server.bind("127.0.0.1", 0);
      InetSocketAddress addr = server.getLocalAddress();
      url = "mongodb://127.0.0.1:" + addr.getPort() + "/ycsb";
    }
    ConnectionString cs = new ConnectionString(url);
    MongoClientSettings settings = MongoClientSettings.builder().applyConnectionString(cs)
        .writeConcern(WriteConcern.ACKNOWLEDGED).build();
    try (MongoClient client = MongoClients.create(settings)) {
      MongoCollection<Document> coll = client.getDatabase(cs.getDatabase() == null ? "ycsb" : cs.getDatabase())
          .getCollection(a.get("collection", "usertable"));
      if (phase.equals("load")) {
        RawLoop.run("mongodb load", threads, records, thread -> {
          SplittableRandom r = new SplittableRandom(thread);
          return (t, i) -> {
            long n = i * threads + t; // every key once across the threads
            Document d = new Document("_id", WorkloadA.key(n));
            for (int f = 0; f < WorkloadA.FIELDS; f++) {
              d.append("field" + f, new Binary(WorkloadA.value(r)));
            }
            coll.insertOne(d);
          };
        });
      } else {
        RawLoop.run("mongodb run", threads, ops, thread -> {
          SplittableRandom r = new SplittableRandom(thread);
          ScrambledZipfianGenerator keys = WorkloadA.keys(records);
          return (t, i) -> {
            String key = WorkloadA.key(keys.nextValue());
            if (r.nextBoolean()) {
              if (coll.find(Filters.eq("_id", key)).first() == null) {
                throw new IllegalStateException("missing " + key);
              }
            } else {
              coll.updateOne(Filters.eq("_id", key),
                  Updates.set("field" + r.nextInt(WorkloadA.FIELDS), new Binary(WorkloadA.value(r))));
            }
          };
        });
      }
    } finally {
      if (server != null) {
        server.shutdownNow();
      }
    }
  }
}
