package site.ycsbx.db.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Which server the tests run against, decided from the environment alone: nothing here connects
 * (no real MongoDB exists on the test machines), so the real path is checked up to the URL the
 * binding would get.
 */
@Tag("fast")
class ServerChoiceTest {
  private static final String MONGOD = ServerChoice.MONGOD_VARIABLE;
  private static final String MONGOS = ServerChoice.MONGOS_VARIABLE;

  /** Stands for the in-process server; counts how often it was started. */
  private static final class InProcess implements MongoUnderTest {
    @Override
    public String url(String database) {
      return "mongodb://127.0.0.1:1/" + database;
    }

    @Override
    public MongoClient client() {
      throw new AssertionError("not reached");
    }

    @Override
    public boolean real() {
      return false;
    }

    @Override
    public void close() {
    }
  }

  private final AtomicInteger started = new AtomicInteger();
  private final InProcess inProcess = new InProcess();
  private final Supplier<MongoUnderTest> start = () -> {
    started.incrementAndGet();
    return inProcess;
  };

  @Test
  void withoutTheVariablesTheInProcessServerIsStartedAsToday() {
    assertSame(inProcess, ServerChoice.choose(Map.of(), MONGOD, start));
    assertSame(inProcess, ServerChoice.choose(Map.of(MONGOD, "  "), MONGOD, start), "blank is unset");
    assertSame(inProcess, ServerChoice.choose(Map.of(MONGOD, "mongodb://db1:27017"), MONGOS, start),
        "the mongod's variable does not move the sharding test");
    assertEquals(3, started.get());
  }

  @Test
  void withAVariableTheRealServerIsUsedAndNoInProcessServerStarts() {
    MongoUnderTest s = ServerChoice.choose(Map.of(MONGOD, "mongodb://db1:27017,db2:27017/?replicaSet=rs0"), MONGOD,
        start);
    assertTrue(s.real());
    assertEquals("mongodb://db1:27017,db2:27017/t1?replicaSet=rs0", s.url("t1"));
    assertEquals("a real server (db1:27017,db2:27017)", s.toString());
    MongoUnderTest mongos = ServerChoice.choose(Map.of(MONGOS, "mongodb://router:27017"), MONGOS, start);
    assertEquals("mongodb://router:27017/t2", mongos.url("t2"));
    assertEquals(0, started.get());
    assertFalse(inProcess.real());
  }

  @Test
  void theTestDatabaseReplacesThePathAndTheLoginStaysWhereTheUserMeantIt() {
    assertEquals("mongodb://h/t1", RealServer.withDatabase("mongodb://h", "t1"));
    assertEquals("mongodb://h/t1", RealServer.withDatabase("mongodb://h/", "t1"));
    assertEquals("mongodb://h/t1?w=1", RealServer.withDatabase("mongodb://h?w=1", "t1"));
    assertEquals("mongodb://u:p@h/t1?authSource=admin", RealServer.withDatabase("mongodb://u:p@h", "t1"));
    assertEquals("mongodb://u:p@h/t1?tls=true&authSource=bench",
        RealServer.withDatabase("mongodb://u:p@h/bench?tls=true", "t1"), "the path was the login database");
    assertEquals("mongodb://u:p@h/t1?authSource=ops",
        RealServer.withDatabase("mongodb://u:p@h/bench?authSource=ops", "t1"), "an explicit authSource is kept");
    assertEquals("mongodb+srv://u:p@cluster0.example.net/t1?retryWrites=true&authSource=admin",
        RealServer.withDatabase("mongodb+srv://u:p@cluster0.example.net/?retryWrites=true", "t1"));
  }

  @Test
  void closingDropsTheDatabasesTheTestsNamedAndThoseDerivedFromThemOnly() {
    assertEquals(List.of("t7_1", "t7_1_purchases_index_0", "t7_2"), RealServer.leftBy(Set.of("t7_1", "t7_2"),
        List.of("admin", "t7_1", "t7_10", "t7_1_purchases_index_0", "t7_2", "t7_3", "ycsb", "config")));
  }

  @Test
  void aValueThatIsNoConnectionStringIsRefusedNamingTheVariableNotTheValue() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ServerChoice.choose(Map.of(MONGOD, "http://admin:s3cret@db1"), MONGOD, start));
    assertEquals("YCSBX_MONGODB_URL is not a MongoDB connection string (mongodb://host:port or mongodb+srv://host):"
        + " unset it to run against the in-process server", e.getMessage());
    assertFalse(String.valueOf(e.getCause()).contains("s3cret"));
    assertEquals(0, started.get(), "a bad value does not fall back to the in-process server");
  }
}
