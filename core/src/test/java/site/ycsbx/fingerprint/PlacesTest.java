package site.ycsbx.fingerprint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** An embedded server's folder and port are places; other servers' addresses are setups. */
@Tag("fast")
class PlacesTest {
  /** As mongodb-embedded records them (seen: two folders of one setup, ports 36767 and 41203). */
  private static Map<String, String> mongoEmbedded(String dir, int port) {
    return Map.of("binding", "mongodb-embedded", "mongodb.embedded.dir", dir,
        "mongodb.url", "mongodb://127.0.0.1:" + port + "/ycsb",
        "server.product", "mongo-java-server 1.47.0 (H2 backend at " + dir + ")");
  }

  @Test
  void anEmbeddedServersFolderAndPortAreTakenOut() {
    Map<String, String> a = mongoEmbedded("/data/v26", 36767);
    Map<String, String> b = mongoEmbedded("/data/v30", 41203);
    for (String k : a.keySet()) {
      assertEquals(Places.setup(a, k), Places.setup(b, k), k);
    }
    assertEquals("mongodb://127.0.0.1:(a free port)/ycsb", Places.setup(a, "mongodb.url"));
    assertEquals("mongo-java-server 1.47.0 (H2 backend at (its folder))", Places.setup(a, "server.product"));
    assertTrue(Places.placeOnly("postgres.embedded.dir"));
    assertTrue(Places.placeOnly("mongodb.embedded.dir"));
    assertNull(Places.setup(a, "write.concern"));
  }

  @Test
  void whatIsNotAPlaceStillDiffers() {
    // the backend is part of the setup: memory against H2
    Map<String, String> memory = Map.of("mongodb.embedded.dir", ":memory:", "server.product",
        "mongo-java-server 1.47.0 (memory backend)");
    assertNotEquals(Places.setup(memory, "server.product"), Places.setup(mongoEmbedded("/d", 1), "server.product"));
    // the database in the URL is not the port
    Map<String, String> other = Map.of("mongodb.embedded.dir", "/d", "mongodb.url", "mongodb://127.0.0.1:36767/other");
    assertNotEquals(Places.setup(other, "mongodb.url"), Places.setup(mongoEmbedded("/d", 36767), "mongodb.url"));
    // a server someone else started: its address names which server was measured
    Map<String, String> a = Map.of("mongodb.url", "mongodb://db1:27017/ycsb");
    Map<String, String> b = Map.of("mongodb.url", "mongodb://db1:27018/ycsb");
    assertNotEquals(Places.setup(a, "mongodb.url"), Places.setup(b, "mongodb.url"));
    assertFalse(Places.placeOnly("mongodb.url"));
    assertFalse(Places.placeOnly("db.url"));
  }
}
