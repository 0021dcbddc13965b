package site.ycsbx.db.mongodb.linkbench;

import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonValue;
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

  static final String LINK_UNIQUE_INDEX = "link_type_1_id1_1_id2_1";
  static final String LINK_RANGE_INDEX = "id1_1_link_type_1_visibility_1_time_1_id2_1_version_1_data_1";
  static final String COUNT_UNIQUE_INDEX = "id_1_link_type_1";

  static final BsonInt32 ONE = new BsonInt32(1);

  private LinkBenchDocuments() {
  }

  /** An index's keys: each field ascending. */
  static BsonDocument keys(String... fields) {
    BsonDocument d = new BsonDocument();
    for (String f : fields) {
      d.append(f, ONE);
    }
    return d;
  }

  static BsonDocument nodeKey(int type, long id) {
    return new BsonDocument(ID, new BsonInt64(id)).append(TYPE, new BsonInt32(type));
  }

  static BsonDocument nodeDocument(Node n) {
    return new BsonDocument(ID, new BsonInt64(n.id())).append(TYPE, new BsonInt32(n.type()))
        .append(VERSION, new BsonInt64(n.version())).append(TIME, new BsonInt32(n.time()))
        .append(DATA, new BsonBinary(n.data()));
  }

  static Node node(BsonDocument d) {
    return new Node(d.getNumber(ID).longValue(), d.getNumber(TYPE).intValue(), d.getNumber(VERSION).longValue(),
        d.getNumber(TIME).intValue(), d.getBinary(DATA).getData());
  }

  static BsonDocument linkKey(long id1, long linkType, long id2) {
    return new BsonDocument(LINK_TYPE, new BsonInt64(linkType)).append(ID1, new BsonInt64(id1))
        .append(ID2, new BsonInt64(id2));
  }

  static BsonDocument linkDocument(Link l) {
    return linkKey(l.id1(), l.linkType(), l.id2()).append(VISIBILITY, new BsonInt32(l.visible() ? 1 : 0))
        .append(DATA, new BsonBinary(l.data())).append(TIME, new BsonInt64(l.time()))
        .append(VERSION, new BsonInt32(l.version()));
  }

  static Link link(BsonDocument d) {
    return new Link(d.getNumber(ID1).longValue(), d.getNumber(LINK_TYPE).longValue(), d.getNumber(ID2).longValue(),
        visible(d), d.getBinary(DATA).getData(), d.getNumber(VERSION).intValue(), d.getNumber(TIME).longValue());
  }

  /** True when the link (null: absent) is visible. */
  static boolean visible(BsonDocument link) {
    if (link == null) {
      return false;
    }
    BsonValue v = link.get(VISIBILITY);
    return v != null && v.isNumber() && v.asNumber().intValue() == 1;
  }

  static BsonDocument countKey(long id1, long linkType) {
    return new BsonDocument(COUNT_ID, new BsonInt64(id1)).append(LINK_TYPE, new BsonInt64(linkType));
  }

  static BsonDocument countDocument(LinkCount c) {
    return countKey(c.id1(), c.linkType()).append(COUNT, new BsonInt64(c.count())).append(TIME, new BsonInt64(c.time()))
        .append(VERSION, new BsonInt64(c.version()));
  }
}
