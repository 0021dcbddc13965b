package site.ycsbx.db.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.SignalledRun;

/**
 * SIGINT in the middle of a batched {@code bin/ycsb load mongodb-embedded} into an H2 file: the
 * export is written and marked, the exit code is 130, the data file is closed cleanly, and it
 * holds the documents the error table counts OK (give or take the batches on the wire when the
 * signal came; the batches being filled are not sent).
 */
@Tag("process")
class InterruptedEmbeddedLoadTest {
  private static final int THREADS = 2;
  private static final int BATCH = 100;
  private static final Pattern INSERT_ROW = Pattern.compile("(?m)^\\[ERRORS\\] INSERT +(\\d+) +(\\d+) +[0-9.]+  (.*)$");

  @Test
  void theDocumentsCountedOkAreInTheDataFile(@TempDir Path dir) throws Exception {
    Path data = dir.resolve("data");
    Path export = dir.resolve("load.txt");
    Result r = SignalledRun.run("INT", 2500, "load", "mongodb-embedded", "-P", JavaProcess.workload("workloada"),
        "-p", "mongodb.embedded.dir=" + data, "-p", "recordcount=50000000", "-p", "mongodb.batchsize=" + BATCH,
        "-threads", String.valueOf(THREADS), "-p", "exportfile=" + export);
    assertEquals(130, r.exitCode(), r.all());
    String exported = Files.readString(export);
    assertTrue(exported.contains("[INTERRUPTED], signal, SIGINT\n"), exported);
    assertTrue(exported.contains("[INTERRUPTED], ExitCode, 130\n"), exported);
    Matcher m = INSERT_ROW.matcher(r.stderr());
    assertTrue(m.find(), r.stderr());
    long ok = Long.parseLong(m.group(1));
    assertTrue(ok >= BATCH, r.stderr());
    long stored = EmbeddedEndToEndTest.documentsIn(data, "usertable");
    assertTrue(stored >= ok - THREADS && stored <= ok + THREADS * BATCH,
        "stored " + stored + ", counted OK " + ok + ":\n" + r.stderr());
    assertTrue(r.stderr().contains("ycsb: INTERRUPTED by SIGINT at "), r.stderr());
  }
}
