package site.ycsbx.db.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.db.mongodb.conn.MongoOptions;
import site.ycsbx.measurements.Efficiency;
import site.ycsbx.measurements.EfficiencyTable;
import site.ycsbx.store.ServerAddress;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.tools.Main;

/** Where the efficiency table takes the MongoDB server's CPU from. */
@Tag("process")
class EfficiencyMongoTest {
  @Test
  void theServerIsFoundFromMongodbUrl() {
    Properties p = new Properties();
    p.setProperty(MongoOptions.URL_PROPERTY, "mongodb://db7.example.com:27018,db8.example.com/ycsb");
    ServerAddress remote = new MongoPreflight().serverAddress(p);
    assertEquals(ServerAddress.of("db7.example.com", 27018, false), remote);
    assertEquals("server db7.example.com:27018: not local (runs on another host; its CPU is not measured here)",
        Efficiency.locate(remote).note());
    p.setProperty(MongoOptions.URL_PROPERTY, "mongodb://127.0.0.1/ycsb");
    assertEquals(ServerAddress.of("127.0.0.1", 27017, true), new MongoPreflight().serverAddress(p));
  }

  @Test
  void theEmbeddedServerIsThisJvm(@TempDir Path data) {
    Result r = JavaProcess.run(Main.class.getName(), "load", "mongodb-embedded", "-P", JavaProcess.workload("workloada"),
        "-p", "recordcount=300", "-p", EmbeddedServer.DIR_PROPERTY + "=" + data.resolve("db"));
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.stderr().contains("server: in this JVM (its CPU is in the client's)"), r.stderr());
    assertTrue(r.stderr().contains(EfficiencyTable.header() + "\n[EFFICIENCY] load "), r.stderr());
  }
}
