package site.ycsbx.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.LongAdder;

/**
 * filemeta's two queries by hand through JDBC, against a files table YCSB-X loaded:
 * {@code --url jdbc:... --user U --password P --query latest|count --threads N --ops N
 * [--users 10000] [--table files] [--warmup S]}. The same SQL text as the JDBC binding's store (FileMetaSchema),
 * prepared once per connection, parameters drawn uniformly as filemeta-latest and filemeta-count
 * draw them (users 0..users-1, servers 0..32), every column of every row read as the store reads it.
 * Timed as YCSB's Client times YCSB-X: from the threads' start, each thread's connecting and
 * preparing included (YCSB's clock holds every client thread's init), to the last one's end,
 * each thread closing its connection after its last query (YCSB's holds DB.cleanup(), which closes).
 * Before the clock, one connection asks the table for a row and closes, as YCSB-X's preflight
 * does before YCSB's clock starts: the driver's first connection (class loading, a cold JVM:
 * a second and more on a busy 2-core box) is on neither clock. With {@code --warmup S} the
 * operations of the first S seconds are not counted and the clock starts after them, as with
 * YCSB-X's {@code ycsbx.warmup=S}.
 */
public final class RawJdbcFileMeta {
  private RawJdbcFileMeta() {
  }

  public static void main(String[] argv) throws Exception {
    Args a = new Args(argv);
    JdbcLogin db = JdbcLogin.of(a, "url");
    String query = a.require("query");
    int threads = a.getInt("threads", 1);
    long ops = a.getLong("ops", 1000);
    long users = a.getLong("users", 10_000);
    String table = a.get("table", "files");
    double warmup = Double.parseDouble(a.get("warmup", "0"));
    String sql = FileMetaByHand.sql(query, table);
    try (Connection c = db.connect(); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT 1 FROM " + table + " LIMIT 1")) {
      if (!rs.next()) {
        throw new IllegalStateException(table + " is empty: load it with bin/ycsb load -P workloads/filemeta first");
      }
    }
    LongAdder seen = new LongAdder(); // rows and counts read, so nothing is optimized away
    RawLoop.runSetupTimed("jdbc " + query, threads, ops, thread -> {
      Connection c = db.connect();
      PreparedStatement ps = c.prepareStatement(sql);
      SplittableRandom r = new SplittableRandom(thread * 7919L + 1);
      RawLoop.Op op;
      if (query.equals("latest")) {
        op = (t, i) -> seen.add(FileMetaByHand.latest(ps, r.nextLong(users)));
      } else {
        op = (t, i) -> seen.add(FileMetaByHand.count(ps, r.nextInt(FileMetaByHand.SERVERS)));
      }
      return new RawLoop.Closing(op, c); // closed on the clock, as YCSB's DB.cleanup() closes the binding's
    }, warmup);
    System.out.println("[RAW] rows or counts read, " + seen.sum());
  }
}
