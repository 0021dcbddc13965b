package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;
import site.ycsb.measurements.Measurements;
import site.ycsbx.db.jdbc.conn.Connector;

/** YCSB's five operations with their semantics, in process, on each server, with and without autocommit. */
@Tag("server")
class JdbcClientCrudTest {
  static Stream<Arguments> targetsAndAutocommit() {
    return Stream.concat(
        Stream.of(TestDatabase.Target.values()).flatMap(t -> Stream.of(Arguments.of(t, true, "mysql"),
            Arguments.of(t, false, "mysql"))),
        // jdbc:mariadb://: MariaDB Connector/J
        Stream.of(Arguments.of(TestDatabase.Target.MARIADB_INNODB, false, "mariadb")));
  }

  private static Map<String, ByteIterator> row(String... kv) {
    Map<String, ByteIterator> m = new HashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], new StringByteIterator(kv[i + 1]));
    }
    return m;
  }

  private static Map<String, String> strings(Map<String, ByteIterator> m) {
    Map<String, String> out = new HashMap<>();
    m.forEach((k, v) -> out.put(k, v.toString()));
    return out;
  }

  @ParameterizedTest(name = "{0}, autocommit={1}, jdbc:{2}:")
  @MethodSource("targetsAndAutocommit")
  void insertReadUpdateScanDelete(TestDatabase.Target target, boolean autocommit, String scheme) throws Exception {
    try (TestDatabase db = TestDatabase.create(target, scheme)) {
      Properties p = db.properties();
      p.setProperty("fieldcount", "2");
      p.setProperty("jdbc.autocommit", String.valueOf(autocommit));
      p.setProperty("dotransactions", "false");
      Measurements.setProperties(p);
      JdbcClient c = new JdbcClient();
      c.setProperties(p);
      c.init();
      try {
        // keys sort as bytes: "user10" < "user2"
        for (String k : List.of("user3", "user1", "user10", "user2")) {
          assertEquals(Status.OK, c.insert("usertable", k, row("field0", k + "a", "field1", k + "b")));
        }
        Map<String, ByteIterator> all = new HashMap<>();
        assertEquals(Status.OK, c.read("usertable", "user2", null, all));
        assertEquals(Map.of("field0", "user2a", "field1", "user2b"), strings(all));

        assertEquals(Status.OK, c.update("usertable", "user2", row("field1", "changed")));
        Map<String, ByteIterator> one = new HashMap<>();
        assertEquals(Status.OK, c.read("usertable", "user2", Set.of("field1"), one));
        assertEquals(Map.of("field1", "changed"), strings(one));

        Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
        assertEquals(Status.OK, c.scan("usertable", "user10", 2, Set.of("field0"), rows));
        assertEquals(List.of(Map.of("field0", "user10a"), Map.of("field0", "user2a")),
            rows.stream().map(JdbcClientCrudTest::strings).toList());

        assertEquals(Status.OK, c.delete("usertable", "user3"));
        // expected failures: their [ERROR] lines are captured, not left in the build log
        site.ycsbx.testing.StdErr.captured(() -> {
          assertEquals(Status.NOT_FOUND, c.read("usertable", "user3", null, new HashMap<>()));
          assertEquals(Status.NOT_FOUND, c.update("usertable", "user3", row("field0", "x")));
          assertEquals(Status.NOT_FOUND, c.delete("usertable", "user3"));
          assertEquals(Status.ERROR, c.insert("usertable", "user1", row("field0", "dup", "field1", "dup")));
        });
        // the failed insert must not leave the connection unusable (PostgreSQL aborts the transaction)
        assertEquals(Status.OK, c.read("usertable", "user1", null, new HashMap<>()));
      } finally {
        c.cleanup();
      }
      assertEquals(3, db.rows("usertable"));
      assertEquals(target.expectedEngine(), db.engine("usertable").orElse("absent"));
    }
  }
}
