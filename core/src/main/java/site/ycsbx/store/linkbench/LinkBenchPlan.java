package site.ycsbx.store.linkbench;

/**
 * What a store must prepare before the first operation: its three tables (or collections) by
 * name, created when absent, dropped first only when {@code drop} is asked; and, for a run, the
 * graph the run takes as stored, which a binding's check compares with what the tables hold.
 *
 * @param nodeTable LinkBench: nodetable
 * @param linkTable LinkBench: linktable
 * @param countTable LinkBench: counttable
 * @param drop drop the three first (the user asked for it)
 * @param runStartId1 a run's {@value #STARTID1_PROPERTY}; 0 in a load
 * @param runMaxId1 a run's {@value #MAXID1_PROPERTY} (node ids runStartId1 to runMaxId1-1); 0 in a load
 * @param linkedWithin how far below runMaxId1-1 the largest id with links of such a graph can be: a
 *     node has no link with some probability z (LinkBench's out-degrees: 45%), so the last k ids all
 *     lack links with probability z^k, held under 1e-12; -1 where the graph may have no link at all
 */
public record LinkBenchPlan(String nodeTable, String linkTable, String countTable, boolean drop, long runStartId1,
    long runMaxId1, long linkedWithin) implements site.ycsbx.store.StoredTables {
  /** The properties a check names (the binding reads no workload class). */
  public static final String MAXID1_PROPERTY = "linkbench.maxid1";
  public static final String STARTID1_PROPERTY = "linkbench.startid1";

  /** A load's plan, or a run's that assumes nothing stored. */
  public LinkBenchPlan(String nodeTable, String linkTable, String countTable, boolean drop) {
    this(nodeTable, linkTable, countTable, drop, 0, 0, -1);
  }

  @Override
  public java.util.List<String> storedTables() {
    return java.util.List.of(nodeTable, linkTable, countTable);
  }

  /** LinkBench's table names. */
  public static LinkBenchPlan defaults(boolean drop) {
    return new LinkBenchPlan("nodetable", "linktable", "counttable", drop);
  }

  /**
   * Why a run of this plan cannot go on a graph whose count table's largest id1 is
   * {@code largestLinked} (the largest node with links: loads and runs write links of ids below
   * the graph's maxid1 only, and count rows are never removed) and whose node table's largest id
   * is {@code largestNode} (-1: unknown); null when it can (also when nothing is stored, or in a
   * load). Bindings read both from the tables' keys: two index lookups.
   *
   * @param counts the count table, for the message ("table counttable")
   * @param nodes the node table, likewise
   */
  public String graphMismatch(String counts, String nodes, long largestLinked, long largestNode) {
    if (runMaxId1 <= 0 || largestLinked < 0) {
      return null;
    }
    long last = runMaxId1 - 1;
    boolean larger = largestLinked > last;
    if (!larger && (linkedWithin < 0 || largestLinked >= last - linkedWithin)) {
      return null;
    }
    String stored = larger ? counts + " counts links of node " + largestLinked
        : counts + "'s links end at node " + largestLinked + " (a graph of " + (runMaxId1 - runStartId1)
            + " nodes has links within " + linkedWithin + " ids of its last)";
    String fix = largestNode >= 0 ? "; set " + MAXID1_PROPERTY + " to the one its load used (" + (largestNode + 1)
        + ", " + nodes + "'s largest id + 1, unless a run added nodes since)" : "; set " + MAXID1_PROPERTY
        + " to the one its load used";
    return "the run assumes " + MAXID1_PROPERTY + "=" + runMaxId1 + " (node ids " + runStartId1 + " to " + last
        + ") but the stored graph is " + (larger ? "larger" : "smaller") + ": " + stored + fix + ", or load "
        + (runMaxId1 - runStartId1) + " nodes first (bin/ycsb load with -p " + MAXID1_PROPERTY + "=" + runMaxId1
        + " -p linkbench.drop=true)";
  }
}
