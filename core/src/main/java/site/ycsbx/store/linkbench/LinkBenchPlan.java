package site.ycsbx.store.linkbench;

/**
 * What a store must prepare before the first operation: its three tables (or collections) by
 * name, created when absent, dropped first only when {@code drop} is asked.
 *
 * @param nodeTable LinkBench: nodetable
 * @param linkTable LinkBench: linktable
 * @param countTable LinkBench: counttable
 * @param drop drop the three first (the user asked for it)
 */
public record LinkBenchPlan(String nodeTable, String linkTable, String countTable, boolean drop)
    implements site.ycsbx.store.StoredTables {
  @Override
  public java.util.List<String> storedTables() {
    return java.util.List.of(nodeTable, linkTable, countTable);
  }

  /** LinkBench's table names. */
  public static LinkBenchPlan defaults(boolean drop) {
    return new LinkBenchPlan("nodetable", "linktable", "counttable", drop);
  }
}
