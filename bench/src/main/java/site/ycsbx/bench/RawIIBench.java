package site.ycsbx.bench;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.client.model.InsertManyOptions;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.bson.Document;

/**
 * An iibench load written by hand: {@code --threads N --rows N --batch N} and either
 * {@code --jdbc URL --user U --password P [--engine E]} (one multi-row INSERT per transaction,
 * autocommit) or {@code --embedded DIR} / {@code --mongodb URL} (one unordered insertMany per
 * transaction, w:1). Table/collection {@code purchases_index} with the three secondary indexes,
 * rows as the spec makes them. Prints rows/s over the threads' running time.
 */
public final class RawIIBench {
  private RawIIBench() {
  }

  public static void main(String[] argv) throws Exception {
    Args a = new Args(argv);
    int threads = a.getInt("threads", 1);
    long rows = a.getLong("rows", 100_000);
    int batch = a.getInt("batch", 1000);
    long batches = (rows + batch - 1) / batch;
    if (a.get("jdbc", null) != null) {
      jdbc(a, threads, batches, batch);
    } else {
      mongo(a, threads, batches, batch);
    }
  }

  private static void jdbc(Args a, int threads, long batches, int batch) throws Exception {
    JdbcLogin db = JdbcLogin.of(a, "jdbc");
    String engine = a.get("engine", "InnoDB");
    try (Connection c = db.connect(); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE purchases_index (transactionid BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,"
          + " dateandtime DATETIME NOT NULL, cashregisterid INT NOT NULL, customerid INT NOT NULL,"
          + " productid INT NOT NULL, price FLOAT NOT NULL,"
          + " KEY marketsegment (price, customerid), KEY registersegment (cashregisterid, price, customerid),"
          + " KEY pdc (price, dateandtime, customerid)) ENGINE=" + engine);
    }
    StringBuilder sql = new StringBuilder("INSERT INTO purchases_index"
        + " (dateandtime, cashregisterid, customerid, productid, price) VALUES ");
    for (int i = 0; i < batch; i++) {
      sql.append(i == 0 ? "" : ",").append("(?,?,?,?,?)");
    }
    RawLoop.run("jdbc iibench rows", threads, batches, thread -> {
      Connection c = db.connect();
      PreparedStatement ps = c.prepareStatement(sql.toString());
      SplittableRandom r = new SplittableRandom(thread);
      return (t, i) -> {
        LocalDateTime now = LocalDateTime.ofEpochSecond(System.currentTimeMillis() / 1000, 0, ZoneOffset.UTC);
        int p = 1;
        for (int row = 0; row < batch; row++) {
          int customer = r.nextInt(100_000);
          ps.setObject(p++, now);
          ps.setInt(p++, r.nextInt(1000));
          ps.setInt(p++, customer);
          ps.setInt(p++, r.nextInt(10_000));
          ps.setDouble(p++, (float) ((r.nextDouble() * 500 + customer) / 100.0));
        }
        ps.executeUpdate();
      };
    }, batch);
  }

  private static void mongo(Args a, int threads, long batches, int batch) throws Exception {
    try (RawMongo mongo = new RawMongo(a, "mongodb", "iibench")) {
      MongoCollection<Document> coll = mongo.collection("purchases_index");
      coll.createIndex(Indexes.ascending("price", "customerid"), new IndexOptions().name("marketsegment"));
      coll.createIndex(Indexes.ascending("cashregisterid", "price", "customerid"), new IndexOptions().name("registersegment"));
      coll.createIndex(Indexes.ascending("price", "dateandtime", "customerid"), new IndexOptions().name("pdc"));
      InsertManyOptions unordered = new InsertManyOptions().ordered(false);
      RawLoop.run("mongodb iibench rows", threads, batches, thread -> {
        SplittableRandom r = new SplittableRandom(thread);
        return (t, i) -> {
          long now = System.currentTimeMillis();
          List<Document> docs = new ArrayList<>(batch);
          for (int row = 0; row < batch; row++) {
            int customer = r.nextInt(100_000);
            docs.add(new Document("dateandtime", now).append("cashregisterid", r.nextInt(1000))
                .append("customerid", customer).append("productid", r.nextInt(10_000))
                .append("price", (r.nextDouble() * 500 + customer) / 100.0));
          }
          coll.insertMany(docs, unordered);
        };
      }, batch);
    }
  }
}
