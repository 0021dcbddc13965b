package site.ycsbx.results;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import site.ycsbx.family.WorkloadFamilies;
import site.ycsbx.family.WorkloadFamily;

/**
 * The operations a family's rate counts (the first {@code _s} figure of its {@code [HEADLINE]}:
 * what an experiment's table and a run's summary show), so that a chart over time draws that
 * figure in its unit: iibench's and sysbench's rows/s count the rows of
 * their insert transactions (INSERT_TXN, LOAD_ROWS), LinkBench's links/s its link chunks
 * (LOAD_LINKS), filemeta's files/s its file batches (LOAD_FILES), reads/s and writes/s its read
 * and its write operations, sysbench's transactions/s its TRANSACTION; LinkBench's requests/s
 * and YCSB's ops/s every operation but a batch's round trip (its rows are counted by their own
 * operation) and the per-thread VERIFY and CLEANUP. Each family declares its own
 * ({@link WorkloadFamily#rates()}).
 */
public final class RateUnit {
  public static final Map<String, Set<String>> OPS = operationsByUnit();
  /** What a family counts by batches: a call there is many units (its headline counts them). */
  public static final Set<String> PER_BATCH = WorkloadFamilies.all().stream().flatMap(f -> f.rates().stream())
      .filter(WorkloadFamily.Rate::perBatch).map(WorkloadFamily.Rate::unit).collect(Collectors.toUnmodifiableSet());
  public static final Set<String> NOT_WORK = Set.of("VERIFY", "CLEANUP");

  private RateUnit() {
  }

  // a unit two families share (iibench's and sysbench's rows) counts the operations of both
  private static Map<String, Set<String>> operationsByUnit() {
    Map<String, Set<String>> out = new TreeMap<>();
    for (WorkloadFamily f : WorkloadFamilies.all()) {
      for (WorkloadFamily.Rate r : f.rates()) {
        out.computeIfAbsent(r.unit(), u -> new TreeSet<>()).addAll(r.operations());
      }
    }
    out.replaceAll((unit, ops) -> Set.copyOf(ops));
    return Map.copyOf(out);
  }

  /** What the rate counts: {@code rows} for {@code headline.rows_s}, {@code ops} for {@code ops_s}. */
  public static String counted(String rate) {
    return rate.substring(rate.indexOf('.') + 1).replaceFirst("_s$", "");
  }

  /** The operations of {@code present} whose calls the rate counts (each a unit, or a batch of units). */
  public static Set<String> operations(String rate, java.util.Collection<String> present) {
    Set<String> family = OPS.get(counted(rate));
    return present.stream().filter(op -> family != null ? family.contains(op)
        : !op.endsWith("_BATCH") && !NOT_WORK.contains(op)).collect(Collectors.toCollection(java.util.TreeSet::new));
  }

  /**
   * Units per call of the rate's operations: the family's headline count of them ({@code rows},
   * {@code links}, {@code files}) over their calls, where a call is a batch; 1 where a call is a
   * unit (requests, reads, transactions, ops) or there is no count (NaN).
   */
  public static double perCall(String rate, double count, double calls) {
    return PER_BATCH.contains(counted(rate)) && count > 0 && calls > 0 ? count / calls : 1;
  }

  /** Every operation name the map knows: a test holds them against the workload classes' constants. */
  public static List<String> known() {
    return OPS.values().stream().flatMap(Set::stream).sorted().toList();
  }
}
