package site.ycsbx.db.mongodb.linkbench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import site.ycsbx.store.linkbench.Link;
import site.ycsbx.store.linkbench.LinkCount;
import site.ycsbx.store.linkbench.Node;

/**
 * The documents and indexes of LinkBench's MongoDB port, and how nodes, links and counts become
 * documents and back (see {@link MongoLinkBenchStore} for the layout).
 */
final class LinkBenchDocuments {
  static final String ID = "_id";
  static final String TYPE = "type";
  static final String VERSION = "version";
  static final String TIME = "time";
  static final String DATA = "data";
  static final String ID1 = "id1";
  static final String ID2 = "id2";
  static final String LINK_TYPE = "link_type";
  static final String VISIBILITY = "visibility";
  static final String COUNT_ID = "id";
  static final String COUNT = "count";
  /**
   * The node collection's id counter: a document whose string {@code _id} no node id (int64)
   * can equal, holding in {@code last} the highest id handed out or loaded. addNode takes the
   * next id with one findAndModify {@code $inc}: ids stay unique and are never reused, also after
   * the newest node is deleted (as SQL's AUTO_INCREMENT, LinkBench's source of new ids), which
   * max(_id)+1 could not promise; it is one atomic round trip however many threads add nodes. A
   * collection without the counter gets it at its highest stored id (addNodes raises it with
   * {@code $max}).
   */
  static final String NODE_COUNTER = "linkbench.lastid";
  static final String COUNTER_LAST = "last";

  /** The link collection's unique index. */
  static final List<String> LINK_UNIQUE_INDEX = List.of(LINK_TYPE, ID1, ID2);
  /** The link collection's index for the range query, covering it. */
  static final List<String> LINK_RANGE_INDEX = List.of(ID1, LINK_TYPE, VISIBILITY, TIME, ID2, VERSION, DATA);
  /** The count collection's unique index. */
  static final List<String> COUNT_UNIQUE_INDEX = List.of(COUNT_ID, LINK_TYPE);

  static final Integer ONE = 1;

  private LinkBenchDocuments() {
  }

  /** A document (filter, update, projection) of these keys and values, in order. */
  static Map<String, Object> doc(Object... keysAndValues) {
    Map<String, Object> d = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      d.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return d;
  }

  /** An index's keys: each field ascending. */
  static Map<String, Object> keys(List<String> fields) {
    Map<String, Object> d = new LinkedHashMap<>();
    for (String f : fields) {
      d.put(f, ONE);
    }
    return d;
  }

  /**
   * The name MongoDB gives an ascending index of these fields by default, as LinkBench's MongoDB
   * port's indexes are named: {@code link_type_1_id1_1_id2_1}.
   */
  static String indexName(List<String> fields) {
    return String.join("_1_", fields) + "_1";
  }

  static long longOf(Map<String, Object> d, String field) {
    return ((Number) d.get(field)).longValue();
  }

  static int intOf(Map<String, Object> d, String field) {
    return ((Number) d.get(field)).intValue();
  }

  static Map<String, Object> nodeKey(int type, long id) {
    return doc(ID, id, TYPE, type);
  }

  static Map<String, Object> nodeDocument(Node n) {
    return doc(ID, n.id(), TYPE, n.type(), VERSION, n.version(), TIME, n.time(), DATA, n.data());
  }

  static Node node(Map<String, Object> d) {
    return new Node(longOf(d, ID), intOf(d, TYPE), longOf(d, VERSION), intOf(d, TIME), (byte[]) d.get(DATA));
  }

  static Map<String, Object> linkKey(long id1, long linkType, long id2) {
    return doc(LINK_TYPE, linkType, ID1, id1, ID2, id2);
  }

  static Map<String, Object> linkDocument(Link l) {
    Map<String, Object> d = linkKey(l.id1(), l.linkType(), l.id2());
    d.put(VISIBILITY, l.visible() ? 1 : 0);
    d.put(DATA, l.data());
    d.put(TIME, l.time());
    d.put(VERSION, l.version());
    return d;
  }

  static Link link(Map<String, Object> d) {
    return new Link(longOf(d, ID1), longOf(d, LINK_TYPE), longOf(d, ID2), visible(d), (byte[]) d.get(DATA),
        intOf(d, VERSION), longOf(d, TIME));
  }

  /** True when the link (null: absent) is visible. */
  static boolean visible(Map<String, Object> link) {
    if (link == null) {
      return false;
    }
    return link.get(VISIBILITY) instanceof Number v && v.intValue() == 1;
  }

  static Map<String, Object> countKey(long id1, long linkType) {
    return doc(COUNT_ID, id1, LINK_TYPE, linkType);
  }

  static Map<String, Object> countDocument(LinkCount c) {
    Map<String, Object> d = countKey(c.id1(), c.linkType());
    d.put(COUNT, c.count());
    d.put(TIME, c.time());
    d.put(VERSION, c.version());
    return d;
  }
}
