package site.ycsbx.workloads.linkbench;

/**
 * How many links each node of {@code [startId, maxId)} has, per link type, as LinkBench's load
 * makes them: the node of popularity rank r (0 = most linked) gets the empirical distribution's
 * count at {@code u = 1 - r / n}, nodes are shuffled over the ids, and a node's links are split
 * over the link types the way LinkBench splits them.
 *
 * <p>That split gives each type {@code total / types} links, plus one for each type whose index is
 * below {@code total - total / types}: with 2 types, a node of 3 links gets 2 + 2. LinkBench's
 * graphs have these counts (1795769 links for 200000 nodes with its Distribution.dat, 8.98 per
 * node), and graphs meant to stand beside LinkBench's must have them too. The links per node
 * also depend on the id range: the most linked node alone has 961963 links, spread over n nodes,
 * so a small graph has more links per node than a large one (8.98 at 200000 ids, 4.45 at 10M).
 */
public final class OutDegrees {
  private final EmpiricalCdf cdf;
  private final long startId;
  private final long n;
  private final int linkTypes;
  private final IdShuffle shuffle;

  /**
   * @param cdf out-degree distribution ({@code nlinks})
   * @param startId first node id ({@code startid1})
   * @param maxId one past the last node id ({@code maxid1})
   * @param linkTypes number of link types ({@code link_type_count})
   * @param seed seed of the shuffle of popularity over the ids
   */
  public OutDegrees(EmpiricalCdf cdf, long startId, long maxId, int linkTypes, long seed) {
    if (maxId <= startId) {
      throw new IllegalArgumentException("maxid1 " + maxId + " must be above startid1 " + startId);
    }
    if (linkTypes < 1) {
      throw new IllegalArgumentException("link_type_count must be at least 1: " + linkTypes);
    }
    this.cdf = cdf;
    this.startId = startId;
    this.n = maxId - startId;
    this.linkTypes = linkTypes;
    this.shuffle = new IdShuffle(seed, n);
  }

  /** The node's out-degree before the split over link types. */
  public long total(long id1) {
    long offset = id1 - startId;
    if (offset < 0 || offset >= n) {
      throw new IllegalArgumentException("id " + id1 + " is outside [" + startId + ", " + (startId + n) + ")");
    }
    return byRank(shuffle.rankOf(offset));
  }

  /** Out-degree of the node of popularity rank {@code rank} (0 = most linked). */
  long byRank(long rank) {
    return cdf.countAt(1.0 - (double) rank / n);
  }

  /** Links of type index {@code typeIndex} (0-based) that the node has after a load. */
  public long ofType(long id1, int typeIndex) {
    return split(total(id1), linkTypes, typeIndex);
  }

  /** Links of the node over all its types after a load. */
  public long loaded(long id1) {
    long sum = 0;
    long total = total(id1);
    for (int t = 0; t < linkTypes; t++) {
      sum += split(total, linkTypes, t);
    }
    return sum;
  }

  static long split(long total, int types, int typeIndex) {
    long each = total / types;
    return typeIndex < total - each ? each + 1 : each;
  }

  public int linkTypes() {
    return linkTypes;
  }

  public long startId() {
    return startId;
  }

  public long nodes() {
    return n;
  }
}
