package site.ycsbx.workloads.linkbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.PrintedFingerprint;
import site.ycsbx.tools.Main;

/** linkbench.config: a LinkBench home's config files run unchanged, the command line still winning. */
@Tag("process")
class LinkBenchConfigFileTest {
  private static final String SECRET = "s3cret-linkbench-pw";

  /** A LinkBench home as its README lays it out: config/LinkConfigMysql.properties naming its workload file. */
  private static Path home(Path dir) throws Exception {
    Path config = Files.createDirectories(dir.resolve("config"));
    Files.writeString(config.resolve("LinkConfigMysql.properties"), String.join("\n",
        "workload_file = config/FBWorkload.properties",
        "linkstore = com.facebook.LinkBench.LinkStoreMysql",
        "host = db.example", "user = bench", "password = " + SECRET, "port = 3306", "dbid = linkdb",
        "loaders = 5", "requesters = 3", "requests = 1000", "requestrate = 0", "maxtime = 60", "warmup_time = 0",
        "progressfreq = 300", ""));
    Files.writeString(config.resolve("FBWorkload.properties"), String.join("\n",
        "data_file = config/Distribution.dat", "startid1 = 1", "maxid1 = 5001", "link_type_count = 2",
        "nlinks_func = real",
        "link_add_datagen = com.facebook.LinkBench.generators.MotifDataGenerator",
        "addlink = 0", "deletelink = 0", "updatelink = 0", "countlink = 0", "getlink = 0", "getlinklist = 40",
        "getnode = 60", "addnode = 0", "updatenode = 0", "deletenode = 0",
        "read_function = com.facebook.LinkBench.distributions.ZipfDistribution", "read_shape = 0.7", ""));
    Files.writeString(config.resolve("Distribution.dat"), "nlinks\n0 40\n1 70\n3 90\n10 99\n60 100\n");
    return config.resolve("LinkConfigMysql.properties");
  }

  @Test
  void binYcsbReadsTheFilesDriverAndWorkloadKeysAndTheCommandLineWins(@TempDir Path dir) throws Exception {
    Path file = home(dir);
    Result r = JavaProcess.run(Main.class.getName(), "run", "null", "-P", JavaProcess.workload("linkbench"),
        "-p", "linkbench.config=" + file, "-p", "linkbench.read_shape=0.9");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.stdout().contains("with its workload_file config/FBWorkload.properties); not read (the binding's"
        + " properties say where and how to connect): dbid, host, linkstore, password, port, user; for"
        + " YCSB's Client: threadcount=3 operationcount=3000 maxexecutiontime=60"), r.stdout());
    assertTrue(r.stdout().contains("REQUEST PHASE COMPLETED. 3000 requests done in "), r.stdout());
    Map<String, String> printed = PrintedFingerprint.of(r.stdout());
    assertEquals("5001", printed.get("workload.linkbench.maxid1"), r.stdout());
    assertEquals("zipf(0.9)", printed.get("workload.linkbench.read_function"), "-p wins: " + r.stdout());
    assertEquals("Distribution.dat", printed.get("workload.linkbench.distributionfile"), r.stdout());
    assertEquals("3", printed.get("threads"), r.stdout());
    assertFalse(r.stdout().contains("[ADD_LINK]"), "the file's mix: reads only");
    assertTrue(r.stdout().contains("[GET_NODE], Operations, "), r.stdout());
    assertFalse(r.all().contains(SECRET), "the file's password is not printed");

    Result explicit = JavaProcess.run(Main.class.getName(), "run", "null", "-P", JavaProcess.workload("linkbench"),
        "-p", "linkbench.config=" + file, "-threads", "2", "-p", "maxexecutiontime=30");
    assertEquals(0, explicit.exitCode(), explicit.all());
    assertTrue(explicit.stdout().contains("for YCSB's Client: operationcount=2000 (-p and -threads"),
        "requests per requester x the command line's threads: " + explicit.stdout());
    assertTrue(explicit.stdout().contains("REQUEST PHASE COMPLETED. 2000 requests done in "), explicit.stdout());
  }

  @Test
  void theStockClientReadsTheWorkloadKeysAndSaysWhichDriverKeysItCannotApply(@TempDir Path dir) throws Exception {
    Path file = home(dir);
    Result r = JavaProcess.run("site.ycsb.Client", "-t", "-db", "site.ycsbx.db.nulldb.NullDb", "-P",
        JavaProcess.workload("linkbench"), "-p", "linkbench.config=" + file, "-p", "operationcount=500");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.stdout().contains("[LINKBENCH] note: the file sets threadcount=3 but YCSB's Client runs with"
        + " threadcount=its default; give it as -p threadcount=3"), r.stdout());
    assertTrue(r.stdout().contains("REQUEST PHASE COMPLETED. 500 requests done in "), r.stdout());
    assertFalse(r.stdout().contains("[ADD_LINK]"), "the file's mix: reads only");
    assertFalse(r.all().contains(SECRET));
  }

  @Test
  void anUnreadableFileIsOneLine() {
    Result r = JavaProcess.run(Main.class.getName(), "run", "null", "-P", JavaProcess.workload("linkbench"),
        "-p", "linkbench.config=/nonexistent/LinkConfigMysql.properties");
    assertEquals(2, r.exitCode(), r.all());
    assertEquals(1, r.stderrLines().size(), r.stderr());
    assertTrue(r.stderr().contains("linkbench.config: cannot read /nonexistent/LinkConfigMysql.properties"), r.stderr());
  }
}
