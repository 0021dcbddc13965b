package site.ycsbx.db.jdbc;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.measurements.Measurements;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.Preflight.Phase;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.YcsbTable;

/**
 * A small load or run of YCSB's core operations in process, as bin/ycsb does it: the preflight,
 * then {@value #THREADS} client threads. The properties' recordcount keys, inserted in order.
 */
public final class CorePhase {
  public static final int THREADS = 3;

  private CorePhase() {
  }

  /** Properties for it: one field, {@code rows} keys in order, threadcount {@value #THREADS}. */
  public static Properties properties(String url, String user, int rows) {
    Properties p = new Properties();
    p.setProperty("db.url", url);
    p.setProperty("db.user", user);
    p.setProperty("fieldcount", "1");
    p.setProperty("recordcount", String.valueOf(rows));
    p.setProperty("insertorder", "ordered");
    p.setProperty("threadcount", String.valueOf(THREADS));
    return p;
  }

  /**
   * The preflight of {@code phase}, then the client threads: a load inserts the rows, a run
   * reads, updates, scans, inserts and deletes at each key; every operation's status, distinct.
   */
  public static List<Status> run(Properties p, Phase phase) throws Exception {
    p.setProperty("dotransactions", String.valueOf(phase == Phase.RUN));
    new JdbcPreflight().check(p, phase, StoreDemand.NONE, Fingerprint.current());
    YcsbTable keys = YcsbTable.of(p);
    int rows = Integer.parseInt(p.getProperty("recordcount"));
    List<Status> out = new ArrayList<>();
    List<JdbcClient> clients = new ArrayList<>();
    try {
      for (int t = 0; t < THREADS; t++) {
        clients.add(started(p));
      }
      for (int i = 0; i < rows; i++) {
        JdbcClient c = clients.get(i % THREADS);
        String key = keys.key(i);
        Map<String, ByteIterator> v = Map.of("field0", new StringByteIterator("v" + i));
        if (phase == Phase.LOAD) {
          out.add(c.insert("usertable", key, v));
          continue;
        }
        out.add(c.read("usertable", key, null, new HashMap<>()));
        out.add(c.update("usertable", key, v));
        out.add(c.scan("usertable", key, 2, null, new Vector<>()));
        out.add(c.insert("usertable", key + "x", v));
        out.add(c.delete("usertable", key + "x"));
      }
    } finally {
      for (JdbcClient c : clients) {
        c.cleanup();
      }
    }
    return out.stream().distinct().toList();
  }

  /** A client thread's binding on {@code p}, as YCSB's Client starts one. */
  static JdbcClient started(Properties p) throws Exception {
    Measurements.setProperties(p);
    JdbcClient c = new JdbcClient();
    c.setProperties(p);
    c.init();
    return c;
  }
}
