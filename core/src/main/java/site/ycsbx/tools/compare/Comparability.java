package site.ycsbx.tools.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.fingerprint.Places;
import site.ycsbx.fingerprint.ServerSettings;
import site.ycsbx.store.CacheFit;
import site.ycsbx.util.UserError;

/**
 * What can be put side by side: two results of one workload (refused otherwise), the thread
 * counts to pair, and how the two setups differ, with the warning when a difference cannot be put
 * down to one cause.
 */
final class Comparability {
  /**
   * Fingerprint entries that are not a dimension of the setup: the thread count differs by
   * design between the points of a comparison, and these name where the data was put, not how it
   * was measured (two databases on one server are one setup; an embedded server's folder and
   * port are {@link Places}).
   */
  private static final Set<String> NOT_A_DIMENSION = Set.of("threads", "jdbc.table", "mongodb.database",
      Fingerprint.WORKLOAD_DEFINING);
  /**
   * Entries that state one dimension twice: counted once, under the name they map to (MongoDB's
   * journal line spells out the write concern's j).
   */
  private static final Map<String, String> SAME_DIMENSION = Map.of(
      "jdbc.engine", "storage.engine", "mongodb.storageEngine", "storage.engine", "journal", "write.concern",
      // the cache's setting and its value in MB are one dimension
      ServerSettings.CACHE_SOURCE, ServerSettings.CACHE_MB);
  private static final String ENGINE = "storage.engine";
  /**
   * Settings of one storage engine, reported only when that engine is in use (the durability ones,
   * and the server's own settings as read: InnoDB's buffer pool, MyRocks' block cache).
   */
  private static final List<String> ENGINE_SETTING_PREFIXES = List.of("durability.", ServerSettings.PREFIX);
  /** The database part of a connection URL: a different database on the same server is the same setup. */
  private static final Pattern URL_DATABASE = Pattern.compile("^((?:jdbc:)?[a-z+]+://[^/?]*)/[^?]*");

  private Comparability() {
  }

  /** Refuses two results of different workloads, by what each side records of its workload. */
  static void sameWorkload(Side a, Side b) {
    if (a.workloadFiles != null && b.workloadFiles != null && !a.workloadFiles.isEmpty()
        && !a.workloadFiles.equals(b.workloadFiles)) {
      throw new UserError(String.format("%s ran %s, %s ran %s: results of different workloads cannot be compared",
          a.label, a.workloadFiles, b.label, b.workloadFiles));
    }
    for (String key : List.of("workload", "phase")) {
      String va = a.fingerprint.get(key);
      String vb = b.fingerprint.get(key);
      if (va != null && vb != null && !va.equals(vb)) {
        throw new UserError(String.format("%s has %s=%s, %s has %s=%s: results of different workloads cannot be compared",
            a.label, key, va, b.label, key, vb));
      }
    }
    if (!a.operations().equals(b.operations())) {
      throw new UserError(String.format("%s has operations %s, %s has %s: results of different workloads cannot be compared",
          a.label, a.operations(), b.label, b.operations()));
    }
    List<String> differ = new ArrayList<>();
    for (String property : definingProperties(a, b)) {
      String va = a.fingerprint.get(Fingerprint.WORKLOAD_PREFIX + property);
      String vb = b.fingerprint.get(Fingerprint.WORKLOAD_PREFIX + property);
      if (va != null && vb != null && !va.equals(vb)) {
        differ.add(property + " " + va + " vs " + vb);
      }
    }
    if (!differ.isEmpty()) {
      throw new UserError(String.format("%s and %s ran different workloads (%s, %s first): results of different"
          + " workloads cannot be compared", a.label, b.label, String.join(", ", differ), a.label));
    }
  }

  /** The workload properties either side's fingerprint names as defining its workload. */
  private static Set<String> definingProperties(Side a, Side b) {
    Set<String> out = new LinkedHashSet<>();
    for (Side s : List.of(a, b)) {
      String d = s.fingerprint.get(Fingerprint.WORKLOAD_DEFINING);
      if (d != null && !d.isBlank()) {
        out.addAll(List.of(d.split(",")));
      }
    }
    return out;
  }

  /** Thread counts to put side by side: those both have, or the single run of each. */
  static List<int[]> threadPairs(Side a, Side b) {
    TreeSet<Integer> common = new TreeSet<>(a.threads());
    common.retainAll(b.threads());
    List<int[]> pairs = new ArrayList<>();
    if (!common.isEmpty()) {
      common.forEach(t -> pairs.add(new int[] {t, t}));
    } else if (a.threads().size() == 1 && b.threads().size() == 1) {
      pairs.add(new int[] {a.threads().first(), b.threads().first()});
    } else {
      throw new UserError(String.format("%s (threads %s) and %s (threads %s) have no thread count in common",
          a.label, Side.join(a.threads()), b.label, Side.join(b.threads())));
    }
    return pairs;
  }

  /**
   * How two fingerprints differ: the dimensions (entries that state one dimension twice grouped
   * under one name), settings of the same engine present on one side only, and which keys each
   * of them came from (the page highlights those).
   */
  record Diff(Map<String, List<String>> dimensions, List<String> oneSided, Set<String> keys) {
    static final Diff NONE = new Diff(Map.of(), List.of(), Set.of());
  }

  static Diff diff(Side a, Side b) {
    // workload properties first: a different record count explains a difference before any server setting does
    List<String> keys = new ArrayList<>();
    for (Side s : List.of(a, b)) {
      s.fingerprint.keySet().stream().filter(k -> k.startsWith(Fingerprint.WORKLOAD_PREFIX) && !keys.contains(k))
          .forEach(keys::add);
    }
    for (Side s : List.of(a, b)) {
      s.fingerprint.keySet().stream().filter(k -> !keys.contains(k)).forEach(keys::add);
    }
    boolean sameEngine = sameValue(engineName(a.fingerprint.get(ENGINE)), engineName(b.fingerprint.get(ENGINE)));
    Map<String, List<String>> dimensions = new LinkedHashMap<>();
    List<String> oneSided = new ArrayList<>();
    Set<String> differing = new LinkedHashSet<>();
    for (String k : keys) {
      String va = a.fingerprint.get(k);
      String vb = b.fingerprint.get(k);
      if (NOT_A_DIMENSION.contains(k) || Places.placeOnly(k) || sameValue(va, vb) || k.equals(ENGINE) && sameEngine
          || sameValue(Places.setup(a.fingerprint, k), Places.setup(b.fingerprint, k))) {
        continue;
      }
      if (sameEngine && ENGINE.equals(SAME_DIMENSION.get(k))) {
        continue; // "InnoDB" vs "server default" when both ran InnoDB: the option restates the engine
      }
      String shown = k + ": " + (va == null ? "(absent)" : va) + " vs " + (vb == null ? "(absent)" : vb);
      if ((va == null || vb == null) && ENGINE_SETTING_PREFIXES.stream().anyMatch(k::startsWith)) {
        if (sameEngine) {
          oneSided.add(shown);
          differing.add(k);
        } // else the setting of the other engine follows from the engine (RocksDB's own flush setting)
      } else if (va == null || vb == null || !withoutDatabase(va).equals(withoutDatabase(vb))) {
        dimensions.computeIfAbsent(SAME_DIMENSION.getOrDefault(k, k), d -> new ArrayList<>()).add(shown);
        differing.add(k);
      }
    }
    return new Diff(dimensions, oneSided, differing);
  }

  /** The first line: which fingerprint dimensions differ, and a warning when more than one does. */
  static String fingerprintLine(Side a, Side b) {
    if (!a.hasFingerprint() || !b.hasFingerprint()) {
      String which = !a.hasFingerprint() && !b.hasFingerprint() ? "neither side has a" : (!a.hasFingerprint() ? a.label
          : b.label) + " has no";
      return "note: " + which + " fingerprint (stock YCSB output with a stock binding): what differs between the two"
          + " runs is not recorded";
    }
    Diff d = diff(a, b);
    String also = d.oneSided().isEmpty() ? "" : " (set on one side only: " + String.join("; ", d.oneSided()) + ")";
    List<String> diffs = d.dimensions().values().stream().map(l -> String.join(", ", l)).toList();
    if (diffs.isEmpty()) {
      return "fingerprints: identical (the same setup measured twice)" + also;
    }
    if (diffs.size() == 1) {
      return "fingerprints differ in one dimension: " + diffs.get(0) + also;
    }
    return "WARNING: the fingerprints differ in " + diffs.size() + " dimensions, so a difference below cannot be put"
        + " down to one of them: " + String.join("; ", diffs) + also;
  }

  /**
   * Where each side's data sat against its engine's cache at the end of its run: a warning when one
   * was IO-bound and the other fitted in cache (the difference below may be the cache's, not the
   * setup's), a note when both sat on the same side; null when neither side measured it.
   */
  static String cacheLine(Side a, Side b) {
    String sa = CacheFit.side(a.dataToCache);
    String sb = CacheFit.side(b.dataToCache);
    if (sa == null && sb == null) {
      return null;
    }
    String both = a.label + ": " + (a.dataSize == null ? "not measured" : a.dataSize) + "; " + b.label + ": "
        + (b.dataSize == null ? "not measured" : b.dataSize);
    if (sa == null || sb == null) {
      return "data against cache: " + both;
    }
    if (!sa.equals(sb)) {
      return "WARNING: " + (sa.equals("IO-bound") ? a.label : b.label) + " was IO-bound and "
          + (sa.equals("IO-bound") ? b.label : a.label) + " fitted in its cache, so a difference below may be the"
          + " cache's, not the setup's: " + both;
    }
    return "data against cache: both " + (sa.equals("IO-bound") ? "IO-bound" : "fit in cache") + " (" + both + ")";
  }

  /** "mmapv1 (implied by version 2.6.12)" is the engine mmapv1: how it was learnt is not a difference. */
  private static String engineName(String value) {
    return value == null ? null : value.replaceFirst(" \\(.*\\)$", "");
  }

  /** Equal as the servers mean them: an engine named ROCKSDB by one and RocksDB by the other is one engine. */
  private static boolean sameValue(String a, String b) {
    return a == null ? b == null : b != null && (a.equals(b) || a.equalsIgnoreCase(b) && a.matches("[A-Za-z0-9_ ]+"));
  }

  private static String withoutDatabase(String value) {
    return URL_DATABASE.matcher(value).replaceFirst("$1");
  }
}
