package site.ycsbx.measurements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.results.RunFolder;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.tools.Main;

/**
 * A null-binding run at 4 threads with {@link PerThreadRecorder}s under YCSB's measurements: the
 * summary counts every operation once in both series, after YCSB's client threads have ended, and
 * the intervals (taken from the same recorders while the threads ran) add up to it.
 */
@Tag("process")
class PerThreadRecordingRunTest {
  private static final long OPS = 400_000;

  private static long operations(String text, String op) {
    Matcher m = Pattern.compile("(?m)^\\[" + Pattern.quote(op) + "\\], Operations, (\\d+)$").matcher(text);
    assertTrue(m.find(), op + " in " + text);
    return Long.parseLong(m.group(1));
  }

  @Test
  void everyOperationOnceInTheSummaryAndTheIntervals(@TempDir Path tmp) throws Exception {
    Path dir = tmp.resolve("run");
    Result r = JavaProcess.run(Main.class.getName(), "run", "null", "-P", JavaProcess.workload("workloadc"),
        "-threads", "4", "-p", "operationcount=" + OPS, "-p", "measurement.interval=both",
        "-p", "ycsbx.interval=0.2", "-p", "ycsbx.out=" + dir);
    assertEquals(0, r.exitCode(), r.all());
    assertEquals(OPS, operations(r.stdout(), "READ"), r.stdout());
    assertEquals(OPS, operations(r.stdout(), "Intended-READ"), r.stdout());
    assertTrue(r.stdout().contains("[READ], Return=OK, " + OPS + "\n"), r.stdout());

    JsonNode json = new ObjectMapper().readTree(dir.resolve(RunFolder.RESULT_FILE).toFile());
    assertEquals(OPS, json.path("overall").path("operations").asLong(), json.toString());
    JsonNode summary = json.path("operations").path("READ").path("summary");
    for (String op : List.of("READ", "Intended-READ")) {
      Histogram all = new Histogram(3);
      int intervals = 0;
      HistogramLogReader reader = new HistogramLogReader(dir.resolve(op + ".hdr").toFile());
      for (EncodableHistogram h; (h = reader.nextIntervalHistogram()) != null; intervals++) {
        all.add((Histogram) h);
      }
      assertTrue(intervals >= 2, op + ": " + intervals + " intervals");
      assertEquals(OPS, all.getTotalCount(), op);
      if (op.equals("READ")) {
        assertEquals(summary.path("MaxLatency(us)").asLong(), all.getMaxValue(), json.toString());
        assertEquals(summary.path("99thPercentileLatency(us)").asLong(), all.getValueAtPercentile(99), json.toString());
      }
    }
    String text = Files.readString(dir.resolve(RunFolder.SUMMARY_FILE));
    Matcher row = Pattern.compile("(?m)^\\[INTERVAL-READ\\], [\\d.]+s Operations, (\\d+)$").matcher(text);
    long rows = 0;
    while (row.find()) {
      rows += Long.parseLong(row.group(1));
    }
    assertEquals(OPS, rows, text);
  }
}
