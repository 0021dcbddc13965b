package site.ycsbx.db.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;

/**
 * A paced load of workloada into MariaDB with a warm-up and a run folder: every row is stored
 * (the warm-up's inserts ran), none of the warm-up's inserts is in summary.txt, result.json or
 * INSERT.hdr; a second run into the same folder is refused before it touches the server.
 */
@Tag("process")
class RunFolderOnMariaDbTest {
  private static final Pattern UNRECORDED = Pattern.compile("warm-up of 1 s: (\\d+) operations ran unrecorded");

  @Test
  void theWarmUpsInsertsAreStoredButNotMeasured(@TempDir Path tmp) throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      Path dir = tmp.resolve("load");
      List<String> args = new ArrayList<>(List.of("load", "jdbc", "-P", JavaProcess.workload("workloada"),
          "-p", "recordcount=3000", "-target", "1500", "-threads", "2", "-p", "ycsbx.warmup=1",
          "-p", "ycsbx.interval=0.5", "-p", "ycsbx.out=" + dir));
      args.addAll(db.options());
      Result r = JavaProcess.run("site.ycsbx.tools.Main", args.toArray(new String[0]));
      assertEquals(0, r.exitCode(), r.all());
      assertEquals(3000, db.rows("usertable"));
      Matcher m = UNRECORDED.matcher(r.stderr());
      assertTrue(m.find(), r.stderr());
      long warmup = Long.parseLong(m.group(1));
      // about 1500 at -target 1500 on a quiet host; a busy one starts them late (482 seen)
      assertTrue(warmup > 0 && warmup < 2500, r.stderr());
      long measured = 3000 - warmup;

      JsonNode json = new ObjectMapper().readTree(dir.resolve("result.json").toFile());
      assertEquals("jdbc", json.path("binding").asText());
      assertEquals(measured, json.path("operations").path("INSERT").path("count").asLong(), json.toString());
      assertEquals(measured, json.path("operations").path("INSERT").path("returns").path("OK").asLong());
      assertEquals(measured, json.path("overall").path("operations").asLong());
      assertTrue(json.path("fingerprint").toString().contains("MariaDB"), json.toString());
      String summary = Files.readString(dir.resolve("summary.txt"));
      assertTrue(summary.contains("[INSERT], Operations, " + measured + "\n"), summary);
      for (String op : List.of("INSERT", "Intended-INSERT")) {
        Histogram all = new Histogram(3);
        HistogramLogReader reader = new HistogramLogReader(dir.resolve(op + ".hdr").toFile());
        EncodableHistogram h;
        while ((h = reader.nextIntervalHistogram()) != null) {
          all.add((Histogram) h);
        }
        assertEquals(measured, all.getTotalCount(), op);
        assertEquals(json.path("operations").path(op).path("summary").path("99thPercentileLatency(us)").asLong(),
            all.getValueAtPercentile(99), op);
      }

      // the same folder again: refused before anything (the table is as the load left it)
      List<String> again = new ArrayList<>(List.of("run", "jdbc", "-P", JavaProcess.workload("workloada"),
          "-p", "operationcount=100", "-p", "ycsbx.out=" + dir));
      again.addAll(db.options());
      Result refused = JavaProcess.run("site.ycsbx.tools.Main", again.toArray(new String[0]));
      MainOutput.assertOneLineError(refused, 2, "ycsbx.out=" + dir + " is not empty");
      assertEquals(3000, db.rows("usertable"));
      assertEquals(json, new ObjectMapper().readTree(dir.resolve("result.json").toFile()));
    }
  }
}
