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
  PortCursor find(Map<String, Object> filter, Map<String, Object> projection, Map<String, Object> sort, int limit);

  /** Inserts one document; a taken {@code _id} fails as a {@link PortException#duplicateKey() duplicate key}. */
  void insertOne(Map<String, Object> document);

  /**
   * Inserts the documents in order as one batch, stopping at the first failed write: one
   * insertMany on the 4.x/5.x driver; one OP_INSERT and one getLastError on wire version 0.
   * A failure says how many were {@link PortException#storedBefore() stored before it}, when the driver knows.
   */
  void insertMany(List<Map<String, Object>> documents);

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
}
