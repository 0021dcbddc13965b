package site.ycsbx.db.mongolegacy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.Workload;
import site.ycsb.measurements.Measurements;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.PreflightOnce;

/**
 * A load or run as YCSB's Client makes it, in this JVM and on one thread: the workload's init,
 * the binding's init, initThread, then doInsert or doTransaction until the count or the workload
 * ends, cleanup. Every status the binding returned is kept, and what was printed (the fingerprint).
 */
final class LegacyRun {
  final List<String> failures = new ArrayList<>();
  final Map<String, Integer> ok = new HashMap<>();
  String stdout;

  /** The repository's workload file with these properties over it. */
  static Properties workload(String name, String... kv) {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(Path.of("..", "workloads", name))) {
      p.load(in);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    p.setProperty("db", MongoLegacyClient.class.getName());
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  /** Runs the phase {@code dotransactions} asks for, {@code count} operations at most. */
  static LegacyRun of(Properties props, long count) throws Exception {
    LegacyRun r = new LegacyRun();
    PreflightOnce.forget();
    Fingerprint.forget();
    Measurements.setProperties(props);
    boolean run = Boolean.parseBoolean(props.getProperty("dotransactions", "true"));
    PrintStream out = System.out;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
    try {
      Workload w = (Workload) Class.forName(props.getProperty("workload")).getDeclaredConstructor().newInstance();
      w.init(props);
      MongoLegacyClient binding = new MongoLegacyClient();
      binding.setProperties(props);
      binding.init();
      DB db = r.recording(binding);
      Object state = w.initThread(props, 0, 1);
      for (long i = 0; i < count && (run ? w.doTransaction(db, state) : w.doInsert(db, state)); i++) {
        // the workload does the work
      }
      binding.cleanup();
      w.cleanup();
    } finally {
      System.setOut(out);
      r.stdout = printed.toString(StandardCharsets.UTF_8);
    }
    return r;
  }

  private void record(String op, Status s) {
    if (s.isOk()) {
      ok.merge(op, 1, Integer::sum);
    } else {
      failures.add(op + " " + s.getName());
    }
  }

  // the binding under YCSB's calls, each status kept
  private DB recording(DB b) {
    return new DB() {
      @Override
      public Status read(String t, String k, Set<String> f, Map<String, ByteIterator> out) {
        Status s = b.read(t, k, f, out);
        record("READ", s);
        return s;
      }

      @Override
      public Status scan(String t, String k, int n, Set<String> f, Vector<HashMap<String, ByteIterator>> out) {
        Status s = b.scan(t, k, n, f, out);
        record("SCAN", s);
        return s;
      }

      @Override
      public Status update(String t, String k, Map<String, ByteIterator> v) {
        Status s = b.update(t, k, v);
        record("UPDATE", s);
        return s;
      }

      @Override
      public Status insert(String t, String k, Map<String, ByteIterator> v) {
        Status s = b.insert(t, k, v);
        record("INSERT", s);
        return s;
      }

      @Override
      public Status delete(String t, String k) {
        Status s = b.delete(t, k);
        record("DELETE", s);
        return s;
      }
    };
  }
}
