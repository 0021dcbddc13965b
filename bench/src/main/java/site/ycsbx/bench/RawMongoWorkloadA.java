package site.ycsbx.bench;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Updates;
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
    try (RawMongo mongo = new RawMongo(a, "url", "ycsb")) {
      MongoCollection<Document> coll = mongo.collection(a.get("collection", "usertable"));
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
    }
  }
}
