package site.ycsbx.db.mongodb;

import java.util.Map;
import java.util.function.Supplier;

/**
 * Where the server tests of this module run: the in-process mongo-java-server, as always, or a
 * real MongoDB when the environment names one. {@value #MONGOD_VARIABLE} takes the contract,
 * end-to-end, write-concern and transaction tests (a replica set primary runs them all; a
 * standalone mongod all but the transactions and w:2); {@value #MONGOS_VARIABLE} takes the
 * sharding test. Tests that assert what the in-process server received, or that need it to pose
 * as a version, stay on it either way: see docs/developing.md.
 */
public final class ServerChoice {
  public static final String MONGOD_VARIABLE = "YCSBX_MONGODB_URL";
  public static final String MONGOS_VARIABLE = "YCSBX_MONGOS_URL";

  private ServerChoice() {
  }

  /** The server of {@value #MONGOD_VARIABLE}, else the in-process one {@code inProcess} starts. */
  public static MongoUnderTest mongod(Supplier<? extends MongoUnderTest> inProcess) {
    return choose(System.getenv(), MONGOD_VARIABLE, inProcess);
  }

  /** The mongos of {@value #MONGOS_VARIABLE}, else the in-process one {@code inProcess} starts. */
  public static MongoUnderTest mongos(Supplier<? extends MongoUnderTest> inProcess) {
    return choose(System.getenv(), MONGOS_VARIABLE, inProcess);
  }

  /** Unset or blank (as CI files often leave a variable) means the in-process server, started only then. */
  static MongoUnderTest choose(Map<String, String> env, String variable, Supplier<? extends MongoUnderTest> inProcess) {
    String url = env.get(variable);
    if (url == null || url.isBlank()) {
      return inProcess.get();
    }
    return new RealServer(variable, url.strip());
  }
}
