package site.ycsbx.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.SplittableRandom;
import site.ycsbx.store.filemeta.FileMetaStore;
import site.ycsbx.store.filemeta.FileRow;
import site.ycsbx.workloads.FreshStore;

/**
 * The client CPU of one filemeta query through the JDBC binding's store (its re-opening
 * connection and statement wrappers, the store's call) against the same query by hand on a plain
 * driver connection, in one thread of one JVM: {@code --url jdbc:... --user U --password P
 * --query latest|count [--calls N] [--rounds R] [--users 10000] [--files 200000]}, on the table
 * {@code files} that {@code bin/ycsb load jdbc -P workloads/filemeta} made. Rounds of N
 * calls alternate between the two; the first two rounds of each warm the JIT and are not
 * counted. Prints the median thread CPU and wall time per call of each, and their ratios. Whole
 * runs compare throughput with everything else of a run in it (JIT, threads, the server's share
 * of the CPUs); this isolates what the store path adds to each call. Needs YCSB-X's class path
 * (the binding is loaded by name, as YCSB's Client loads it).
 */
public final class StoreCallCost {
  private static final int WARMUP_ROUNDS = 2;

  private StoreCallCost() {
  }

  /** One way of sending the query: call {@code i} of a round. */
  private interface Call {
    long run(long userOrServer) throws Exception;
  }

  public static void main(String[] argv) throws Exception {
    Args a = new Args(argv);
    String url = a.require("url");
    String user = a.get("user", "");
    String password = a.get("password", "");
    String query = a.require("query");
    int calls = a.getInt("calls", 20_000);
    int rounds = a.getInt("rounds", 8);
    long users = a.getLong("users", 10_000);
    String table = "files"; // the store's own default table: no prepare to run
    boolean latest = query.equals("latest");
    FileMetaByHand.sql(query, table); // refuses another query before anything is opened

    Properties props = new Properties();
    props.setProperty("db", "site.ycsbx.db.jdbc.JdbcClient");
    props.setProperty("db.url", url);
    props.setProperty("db.user", user);
    props.setProperty("db.passwd", password);
    // what bin/ycsb run -P workloads/filemeta-... gives the binding: its preflight checks the table
    props.setProperty("workload", "site.ycsbx.workloads.filemeta.FileMetaWorkload");
    props.setProperty("dotransactions", "true");
    props.setProperty("recordcount", a.get("files", "200000"));
    site.ycsb.measurements.Measurements.setProperties(props);
    try (FreshStore<FileMetaStore> fresh = quietly(() -> FreshStore.open(props, FileMetaStore.class));
        Connection c = DriverManager.getConnection(url, user, password)) {
      FileMetaStore store = fresh.store();
      PreparedStatement ps = c.prepareStatement(FileMetaByHand.sql(query, table));
      Call byHand = latest ? u -> FileMetaByHand.latest(ps, u) : s -> FileMetaByHand.count(ps, (int) s);
      Call throughStore = latest ? u -> {
        long sum = 0;
        for (FileRow f : store.latestByUser(u, FileMetaByHand.LATEST_LIMIT)) {
          sum += f.id() + f.path().length() + f.size();
        }
        return sum;
      } : s -> store.countDeleted((int) s);

      ThreadMXBean mx = ManagementFactory.getThreadMXBean();
      List<Double> handCpu = new ArrayList<>(), handWall = new ArrayList<>();
      List<Double> storeCpu = new ArrayList<>(), storeWall = new ArrayList<>();
      long seen = 0;
      for (int round = 0; round < rounds + WARMUP_ROUNDS; round++) {
        // the same parameters for both in a round; which goes first alternates
        for (int k = 0; k < 2; k++) {
          boolean store1 = (round + k) % 2 == 0;
          Call call = store1 ? throughStore : byHand;
          SplittableRandom r = new SplittableRandom(round);
          long cpu0 = mx.getCurrentThreadCpuTime();
          long wall0 = System.nanoTime();
          for (int i = 0; i < calls; i++) {
            seen += call.run(latest ? r.nextLong(users) : r.nextInt(FileMetaByHand.SERVERS));
          }
          double cpu = (mx.getCurrentThreadCpuTime() - cpu0) / 1e3 / calls;
          double wall = (System.nanoTime() - wall0) / 1e3 / calls;
          if (round >= WARMUP_ROUNDS) {
            (store1 ? storeCpu : handCpu).add(cpu);
            (store1 ? storeWall : handWall).add(wall);
          }
        }
      }
      double hc = median(handCpu), sc = median(storeCpu), hw = median(handWall), sw = median(storeWall);
      System.out.printf("%-15s %8s %14s %14s %9s %14s %14s %9s%n", "operation", "calls", "store_cpu_us", "hand_cpu_us",
          "cpu_rat", "store_wall_us", "hand_wall_us", "wall_rat");
      System.out.printf("%-15s %8d %14.2f %14.2f %9.3f %14.2f %14.2f %9.3f%n", latest ? "LATEST_BY_USER" : "COUNT_DELETED",
          (long) calls * rounds, sc, hc, sc / hc, sw, hw, sw / hw);
      System.out.println("[STORE-CALL] checksum " + (seen == Long.MIN_VALUE ? 0 : 1));
    }
  }

  /** Opening the binding runs its preflight, which prints the run's fingerprint: not this bench's output. */
  private static <T> T quietly(java.util.concurrent.Callable<T> open) throws Exception {
    java.io.PrintStream out = System.out;
    System.setOut(new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
    try {
      return open.call();
    } finally {
      System.setOut(out);
    }
  }

  private static double median(List<Double> v) {
    List<Double> s = new ArrayList<>(v);
    s.sort(null);
    int n = s.size();
    return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
  }
}
