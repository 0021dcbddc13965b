package site.ycsbx.store.linkbench;

import java.util.List;
import site.ycsbx.store.StoreException;

/**
 * What LinkBench's social graph needs from a database, in LinkBench's words (its NodeStore and
 * LinkStore). One instance per client thread. Counts belong with links: every link write keeps
 * the count of visible links of its (id1, link_type) equal to the links, in the same transaction
 * where the database has transactions.
 */
public interface LinkBenchStore {
  /** Creates the three tables when absent (drops them first only when the plan says so). */
  void prepare(LinkBenchPlan plan) throws StoreException;

  // ---- nodes

  /** Stores nodes with the ids they carry (the load phase), as one batch. */
  void addNodes(List<Node> nodes) throws StoreException;

  /** Stores a new node; the store assigns an id above every id stored so far and returns it. */
  long addNode(Node node) throws StoreException;

  /** The node of this id and type, or null. */
  Node getNode(int type, long id) throws StoreException;

  /** Replaces version, time and data of the node (id, type); false when there is none. */
  boolean updateNode(Node node) throws StoreException;

  /** Deletes the node (id, type); false when there was none. */
  boolean deleteNode(int type, long id) throws StoreException;

  // ---- links

  /**
   * Adds the link, or updates it (visibility, data, time, version) when (id1, link_type, id2)
   * exists; the count follows a link that becomes visible or hidden.
   *
   * @return true when the link was new
   */
  boolean addLink(Link link) throws StoreException;

  /**
   * Updates the link as {@link #addLink} does (adding it when absent).
   *
   * @return true when the link existed
   */
  boolean updateLink(Link link) throws StoreException;

  /**
   * Hides the link ({@code expunge} false: LinkBench's default) or removes it; a visible link
   * leaves the count.
   *
   * @return true when the link existed
   */
  boolean deleteLink(long id1, long linkType, long id2, boolean expunge) throws StoreException;

  /** The links of (id1, link_type) among {@code id2s}, hidden ones included, in any order. */
  List<Link> getLinks(long id1, long linkType, long[] id2s) throws StoreException;

  /**
   * Visible links of (id1, link_type) with time in [minTime, maxTime], newest first, after
   * skipping {@code offset}, at most {@code limit}.
   */
  List<Link> getLinkList(long id1, long linkType, long minTime, long maxTime, int offset, int limit)
      throws StoreException;

  /** The count of visible links of (id1, link_type), from the count table. */
  long countLinks(long id1, long linkType) throws StoreException;

  // ---- bulk load

  /** Stores links as one batch without touching counts (the load writes counts apart). */
  void addBulkLinks(List<Link> links) throws StoreException;

  /** Stores counts as one batch (the load's counts of the links it wrote). */
  void addBulkCounts(List<LinkCount> counts) throws StoreException;

  // ---- the verification

  /** Whole-table answers about the graph stored in this store's tables (bin/ycsb verify). */
  GraphTotals totals();
}
