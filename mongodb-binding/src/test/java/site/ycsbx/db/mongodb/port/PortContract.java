package site.ycsbx.db.mongodb.port;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Date;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.mongodb.TestServer;

/**
 * What every {@link MongoPort} does, whichever driver line is under it: a subclass opens the port
 * to a fresh database of its server (the in-process server, or its legacy pose for driver 3.5).
 * The families written over the port rely on exactly this.
 */
public abstract class PortContract {
  /** The prefix every failure's line gets from the describer the subclass hands its port. */
  protected static final String DESCRIBED = "described: ";

  private String database;
  private MongoPort port;

  /** The port to {@code database}, writing acknowledged (w:1) or not (w:0), failures described as {@link #DESCRIBED} + the driver's class name. */
  protected abstract MongoPort open(String database, boolean acknowledged);

  /** Whether the driver says how many documents of a failed ordered batch were stored before the failure. */
  protected abstract boolean knowsStoredBefore();

  /** A failure's line as the subclass's describer gives it. */
  protected static String describe(Throwable e) {
    return DESCRIBED + e.getClass().getSimpleName();
  }

  @BeforeEach
  void freshDatabase() {
    database = TestServer.freshDatabase();
    port = open(database, true);
  }

  protected String database() {
    return database;
  }

  private Map<String, Object> doc(String id, Object... kv) {
    Map<String, Object> d = port.document("_id", id);
    for (int i = 0; i < kv.length; i += 2) {
      d.put((String) kv[i], kv[i + 1]);
    }
    return d;
  }

  private Map<String, Object> byId(String id) {
    return port.document("_id", id);
  }

  private List<String> ids(PortCursor cursor) {
    List<String> out = new ArrayList<>();
    try (cursor) {
      cursor.forEachRemaining(d -> out.add((String) d.get("_id")));
    }
    return out;
  }

  // maps and lists as plain ones, byte[] as hex: comparable across both drivers' types
  private static Object plain(Object v) {
    if (v instanceof Map<?, ?> m) {
      Map<Object, Object> out = new LinkedHashMap<>();
      m.forEach((k, x) -> out.put(k, plain(x)));
      return out;
    }
    if (v instanceof List<?> l) {
      return l.stream().map(PortContract::plain).toList();
    }
    return v instanceof byte[] b ? "bytes " + HexFormat.of().formatHex(b) : v;
  }

  @Test
  void valuesBothDriversEncodeAlikeComeBackAsTheyWent() {
    Map<String, Object> nested = new LinkedHashMap<>();
    nested.put("n", 1);
    nested.put("inner", List.of(1, "two", new byte[] {9}));
    Map<String, Object> d = doc("k", "s", "text", "i", 7, "l", 1L << 40, "d", 2.5, "b", true,
        "bytes", new byte[] {1, 2, (byte) 0xff}, "date", new Date(1_700_000_000_123L), "map", nested,
        "list", List.of("x", 2L, Map.of("y", false)));
    port.collection("c").insertOne(d);
    Map<String, Object> read = port.collection("c").findOne(byId("k"), null);
    assertEquals(plain(d), plain(read));
    assertInstanceOf(Integer.class, read.get("i"));
    assertInstanceOf(Long.class, read.get("l"));
    assertInstanceOf(byte[].class, read.get("bytes"));
    assertInstanceOf(Date.class, read.get("date"));
    assertInstanceOf(Map.class, read.get("map"));
    assertInstanceOf(byte[].class, ((List<?>) ((Map<?, ?>) read.get("map")).get("inner")).get(2));
    assertInstanceOf(List.class, read.get("list"));
  }

  @Test
  void findOneReadsTheProjectedFieldsAndNullWhenNothingMatches() {
    PortCollection c = port.collection("c");
    c.insertOne(doc("k", "a", "1", "b", "2", "c", "3"));
    Map<String, Object> projection = port.document("a", 1);
    projection.put("c", 1);
    assertEquals(Map.of("_id", "k", "a", "1", "c", "3"), plain(c.findOne(byId("k"), projection)));
    assertNull(c.findOne(byId("absent"), null));
    assertNull(port.collection("never-written").findOne(byId("k"), projection));
  }

  @Test
  void findReadsARangeInSortOrderUpToTheLimit() {
    PortCollection c = port.collection("c");
    List<Map<String, Object>> docs = new ArrayList<>();
    for (int i : new int[] {5, 2, 9, 0, 7, 3, 1, 8, 6, 4}) {
      docs.add(doc("k" + i, "f", i, "g", "x"));
    }
    c.insertMany(docs);
    Map<String, Object> from = port.document("_id", port.document("$gte", "k3"));
    assertEquals(List.of("k3", "k4", "k5", "k6"), ids(c.find(from, null, port.document("_id", 1), 4)));
    assertEquals(List.of("k9", "k8"), ids(c.find(from, null, port.document("_id", -1), 2)));
    assertEquals(7, ids(c.find(from, null, port.document("_id", 1), 0)).size());
    try (PortCursor cursor = c.find(byId("k3"), port.document("g", 1), null, 1)) {
      assertEquals(Map.of("_id", "k3", "g", "x"), plain(cursor.next()));
      assertFalse(cursor.hasNext());
    }
    assertEquals(List.of(), ids(c.find(port.document("_id", port.document("$gte", "z")), null, null, 0)));
  }

  @Test
  void aTakenIdIsADuplicateKeyInTheDescribersLine() {
    PortCollection c = port.collection("c");
    c.insertOne(doc("k", "v", 1));
    PortException e = assertThrows(PortException.class, () -> c.insertOne(doc("k", "v", 2)));
    assertTrue(e.duplicateKey(), e.getMessage());
    assertTrue(e.getMessage().startsWith(DESCRIBED), e.getMessage());
    assertEquals(DESCRIBED + e.getCause().getClass().getSimpleName(), e.getMessage());
    assertEquals(0, e.storedBefore());
    assertEquals(Map.of("_id", "k", "v", 1), plain(c.findOne(byId("k"), null)));
  }

  @Test
  void aBatchIsStoredInOrderUpToItsFirstFailedWrite() {
    PortCollection c = port.collection("c");
    c.insertOne(doc("k1"));
    PortException e = assertThrows(PortException.class,
        () -> c.insertMany(List.of(doc("k0"), doc("k1", "again", true), doc("k2"))));
    assertTrue(e.duplicateKey(), e.getMessage());
    assertEquals(knowsStoredBefore() ? 1 : 0, e.storedBefore());
    assertEquals(List.of("k0", "k1"), ids(c.find(port.document(), null, port.document("_id", 1), 0)));
    assertNull(c.findOne(byId("k1"), null).get("again"));
  }

  @Test
  void upsertsInsertWhatIsAbsentAndReplaceWhatIsThere() {
    PortCollection c = port.collection("c");
    c.upsertOne(doc("a", "v", 1, "old", "x"));
    c.upsertOne(doc("a", "v", 2));
    assertEquals(Map.of("_id", "a", "v", 2), plain(c.findOne(byId("a"), null)));
    c.upsertMany(List.of(doc("a", "v", 3), doc("b", "v", 1), doc("c", "v", 1)));
    assertEquals(List.of("a", "b", "c"), ids(c.find(port.document(), null, port.document("_id", 1), 0)));
    assertEquals(Map.of("_id", "a", "v", 3), plain(c.findOne(byId("a"), null)));
  }

  @Test
  void updateOneSetsTheFieldsOfTheMatchAndCountsIt() {
    PortCollection c = port.collection("c");
    c.insertMany(List.of(doc("a", "x", 1, "y", 1), doc("b", "x", 1, "y", 1)));
    assertEquals(1, c.updateOne(byId("a"), port.document("$set", port.document("x", new byte[] {4}))));
    assertEquals(Map.of("_id", "a", "x", "bytes 04", "y", 1), plain(c.findOne(byId("a"), null)));
    assertEquals(Map.of("_id", "b", "x", 1, "y", 1), plain(c.findOne(byId("b"), null)));
    assertEquals(0, c.updateOne(byId("absent"), port.document("$set", port.document("x", 2))));
  }

  @Test
  void deleteOneRemovesTheMatchAndCountsIt() {
    PortCollection c = port.collection("c");
    c.insertMany(List.of(doc("a"), doc("b")));
    assertEquals(1, c.deleteOne(byId("a")));
    assertEquals(0, c.deleteOne(byId("a")));
    assertEquals(List.of("b"), ids(c.find(port.document(), null, null, 0)));
  }

  @Test
  void unacknowledgedWritesCountNothing() {
    port.collection("c").insertOne(doc("a"));
    PortCollection w0 = open(database, false).collection("c");
    assertEquals(-1, w0.updateOne(byId("a"), port.document("$set", port.document("x", 1))));
    assertEquals(-1, w0.deleteOne(byId("absent")));
  }

  @Test
  void mapsOfOtherTypesAreTakenAsDocuments() {
    PortCollection c = port.collection("c");
    Map<String, Object> plainDoc = new LinkedHashMap<>(Map.of("_id", "p", "v", 1));
    c.insertOne(plainDoc);
    c.insertMany(List.of(new LinkedHashMap<>(Map.of("_id", "q")), doc("r")));
    c.upsertMany(List.of(new LinkedHashMap<>(Map.of("_id", "s"))));
    assertEquals(1, c.updateOne(Map.of("_id", "p"), Map.of("$set", Map.of("v", 2))));
    assertEquals(Map.of("_id", "p", "v", 2), plain(c.findOne(Map.of("_id", "p"), Map.of("v", 1))));
    assertEquals(List.of("p", "q", "r", "s"), ids(c.find(Map.of(), null, Map.of("_id", 1), 0)));
    assertEquals(1, c.deleteOne(Map.of("_id", "q")));
  }

  @Test
  void anUnorderedBatchStoresAllButItsFailedWrites() {
    PortCollection c = port.collection("c");
    c.insertOne(doc("k1"));
    PortException e = assertThrows(PortException.class,
        () -> c.insertMany(List.of(doc("k0"), doc("k1", "again", true), doc("k2")), false));
    assertTrue(e.duplicateKey(), e.getMessage());
    assertEquals(List.of("k0", "k1", "k2"), ids(c.find(port.document(), null, port.document("_id", 1), 0)));
    assertEquals(3, c.count());
    assertEquals(3, c.estimatedCount());
  }

  @Test
  void indexesAreCreatedOnceListedAndDroppedWithTheirCollection() {
    PortCollection c = port.collection("c");
    assertEquals(List.of(), c.listIndexes());
    c.insertOne(doc("a", "x", 1, "y", 2));
    Map<String, Object> keys = port.document("x", 1);
    keys.put("y", 1);
    c.createIndex(keys, "xy");
    c.createIndex(keys, "xy");
    Map<String, Object> listed = new LinkedHashMap<>();
    c.listIndexes().forEach(i -> listed.put((String) i.get("name"), plain(i.get("key"))));
    assertEquals(Map.of("_id_", Map.of("_id", 1), "xy", Map.of("x", 1, "y", 1)), listed);
    assertTrue(port.collectionNames().contains("c"), port.collectionNames().toString());
    c.drop();
    c.drop();
    assertFalse(port.collectionNames().contains("c"), port.collectionNames().toString());
    assertEquals(List.of(), c.listIndexes());
    assertEquals(0, c.count());
  }

  @Test
  void aHintedFindReadsWhatTheUnhintedOneReads() {
    PortCollection c = port.collection("c");
    c.insertMany(List.of(doc("a", "x", 2), doc("b", "x", 1)));
    c.createIndex(port.document("x", 1), "x");
    try (PortCursor cursor = c.find(port.document(), port.document("x", 1), null, 0, port.document("x", 1))) {
      List<Object> xs = new ArrayList<>();
      cursor.forEachRemaining(d -> xs.add(d.get("x")));
      assertEquals(2, xs.size(), xs.toString());
    }
  }

  @Test
  void deleteManyRemovesARangeAndCountsIt() {
    PortCollection c = port.collection("c");
    c.insertMany(List.of(doc("a"), doc("b"), doc("c"), doc("d")));
    Map<String, Object> range = port.document("$gte", "b");
    range.put("$lte", "c");
    assertEquals(2, c.deleteMany(port.document("_id", range)));
    assertEquals(List.of("a", "d"), ids(c.find(port.document(), null, port.document("_id", 1), 0)));
    assertEquals(2, c.count());
  }

  @Test
  void commandsAnswerAndAFailedOneThrows() {
    port.collection("c").insertMany(List.of(doc("a"), doc("b")));
    Map<String, Object> stats = port.command(port.document("collStats", "c"));
    assertEquals(2, ((Number) stats.get("count")).intValue(), stats.toString());
    PortException e = assertThrows(PortException.class, () -> port.command(port.document("noSuchCommand", 1)));
    assertTrue(e.getMessage().startsWith(DESCRIBED), e.getMessage());
  }

  @Test
  void objectIdsGoThroughTheirBytes() {
    byte[] bytes = HexFormat.of().parseHex("5f0000000000000000000001");
    Map<String, Object> d = port.document("_id", port.objectId(bytes));
    port.collection("c").insertOne(d);
    Object read = port.collection("c").findOne(port.document(), null).get("_id");
    assertEquals(HexFormat.of().formatHex(bytes), HexFormat.of().formatHex(port.objectIdBytes(read)));
    assertEquals(read, port.objectId(bytes));
    assertNull(port.objectIdBytes("5f0000000000000000000001"));
  }

  // linkbench

  @Test
  void findSkipsToAPageAndCountsAFilter() {
    PortCollection c = port.collection("c");
    c.insertMany(List.of(doc("a", "x", 1), doc("b", "x", 2), doc("c", "x", 2), doc("d", "x", 2)));
    try (PortCursor page = c.find(port.document("x", 2), null, port.document("_id", -1), 1, 1)) {
      assertEquals(List.of("c"), ids(page));
    }
    assertEquals(3, c.count(port.document("x", 2)));
    assertEquals(0, c.count(port.document("x", 3)));
  }

  @Test
  void findOneAndUpdateReturnsTheOldOrNewDocumentAndUpserts() {
    PortCollection c = port.collection("c");
    Map<String, Object> set = port.document("$set", port.document("v", 1));
    assertNull(c.findOneAndUpdate(port.document("_id", "a"), set, port.document("v", 1), true, false));
    Map<String, Object> inc = port.document("$inc", port.document("v", 1L));
    Map<String, Object> old = c.findOneAndUpdate(port.document("_id", "a"), inc, port.document("v", 1), false, false);
    assertEquals(1, ((Number) old.get("v")).intValue(), old.toString());
    Map<String, Object> now = c.findOneAndUpdate(port.document("_id", "a"), inc, null, false, true);
    assertEquals(3, ((Number) now.get("v")).intValue(), now.toString());
    assertNull(c.findOneAndUpdate(port.document("_id", "b"), inc, null, false, true));
    assertEquals(1, c.count());
  }

  @Test
  void findOneAndDeleteReturnsWhatItRemoved() {
    PortCollection c = port.collection("c");
    c.insertMany(List.of(doc("a", "x", 1), doc("b", "x", 2)));
    Map<String, Object> gone = c.findOneAndDelete(port.document("_id", "a"), port.document("x", 1));
    assertEquals(1, ((Number) gone.get("x")).intValue(), gone.toString());
    assertNull(c.findOneAndDelete(port.document("_id", "a"), null));
    assertEquals(List.of("b"), ids(c.find(port.document(), null, null, 0)));
  }

  @Test
  void upsertUpdateInsertsFromTheFilterThenUpdates() {
    PortCollection c = port.collection("c");
    Map<String, Object> key = port.document("k", 7L);
    key.put("t", 1L);
    c.upsertUpdate(key, port.document("$inc", port.document("n", 1L)));
    c.upsertUpdate(key, port.document("$inc", port.document("n", 1L)));
    Map<String, Object> d = c.findOne(key, null);
    assertEquals(2L, ((Number) d.get("n")).longValue(), d.toString());
    assertEquals(7L, ((Number) d.get("k")).longValue(), d.toString());
    assertEquals(1, c.count());
  }

  // filemeta
  @Test
  void aCountWithAFilterCountsItsMatchesOnly() {
    PortCollection c = port.collection("c");
    c.insertMany(List.of(doc("a", "x", 1, "y", 1), doc("b", "x", 1, "y", 0), doc("c", "x", 2, "y", 1)));
    Map<String, Object> filter = port.document("x", 1);
    filter.put("y", 1);
    assertEquals(1, c.count(filter));
    assertEquals(2, c.count(port.document("x", 1)));
    assertEquals(3, c.count(port.document()));
    assertEquals(0, port.collection("absent").count(port.document("x", 1)));
    assertEquals(1, c.countExactly(filter));
    assertEquals(3, c.countExactly(port.document()));
    assertEquals(0, port.collection("absent").countExactly(port.document("x", 1)));
  }

  @Test
  void aggregateGroups() {
    PortCollection c = port.collection("c");
    c.insertMany(List.of(doc("a", "g", 1, "v", 1), doc("b", "g", 1, "v", 1), doc("c", "g", 2, "v", 0)));
    Map<String, Object> group = port.document("_id", "$g");
    group.put("n", port.document("$sum", 1));
    group.put("visible", port.document("$sum", "$v"));
    List<Map<String, Object>> out = new ArrayList<>(c.aggregate(List.of(port.document("$match", port.document("v",
        port.document("$gte", 0))), port.document("$group", group))));
    out.sort((x, y) -> Integer.compare(((Number) x.get("_id")).intValue(), ((Number) y.get("_id")).intValue()));
    assertEquals(2, out.size(), out.toString());
    assertEquals(2, ((Number) out.get(0).get("n")).intValue(), out.toString());
    assertEquals(2, ((Number) out.get(0).get("visible")).intValue(), out.toString());
    assertEquals(0, ((Number) out.get(1).get("visible")).intValue(), out.toString());
  }

  @Test
  void aUniqueIndexRefusesADuplicateKey() {
    PortCollection c = port.collection("c");
    c.insertOne(doc("a", "k", 1));
    c.createIndex(port.document("k", 1), "k_1", true);
    PortException e = assertThrows(PortException.class, () -> c.insertOne(doc("b", "k", 1)));
    assertTrue(e.duplicateKey(), e.getMessage());
    assertTrue(c.listIndexes().stream().anyMatch(i -> "k_1".equals(i.get("name"))), c.listIndexes().toString());
  }

  // sysbench

  private Map<String, Object> range(String field, int from, int to) {
    Map<String, Object> bounds = port.document("$gte", from);
    bounds.put("$lte", to);
    return port.document(field, bounds);
  }

  @Test
  void distinctGivesEachValueOfTheMatchesOnce() {
    PortCollection c = port.collection("c");
    c.insertMany(List.of(doc("a", "k", 1, "c", "x"), doc("b", "k", 2, "c", "y"), doc("c", "k", 3, "c", "x"),
        doc("d", "k", 9, "c", "z")));
    List<Object> values = new ArrayList<>(c.distinct("c", range("k", 1, 3)));
    values.sort((x, y) -> ((String) x).compareTo((String) y));
    assertEquals(List.of("x", "y"), values);
    assertEquals(List.of(), c.distinct("c", range("k", 4, 8)));
    assertEquals(List.of(), port.collection("absent").distinct("c", port.document()));
  }

  @Test
  void aggregateRunsASortedLimitedRangeWithOrWithoutAHint() {
    PortCollection c = port.collection("c");
    c.createIndex(port.document("k", 1), "k_1");
    c.insertMany(List.of(doc("a", "k", 5, "c", "e"), doc("b", "k", 2, "c", "z"), doc("c", "k", 4, "c", "a"),
        doc("d", "k", 1, "c", "q")));
    Map<String, Object> group = port.document("_id", null);
    group.put("sum", port.document("$sum", "$k"));
    List<Map<String, Object>> pipeline = List.of(port.document("$match", port.document("k", port.document("$gte", 2))),
        port.document("$sort", port.document("k", 1)), port.document("$limit", 2), port.document("$group", group));
    for (Map<String, Object> hint : new ArrayList<>(java.util.Arrays.asList(null, port.document("k", 1)))) {
      List<Map<String, Object>> out = c.aggregate(pipeline, hint);
      assertEquals(1, out.size(), out.toString());
      assertEquals(6, ((Number) out.get(0).get("sum")).intValue(), out.toString());
    }
    List<Map<String, Object>> byC = c.aggregate(List.of(port.document("$match", range("k", 1, 5)),
        port.document("$project", port.document("c", 1)), port.document("$sort", port.document("c", 1))), null);
    assertEquals(List.of("a", "e", "q", "z"), byC.stream().map(d -> d.get("c")).toList());
    assertEquals(List.of(), port.collection("absent").aggregate(pipeline, null));
  }
}
