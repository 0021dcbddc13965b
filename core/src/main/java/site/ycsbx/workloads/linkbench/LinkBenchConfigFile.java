package site.ycsbx.workloads.linkbench;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import site.ycsbx.util.Props;
import site.ycsbx.util.UserError;

/**
 * {@code linkbench.config=FILE}: a LinkBench properties file (LinkConfigMysql.properties with its
 * {@code workload_file}, or FBWorkload.properties) read as LinkBench reads it, so a LinkBench
 * user's setup runs unchanged. Its workload keys become {@code linkbench.<key>}; its driver keys
 * become YCSB's (requesters or loaders: threadcount; requests per requester x requesters:
 * operationcount; maxtime: maxexecutiontime; requestrate per requester x requesters: target);
 * its store keys (host, user, password, ...) are not read: the binding's URL says where the
 * server is. Relative paths (workload_file, data_file) are LinkBench's: from its home, the
 * folder above the file's {@code config/}.
 */
final class LinkBenchConfigFile {
  static final String CONFIG = "linkbench.config";
  // driver and store keys of LinkBench that have no linkbench.* counterpart here
  private static final Set<String> NOT_READ = Set.of("linkstore", "nodestore", "host", "user", "password", "port",
      "dbid", "dbprefix", "debuglevel", "displayfreq", "load_progress_interval", "req_progress_interval", "maxsamples",
      "max_failed_requests", "generate_nodes", "csvstream", "link_add_datagen", "link_up_datagen", "node_add_datagen",
      "node_up_datagen", "nlinks_config", "nlinks_default", "write_uncorr_config", "request_random_seed", "store");
  private static final String MOTIF = "com.facebook.LinkBench.generators.MotifDataGenerator";

  private LinkBenchConfigFile() {
  }

  /** What the file named by {@code linkbench.config} sets, for this phase; none when not given. */
  static site.ycsbx.workloads.PropertyExpansion.Expansion expand(Properties p) {
    String name = p.getProperty(CONFIG, "").trim();
    if (name.isEmpty()) {
      return site.ycsbx.workloads.PropertyExpansion.Expansion.none();
    }
    Path file = Path.of(name);
    Properties file1 = read(file);
    Path home = home(file);
    String workloadFile = file1.getProperty("workload_file");
    Properties all = new Properties();
    if (workloadFile != null) {
      all.putAll(read(resolve(home, file, workloadFile.trim())));
    }
    all.putAll(file1); // the main file's values win, as LinkBench's
    boolean load = !Boolean.parseBoolean(p.getProperty("dotransactions", "true"));
    Map<String, String> out = new LinkedHashMap<>();
    Set<String> notRead = new TreeSet<>();
    for (String key : all.stringPropertyNames()) {
      String v = all.getProperty(key).trim();
      String ours = "linkbench." + key;
      if (LinkBenchSettings.NAMES.contains(ours) && !key.equals("config")) {
        out.put(ours, v);
      } else if (key.equals("data_file")) {
        out.put(LinkBenchSettings.DISTRIBUTION_FILE, resolve(home, file, v).toString());
      } else if (key.equals("warmup_time")) {
        out.put(RequestSettings.WARMUP_LINKBENCH, v);
      } else if (key.endsWith("_datagen") && v.equals(MOTIF)) {
        continue; // the only generator there is here
      } else if (!Set.of("workload_file", "requesters", "loaders", "requests", "requestrate", "maxtime").contains(key)) {
        notRead.add(key);
      }
    }
    int threads = Props.getInt(all, load ? "loaders" : "requesters", 0, 0, 100_000);
    if (threads > 0) {
      out.put("threadcount", String.valueOf(threads));
    }
    // LinkBench's requests and requestrate are per requester: the command line's -threads counts
    int effectiveThreads = p.getProperty("threadcount") != null ? Props.getInt(p, "threadcount", 1, 1, 100_000)
        : Math.max(1, threads);
    if (!load) {
      long requests = Props.getLong(all, "requests", 0, 0, Long.MAX_VALUE);
      if (requests > 0) {
        out.put("operationcount", String.valueOf(Math.min(Integer.MAX_VALUE, requests * effectiveThreads)));
      }
      long rate = Props.getLong(all, "requestrate", 0, 0, Integer.MAX_VALUE);
      if (rate > 0) {
        out.put("target", String.valueOf(Math.min(Integer.MAX_VALUE, rate * effectiveThreads)));
      }
      long maxtime = Props.getLong(all, "maxtime", 0, 0, Integer.MAX_VALUE);
      if (maxtime > 0) {
        out.put("maxexecutiontime", String.valueOf(maxtime));
      }
    }
    String note = CONFIG + "=" + file + ": " + out.size() + " settings read" + (workloadFile == null ? ""
        : " (with its workload_file " + workloadFile.trim() + ")") + (notRead.isEmpty() ? ""
        : "; not read (the binding's properties say where and how to connect): " + String.join(", ", notRead));
    return new site.ycsbx.workloads.PropertyExpansion.Expansion(CONFIG, out, note);
  }

  /**
   * The properties with the file's linkbench.* values over them (YCSB's stock Client, where the
   * workload reads the file itself: the file wins, as nothing tells -p from -P apart there).
   */
  static Properties applied(Properties p) {
    if (p.getProperty(CONFIG, "").trim().isEmpty()) {
      return p;
    }
    Properties merged = new Properties();
    merged.putAll(p);
    for (Map.Entry<String, String> e : expand(p).values().entrySet()) {
      if (e.getKey().startsWith("linkbench.")) {
        merged.setProperty(e.getKey(), e.getValue());
      }
    }
    return merged;
  }

  private static Properties read(Path file) {
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(file)) {
      p.load(r);
    } catch (IOException e) {
      throw new UserError(CONFIG + ": cannot read " + file + ": " + e.getMessage());
    }
    return p;
  }

  // LinkBench's home: the parent of the config/ folder the file sits in (its layout)
  private static Path home(Path file) {
    Path dir = file.toAbsolutePath().getParent();
    return dir.getParent() != null && dir.getFileName().toString().equals("config") ? dir.getParent() : dir;
  }

  private static Path resolve(Path home, Path file, String relative) {
    Path r = Path.of(relative);
    if (r.isAbsolute()) {
      return r;
    }
    Path fromHome = home.resolve(r);
    if (Files.exists(fromHome)) {
      return fromHome;
    }
    return file.toAbsolutePath().getParent().resolve(r);
  }
}
