package site.ycsbx.tools.clients;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import site.ycsbx.family.ClientSplit;
import site.ycsbx.family.WorkloadFamilies;
import site.ycsbx.family.WorkloadFamily;
import site.ycsbx.util.Props;
import site.ycsbx.util.UserError;
import site.ycsbx.workloads.ClientShare;

/**
 * {@code ycsbx.clients=N ycsbx.client=i}: this process is client i (0-based) of N that run one
 * workload together, each on its own part of the work, so that their run folders merge into
 * one run ({@code ycsb merge}). How a workload's work is split is its family's
 * ({@link WorkloadFamily#clientSplit()}: YCSB's core workloads through insertstart/insertcount,
 * iibench its share of the rows, the others their share of the load batches themselves); a
 * workload of no family that splits is refused when N &gt; 1.
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
    Optional<ClientSplit> split = WorkloadFamilies.of(workload).flatMap(WorkloadFamily::clientSplit);
    if (split.isPresent()) {
      out.putAll(split.get().properties(workload, p, load, clients, client));
    } else if (clients > 1) {
      throw new UserError(CLIENTS_PROPERTY + "=" + clients + ": " + workload.getName()
          + " cannot be split over clients (" + splitting() + " can); run it with one client");
    }
    return out;
  }

  /** The families that can be split, as a sentence lists them: "YCSB's core workloads, iibench and sysbench". */
  static String splitting() {
    List<String> labels = WorkloadFamilies.all().stream().filter(f -> f.clientSplit().isPresent())
        .map(WorkloadFamily::label).toList();
    if (labels.size() < 2) {
      return String.join("", labels);
    }
    return String.join(", ", labels.subList(0, labels.size() - 1)) + " and " + labels.get(labels.size() - 1);
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
