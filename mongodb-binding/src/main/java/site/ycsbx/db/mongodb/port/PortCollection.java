package site.ycsbx.db.mongodb.port;

import java.util.List;
import java.util.Map;

/**
 * The operations on one collection the MongoDB families use, the same on both driver lines.
 * Every call throws {@link PortException} when the driver fails.
 *
 * <p>Values written and read back are what both drivers encode alike: String, Integer, Long,
 * Double, Boolean, byte[] (BSON binary of the generic subtype, read back as byte[]), java.util.Date, and nested maps and
 * lists of these. Documents read back are maps of the driver's own type, in the server's field order.
 */
public interface PortCollection {
  /** The first document matching {@code filter}, with the fields of {@code projection} (all when null); null when none. */
  Map<String, Object> findOne(Map<String, Object> filter, Map<String, Object> projection);

  /**
   * The documents matching {@code filter} in {@code sort} order (the server's when null), at most
   * {@code limit} (0: all), with the fields of {@code projection} (all when null).
   */
  default PortCursor find(Map<String, Object> filter, Map<String, Object> projection, Map<String, Object> sort,
      int limit) {
    return find(filter, projection, sort, limit, null);
  }

  /** {@link #find(Map, Map, Map, int)} through the index of keys {@code hint} (the server's choice when null). */
  PortCursor find(Map<String, Object> filter, Map<String, Object> projection, Map<String, Object> sort, int limit,
      Map<String, Object> hint);

  /** The documents in the collection, exactly: countDocuments on the 4.x/5.x driver, the count command on 3.5. */
  long count();

  /** The documents in the collection as its metadata says: estimatedDocumentCount on 4.x/5.x, the count command on 3.5. */
  long estimatedCount();

  /** Inserts one document; a taken {@code _id} fails as a {@link PortException#duplicateKey() duplicate key}. */
  void insertOne(Map<String, Object> document);

  /**
   * Inserts the documents in order as one batch, stopping at the first failed write: one
   * insertMany on the 4.x/5.x driver; one OP_INSERT and one getLastError on wire version 0.
   * A failure says how many were {@link PortException#storedBefore() stored before it}, when the driver knows.
   */
  default void insertMany(List<Map<String, Object>> documents) {
    insertMany(documents, true);
  }

  /**
   * {@link #insertMany(List)}, or unordered: every document tried, a failed one stopping none of
   * the others (on wire version 0 the OP_INSERT's ContinueOnError flag).
   */
  void insertMany(List<Map<String, Object>> documents, boolean ordered);

  /** Replaces the document of {@code document}'s {@code _id}, inserting it when absent. */
  void upsertOne(Map<String, Object> document);

  /** {@link #upsertOne} for each document, in order, as one ordered bulk write. */
  void upsertMany(List<Map<String, Object>> documents);

  /** Applies {@code update} (operators such as $set) to the first match: the documents matched, -1 when the write was not acknowledged. */
  long updateOne(Map<String, Object> filter, Map<String, Object> update);

  /**
   * Deletes the match of {@code filter}, a filter on a unique key (such as {@code _id}): the
   * documents deleted, -1 when the write was not acknowledged. The 3.5 side sends the legacy
   * remove the binding always sent, which would delete every match of a looser filter.
   */
  long deleteOne(Map<String, Object> filter);

  /** Deletes every match of {@code filter}: the documents deleted, -1 when the write was not acknowledged. */
  long deleteMany(Map<String, Object> filter);

  /** Creates the index of {@code keys} (field: 1 or -1, in order) named {@code name}; nothing when it exists. */
  void createIndex(Map<String, Object> keys, String name);

  /** The collection's indexes as the server lists them (name, key, ...); empty when the collection is absent. */
  List<Map<String, Object>> listIndexes();

  /** Drops the collection and its indexes; nothing when it is absent. */
  void drop();

  // linkbench

  /**
   * {@link #find(Map, Map, Map, int)} past the first {@code skip} documents of that order: the
   * page of a range query.
   */
  PortCursor find(Map<String, Object> filter, Map<String, Object> projection, Map<String, Object> sort, int skip,
      int limit);

  /**
   * The documents matching {@code filter}, by the count command (read as the run reads) on both
   * lines: the 4.x/5.x driver's countDocuments would send an aggregation instead (filemeta's
   * COUNT_DELETED is that command).
   */
  long count(Map<String, Object> filter);

  /**
   * The documents matching {@code filter}, counted from the documents themselves: countDocuments
   * (an aggregation) on the 4.x/5.x driver, which on a sharded cluster skips the orphans a
   * migration leaves that the count command would add; the count command on 3.5 (2.4 has no
   * other). What verify's totals read.
   */
  long countExactly(Map<String, Object> filter);

  /**
   * One findAndModify of the first match of {@code filter}: {@code update} applied (inserted from
   * the filter's equalities when none matches and {@code upsert}), the document as it was (null
   * when none matched) or, with {@code returnNew}, as it is now, with the fields of
   * {@code projection} (all when null). The write concern is the run's where the server takes one.
   */
  Map<String, Object> findOneAndUpdate(Map<String, Object> filter, Map<String, Object> update,
      Map<String, Object> projection, boolean upsert, boolean returnNew);

  /** One findAndModify removing the first match of {@code filter}: the document as it was, null when none matched. */
  Map<String, Object> findOneAndDelete(Map<String, Object> filter, Map<String, Object> projection);

  /**
   * {@link #updateOne}, inserting a document from the filter's equalities and {@code update}
   * when none matches (the drivers count an upsert's insert differently, so nothing is returned).
   */
  void upsertUpdate(Map<String, Object> filter, Map<String, Object> update);

  /**
   * The results of the aggregation {@code pipeline}, all read: a cursor (allowDiskUse) on 2.6+,
   * the inline result of 2.4 (at most 16 MB) on wire version 0.
   */
  List<Map<String, Object>> aggregate(List<Map<String, Object>> pipeline);

  /** {@link #createIndex(Map, String)}, unique when {@code unique} (a duplicate key then fails a write). */
  void createIndex(Map<String, Object> keys, String name, boolean unique);

  // sysbench

  /**
   * The distinct values of {@code field} among the matches of {@code filter}, in the server's
   * order, as the driver reads them: the distinct command on both lines.
   */
  List<Object> distinct(String field, Map<String, Object> filter);

  /**
   * The results of the aggregation {@code pipeline}, all read, as the server runs it by default
   * (no allowDiskUse: for small results such as a range of sysbench's), through the index of keys
   * {@code hint} when not null. 2.4's aggregate takes no hint: on wire version 0 it is not sent,
   * and a leading $match on the hinted key is left to 2.4's planner.
   */
  List<Map<String, Object>> aggregate(List<Map<String, Object>> pipeline, Map<String, Object> hint);
}
