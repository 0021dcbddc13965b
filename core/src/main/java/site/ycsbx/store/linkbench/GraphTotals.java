package site.ycsbx.store.linkbench;

import java.util.List;
import site.ycsbx.store.StoreException;

/**
 * Whole-table answers about the stored graph, for {@code bin/ycsb verify}: computed by the
 * database (grouped counts, gaps in a key) so that a check covers every row without reading every
 * row to the client. Reads only; from {@link LinkBenchStore#totals()}.
 */
public interface GraphTotals {
  /** Per (id1, link_type) of the link table: links, visible links, smallest and largest id2 and version. */
  record LinkGroup(long id1, long linkType, long links, long visible, long minId2, long maxId2, long minVersion,
      long maxVersion) {
  }

  /** An (id1, link_type) whose count in the count table is not its number of visible links. */
  record CountGap(long id1, long linkType, long counted, long visible) {
  }

  /** Nodes with ids from {@code fromId} (included) to {@code toId} (excluded). */
  long countNodes(long fromId, long toId) throws StoreException;

  /** The first {@code limit} ids of fromId..toId-1 that no node has, ascending (gaps in the primary key). */
  List<Long> missingNodeIds(long fromId, long toId, int limit) throws StoreException;

  /** The first {@code limit} node ids outside fromId..toId-1, ascending. */
  List<Long> nodeIdsOutside(long fromId, long toId, int limit) throws StoreException;

  /**
   * Nodes of another type or version than these, over the whole node table: how many, and the
   * first {@code limit} of them by id added to {@code first}.
   */
  long nodesNotOf(int type, long version, int limit, List<Node> first) throws StoreException;

  /** The groups of links whose id1 is from {@code fromId1} (included) to {@code toId1} (excluded), by id1 and type. */
  List<LinkGroup> linkGroups(long fromId1, long toId1) throws StoreException;

  /**
   * Every (id1, link_type) of either table whose count (0 when it has no row) differs from its
   * visible links, over the whole tables: how many, and the first {@code limit} by id1 and type
   * added to {@code first}.
   */
  long countsUnlikeLinks(int limit, List<CountGap> first) throws StoreException;
}
