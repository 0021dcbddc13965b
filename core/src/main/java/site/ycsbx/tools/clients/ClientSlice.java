package site.ycsbx.tools.clients;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import site.ycsb.Workload;
import site.ycsb.workloads.CoreWorkload;
import site.ycsbx.util.Props;
import site.ycsbx.util.UserError;
import site.ycsbx.workloads.ClientShare;
import site.ycsbx.workloads.StoppableCoreWorkload;
import site.ycsbx.workloads.iibench.IIBenchSettings;
import site.ycsbx.workloads.iibench.IIBenchWorkload;
import site.ycsbx.workloads.linkbench.LinkBenchWorkload;

/**
 * {@code ycsbx.clients=N ycsbx.client=i}: this process is client i (0-based) of N that run one
 * workload together, each on its own part of the work, so that their run folders merge into
 * one run ({@code ycsb merge}).
 *
 * <ul>
 * <li>YCSB's core workloads, load: client i inserts keys {@code [R*i/N, R*(i+1)/N)} of
 * recordcount R, through YCSB's own {@code insertstart}/{@code insertcount} (CoreWorkload
 * numbers its load keys from insertstart). Run: reads, updates, scans pick keys over the whole
 * loaded key space, as one client with the threads of all would (CoreWorkload's key chooser
 * spans insertstart..insertstart+insertcount, which the run leaves at 0..recordcount); its
 * operationcount is per client, as threads are. Inserts in the run phase (workloads d and e): client
 * i inserts its own key range, {@code insertstart = recordcount + i * operationcount},
 * {@code insertcount = operationcount}, which {@link StoppableCoreWorkload} maps its new keys into
 * (every client's CoreWorkload numbers them from recordcount); its reads of new keys read its own.</li>
 * <li>iibench: rows get their ids from the server (auto increment, ObjectId), so client i
 * inserts its share of the rows (the remainder to the first clients) into the shared table.</li>
 * <li>linkbench: load: client i loads its contiguous share of the loader chunks of ids (each chunk
 * is generated from its number alone, so the graph is the one a single loader makes). Run: the
 * clients' threads are LinkBench's requesters, numbered over all clients (their random streams
 * differ), each over the whole graph. The workload reads its share itself ({@link ClientShare}).</li>
 * <li>filemeta: load: client i loads its contiguous share of the load batches (ids are batch
 * positions, so the files are those one loader makes); {@code filemeta.verify} is refused with
 * N &gt; 1. Run: reads over every file; client i's new files take the ids equal to i modulo N
 * above the largest stored id, so the clients' inserts never collide.</li>
 * <li>other workloads: refused when N &gt; 1.</li>
 * </ul>
 */
public final class ClientSlice {
  public static final String CLIENTS_PROPERTY = ClientShare.CLIENTS_PROPERTY;
  public static final String CLIENT_PROPERTY = ClientShare.CLIENT_PROPERTY;
  /** Fingerprint entries; merge accepts runs that differ only in these and the host. */
  public static final String FP_INDEX = "client.index";
  public static final String FP_COUNT = "client.count";
  public static final String FP_SLICE = "client.slice";
  /** Fingerprint entries that differ between clients of one run. */
  public static final Set<String> PER_CLIENT = Set.of(FP_INDEX, FP_SLICE, "client.host", CLIENT_PROPERTY, "ycsbx.out");
  /**
   * Fingerprint entries in which the clients of a real fleet may differ, which a merged fingerprint
   * lists per client: the client's host, its cores and JVM (hosts of one fleet are rarely alike).
   * Server URLs ({@link #listedPerClient}) too: the MongoDB 3.0 post runs one client per mongos.
   */
  public static final Set<String> PER_HOST = Set.of("client.host", "client.cores", "client.java",
      site.ycsbx.fingerprint.HostFacts.MEMORY, site.ycsbx.fingerprint.HostFacts.KERNEL, site.ycsbx.fingerprint.HostFacts.CPU,
      site.ycsbx.fingerprint.HostFacts.DISKS);

  /** An entry the clients may differ in, listed per client in the merged fingerprint. */
  public static boolean listedPerClient(String key) {
    return PER_HOST.contains(key) || key.endsWith(".url");
  }

  /**
   * The merged entry of {@code key}: the value when every client has the same, else each value
   * with the clients that had it, in client order ({@code mongodb://m0:27017 (client 0); mongodb://m1:27017
   * (clients 1, 2)}). {@code values}: the clients' values by client index.
   */
  public static String listed(List<String> values) {
    Map<String, List<Integer>> by = new LinkedHashMap<>();
    for (int i = 0; i < values.size(); i++) {
      by.computeIfAbsent(values.get(i) == null ? "(absent)" : values.get(i), v -> new java.util.ArrayList<>()).add(i);
    }
    if (by.size() == 1) {
      return by.keySet().iterator().next();
    }
    List<String> parts = new java.util.ArrayList<>();
    by.forEach((v, idx) -> parts.add(v + " (client" + (idx.size() > 1 ? "s " : " ")
        + String.join(", ", idx.stream().map(String::valueOf).toList()) + ")"));
    return String.join("; ", parts);
  }

  private final int clients;
  private final int client;

  private ClientSlice(int clients, int client) {
    this.clients = clients;
    this.client = client;
  }

  public int clients() {
    return clients;
  }

  public int client() {
    return client;
  }

  /** This process's place among the clients; null when neither property is set. Bad input is a UserError. */
  public static ClientSlice read(Properties p) {
    String n = p.getProperty(CLIENTS_PROPERTY);
    String i = p.getProperty(CLIENT_PROPERTY);
    if (n == null && i == null) {
      return null;
    }
    if (n == null) {
      throw new UserError(CLIENT_PROPERTY + "=" + i + " needs " + CLIENTS_PROPERTY + "=<number of clients>");
    }
    int clients = Props.getInt(p, CLIENTS_PROPERTY, 1, 1, 100_000);
    if (i == null) {
      throw new UserError(CLIENTS_PROPERTY + "=" + clients + " needs " + CLIENT_PROPERTY + "=<this client's index, 0 to "
          + (clients - 1) + ">");
    }
    int client;
    try {
      client = Integer.parseInt(i.trim());
    } catch (NumberFormatException e) {
      throw new UserError(CLIENT_PROPERTY + "=" + i + " is not a whole number; it accepts 0 to " + (clients - 1));
    }
    if (client < 0 || client >= clients) {
      throw new UserError(CLIENT_PROPERTY + "=" + client + " is outside 0 to " + (clients - 1) + " (0-based, below "
          + CLIENTS_PROPERTY + "=" + clients + ")");
    }
    return new ClientSlice(clients, client);
  }

  /**
   * The properties that give this client its part of the work, to be set over the user's
   * (YCSB's Client and the workload both read them). Checks only; changes nothing.
   *
   * @param workload the workload class (null when it cannot be loaded: Main's own check says so)
   * @param load true for the load phase
   */
  public Map<String, String> properties(Class<?> workload, Properties p, boolean load) {
    Map<String, String> out = new LinkedHashMap<>();
    if (workload == null) {
      return out;
    }
    if (CoreWorkload.class.isAssignableFrom(workload)) {
      core(workload, p, load, out);
    } else if (IIBenchWorkload.class.isAssignableFrom(workload)) {
      iibench(p, load, out);
    } else if (LinkBenchWorkload.class.isAssignableFrom(workload)
        || site.ycsbx.workloads.filemeta.FileMetaWorkload.class.isAssignableFrom(workload)
        || site.ycsbx.workloads.sysbench.SysbenchWorkload.class.isAssignableFrom(workload)) {
      return out; // split their load batches (and number their requesters or new ids) themselves
    } else if (clients > 1) {
      throw new UserError(CLIENTS_PROPERTY + "=" + clients + ": " + workload.getName()
          + " cannot be split over clients (YCSB's core workloads, iibench, linkbench, filemeta and sysbench can); run it"
          + " with one client");
    }
    return out;
  }

  private void core(Class<?> workload, Properties p, boolean load, Map<String, String> out) {
    if (!load) {
      double inserts = Props.getDouble(p, CoreWorkload.INSERT_PROPORTION_PROPERTY, 0, 0, 1);
      if (clients == 1 || inserts <= 0) {
        return;
      }
      if (workload != CoreWorkload.class && workload != StoppableCoreWorkload.class) {
        throw new UserError(CLIENTS_PROPERTY + "=" + clients + " with " + CoreWorkload.INSERT_PROPORTION_PROPERTY + "="
            + p.getProperty(CoreWorkload.INSERT_PROPORTION_PROPERTY) + ": " + workload.getName() + " numbers new keys"
            + " from recordcount in every client, so the clients would insert the same keys; run inserts with one"
            + " client, or with " + CoreWorkload.class.getName());
      }
      refuseOwn(p);
      // a client inserts at most operationcount keys (0: no limit, YCSB's int operations at most)
      long ops = Props.getLong(p, "operationcount", 0, 0, Integer.MAX_VALUE);
      long span = ops > 0 ? ops : Integer.MAX_VALUE;
      long records = Props.getLong(p, "recordcount", 0, 0, Integer.MAX_VALUE);
      out.put(Workload.INSERT_START_PROPERTY, Long.toString(records + span * client));
      out.put(Workload.INSERT_COUNT_PROPERTY, Long.toString(span));
      return;
    }
    refuseOwn(p);
    long records = Props.getLong(p, "recordcount", 0, 0, Integer.MAX_VALUE);
    if (records < clients) {
      throw new UserError("recordcount=" + records + " cannot be split over " + CLIENTS_PROPERTY + "=" + clients
          + "; it needs at least one record per client");
    }
    long start = records * client / clients;
    long end = records * (client + 1) / clients;
    out.put(Workload.INSERT_START_PROPERTY, Long.toString(start));
    out.put(Workload.INSERT_COUNT_PROPERTY, Long.toString(end - start));
  }

  private static void refuseOwn(Properties p) {
    for (String own : new String[] {Workload.INSERT_START_PROPERTY, Workload.INSERT_COUNT_PROPERTY}) {
      if (p.getProperty(own) != null) {
        throw new UserError(own + "=" + p.getProperty(own) + " conflicts with " + CLIENTS_PROPERTY + ", which sets " + own
            + " for each client; leave " + own + " out");
      }
    }
  }

  private void iibench(Properties p, boolean load, Map<String, String> out) {
    if (clients == 1) {
      return;
    }
    if (Props.getBoolean(p, IIBenchSettings.TABLE_PER_THREAD_PROPERTY, false)) {
      throw new UserError(IIBenchSettings.TABLE_PER_THREAD_PROPERTY + "=true with " + CLIENTS_PROPERTY + "=" + clients
          + ": every client would use the same table names; use one shared table with several clients");
    }
    String countKey = load ? "recordcount" : "operationcount";
    long rows = p.getProperty(IIBenchSettings.ROWS_PROPERTY) != null
        ? Props.getLong(p, IIBenchSettings.ROWS_PROPERTY, 0, 1, Long.MAX_VALUE)
        : Props.getLong(p, countKey, 0, 0, Integer.MAX_VALUE);
    if (rows < clients) {
      throw new UserError(IIBenchSettings.ROWS_PROPERTY + "=" + rows + " cannot be split over " + CLIENTS_PROPERTY + "="
          + clients + "; it needs at least one row per client");
    }
    long share = rows / clients + (client < rows % clients ? 1 : 0);
    out.put(IIBenchSettings.ROWS_PROPERTY, Long.toString(share));
  }

  /**
   * The properties ycsbx.clients set for each client (its client.slice entry: "insertstart=1000
   * insertcount=1000", "the whole workload" when none), which differ between the clients by design;
   * {@code fingerprints}: the clients' (their run folders').
   */
  public static Set<String> slicedProperties(List<Map<String, String>> fingerprints) {
    Set<String> out = new TreeSet<>();
    for (Map<String, String> fp : fingerprints) {
      for (String word : fp.getOrDefault(FP_SLICE, "").split(" ")) {
        int eq = word.indexOf('=');
        if (eq > 0) {
          out.add(word.substring(0, eq));
        }
      }
    }
    return out;
  }

  /** A fingerprint entry of a sliced property: the property itself or its workload.-prefixed entry. */
  public static boolean isSliced(String key, Set<String> sliced) {
    return sliced.stream().anyMatch(p -> key.equals(p) || key.endsWith("." + p));
  }
}
