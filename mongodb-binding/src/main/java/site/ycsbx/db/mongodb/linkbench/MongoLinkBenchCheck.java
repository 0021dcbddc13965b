package site.ycsbx.db.mongodb.linkbench;

import java.util.Map;
import java.util.function.Function;
import site.ycsbx.db.mongodb.conn.ExistingCollection;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.db.mongodb.conn.TransactionalCheck;
import site.ycsbx.db.mongodb.port.MongoPort;
import site.ycsbx.db.mongodb.port.PortCursor;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.linkbench.LinkBenchPlan;
import site.ycsbx.util.UserError;

/**
 * What a linkbench run needs of MongoDB, checked before any thread creates anything:
 * {@value MongoLinkBenchStore#TRANSACTIONS_PROPERTY} is a mode, and a server that can run what it
 * asks; database names MongoDB accepts with {@value MongoOptions#DATABASE_PER_COLLECTION_PROPERTY}.
 * Records in the fingerprint whether link writes run in transactions. The collections are read
 * through the driver port, alike on both driver lines.
 */
public final class MongoLinkBenchCheck extends TransactionalCheck {
  /**
   * @param sessions whether the driver line has sessions (the mongodb binding); without them
   *     (MongoDB 2.4, TokuMX) {@code true} is refused before any server is asked
   */
  public MongoLinkBenchCheck(boolean sessions) {
    super(MongoLinkBenchStore.TRANSACTIONS, sessions);
  }

  @Override
  public void checkOptions(StoreDemand demand, MongoOptions options) {
    super.checkOptions(demand, options);
    LinkBenchPlan plan = plan(demand);
    if (options.databasePerCollection()) {
      for (String c : new String[] {plan.nodeTable(), plan.linkTable(), plan.countTable()}) {
        String name = options.databaseOf(c);
        if (name.length() > MongoOptions.DATABASE_NAME_MAX) {
          throw new UserError(MongoOptions.DATABASE_PER_COLLECTION_PROPERTY + "=true needs database " + name + " ("
              + name.length() + " characters) but MongoDB accepts at most " + MongoOptions.DATABASE_NAME_MAX
              + "; use a shorter database in " + MongoOptions.URL_PROPERTY + " or shorter collection names");
        }
      }
    }
  }

  /** The workload's drop switch (the binding reads no workload class). */
  static final String DROP_PROPERTY = "linkbench.drop";

  /** Refuses a drop of a collection that is not LinkBench's, a verify of what is not stored, another graph. */
  @Override
  public void checkServer(StoreDemand demand, MongoOptions options, Function<String, MongoPort> ports) {
    LinkBenchPlan plan = plan(demand);
    if (plan.drop()) {
      checkDrop(plan, options, ports);
    }
    if (demand.verify()) {
      checkStored(plan, options, ports);
    }
    if (!plan.drop()) {
      checkGraph(plan, options, ports);
    }
  }

  /**
   * {@value #DROP_PROPERTY}=true drops only collections of LinkBench's documents: a sampled
   * document's fields must be among those of its kind (node, link, count).
   */
  private static void checkDrop(LinkBenchPlan plan, MongoOptions options, Function<String, MongoPort> ports) {
    for (String[] kind : kinds(plan)) {
      ExistingCollection c = ExistingCollection.of(ports, options, options.databaseOf(kind[0]), kind[0]);
      java.util.Set<String> allowed = new java.util.TreeSet<>(java.util.List.of(kind).subList(2, kind.length));
      if (c != null && !c.isEmpty() && !allowed.containsAll(c.fields())) {
        allowed.remove(LinkBenchDocuments.COUNTER_LAST);
        throw new UserError(DROP_PROPERTY + "=true refused, nothing dropped: " + c.describe() + ", not LinkBench's "
            + kind[1] + " (" + String.join(", ", allowed) + "); " + DROP_PROPERTY + " drops only such a collection:"
            + " name another linkbench." + kind[1] + ", or drop it yourself");
      }
    }
  }

  /** {@code bin/ycsb verify}: the three collections exist and hold LinkBench's documents. */
  private static void checkStored(LinkBenchPlan plan, MongoOptions options, Function<String, MongoPort> ports) {
    for (String[] kind : kinds(plan)) {
      ExistingCollection c = ExistingCollection.of(ports, options, options.databaseOf(kind[0]), kind[0]);
      if (c == null) {
        throw StoreDemand.nothingStored("collection " + options.databaseOf(kind[0]) + "." + kind[0] + " at "
            + options.maskedUrl());
      }
      java.util.Set<String> allowed = new java.util.TreeSet<>(java.util.List.of(kind).subList(2, kind.length));
      if (!c.isEmpty() && !allowed.containsAll(c.fields())) {
        throw StoreDemand.otherShape(c.describe() + ", not LinkBench's " + kind[1] + " (" + String.join(", ", allowed)
            + "): name the linkbench." + kind[1] + " that holds them");
      }
    }
  }

  /**
   * A run's graph against the stored one ({@link LinkBenchPlan#graphMismatch}): the count
   * collection's largest id1 on its {id, link_type} index, the node collection's largest numeric
   * _id (the id counter's string _id sorts apart).
   */
  private static void checkGraph(LinkBenchPlan plan, MongoOptions options, Function<String, MongoPort> ports) {
    if (plan.runMaxId1() <= 0) {
      return;
    }
    String countsName = options.databaseOf(plan.countTable()) + "." + plan.countTable();
    ExistingCollection counts = ExistingCollection.of(ports, options, options.databaseOf(plan.countTable()),
        plan.countTable());
    if (counts == null) {
      return;
    }
    Map<String, Object> top = first(ports, options, plan.countTable(), LinkBenchDocuments.doc(),
        LinkBenchDocuments.COUNT_ID);
    if (top == null) {
      return;
    }
    ExistingCollection nodes = ExistingCollection.of(ports, options, options.databaseOf(plan.nodeTable()),
        plan.nodeTable());
    Map<String, Object> lastNode = nodes == null ? null : first(ports, options, plan.nodeTable(),
        LinkBenchDocuments.doc(LinkBenchDocuments.ID, LinkBenchDocuments.doc("$gte", Long.MIN_VALUE, "$lte",
            Long.MAX_VALUE)), LinkBenchDocuments.ID);
    String why = plan.graphMismatch("collection " + countsName, "collection " + options.databaseOf(plan.nodeTable())
        + "." + plan.nodeTable(), ((Number) top.get(LinkBenchDocuments.COUNT_ID)).longValue(),
        lastNode == null ? -1 : ((Number) lastNode.get(LinkBenchDocuments.ID)).longValue());
    if (why != null) {
      throw new UserError(why + " (at " + options.maskedUrl() + ")");
    }
  }

  // the match of filter with the largest value of field
  private static Map<String, Object> first(Function<String, MongoPort> ports, MongoOptions options, String collection,
      Map<String, Object> filter, String field) {
    try (PortCursor c = ports.apply(options.databaseOf(collection)).collection(collection).find(filter, null,
        LinkBenchDocuments.doc(field, -1), 1)) {
      return c.hasNext() ? c.next() : null;
    }
  }

  /** Each collection: its name, its kind, the fields its documents may have. */
  private static String[][] kinds(LinkBenchPlan plan) {
    return new String[][] {
        {plan.nodeTable(), "nodetable", LinkBenchDocuments.TYPE, LinkBenchDocuments.VERSION, LinkBenchDocuments.TIME,
            LinkBenchDocuments.DATA, LinkBenchDocuments.COUNTER_LAST},
        {plan.linkTable(), "linktable", LinkBenchDocuments.ID1, LinkBenchDocuments.ID2, LinkBenchDocuments.LINK_TYPE,
            LinkBenchDocuments.VISIBILITY, LinkBenchDocuments.DATA, LinkBenchDocuments.TIME,
            LinkBenchDocuments.VERSION},
        {plan.countTable(), "counttable", LinkBenchDocuments.COUNT_ID, LinkBenchDocuments.LINK_TYPE,
            LinkBenchDocuments.COUNT, LinkBenchDocuments.TIME, LinkBenchDocuments.VERSION}};
  }

  private static LinkBenchPlan plan(StoreDemand demand) {
    return demand.plan() instanceof LinkBenchPlan p ? p : LinkBenchPlan.defaults(false);
  }
}
