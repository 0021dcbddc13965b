package site.ycsbx.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.testing.RunFolderFixture;

/** The response-time histogram of an experiment's step: its buckets, and the calls each holds from a run folder. */
@Tag("fast")
class ExperimentChartsTest {
  @Test
  void bucketsDoubleAndHoldTheirUpperBound() {
    assertEquals(0, ExperimentCharts.bucket(0));
    assertEquals(0, ExperimentCharts.bucket(1));
    assertEquals(1, ExperimentCharts.bucket(2));
    assertEquals(10, ExperimentCharts.bucket(1000), "512 < 1000 <= 1024");
    assertEquals(10, ExperimentCharts.bucket(1024));
    assertEquals(11, ExperimentCharts.bucket(1025));
    assertEquals(ExperimentCharts.BUCKETS - 1, ExperimentCharts.bucket(Long.MAX_VALUE), "the last bucket holds the rest");
    assertEquals("1.02", ExperimentCharts.bucketLabel(10));
  }

  @Test
  void aCellsCallsFallInTheirBucketsAndAnotherOperationHasNone(@TempDir Path dir) throws IOException {
    RunFolderFixture f = new RunFolderFixture(0, 1, "host", 1_700_000_000_000L, 1000).phase("run");
    f.interval("QUERY", 100, 120, 300, 5000);
    f.interval("QUERY", 110);
    Path folder = f.write(dir.resolve("cell"));
    long[] h = ExperimentCharts.histogram(folder, "QUERY");
    assertEquals(3, h[7], "100, 110 and 120 us: (64, 128]");
    assertEquals(1, h[9], "300 us: (256, 512]");
    assertEquals(1, h[13], "5000 us: (4096, 8192]");
    assertEquals(5, java.util.Arrays.stream(h).sum());
    assertEquals(0, java.util.Arrays.stream(ExperimentCharts.histogram(folder, "INSERT_TXN")).sum(), "no log, no calls");

    Map<String, long[]> perTarget = new LinkedHashMap<>();
    perTarget.put("a", h);
    String svg = ExperimentCharts.responseTimes("exp-q-rt", "q: QUERY response times", perTarget).svg();
    assertTrue(svg.contains("<svg") && svg.contains("exp-q-rt"), svg);
    String first = ExperimentCharts.bucketLabel(7);
    String below = ExperimentCharts.bucketLabel(6);
    String last = ExperimentCharts.bucketLabel(13);
    String text = svg.replaceAll("(?s)<(?!text)[^>]*>", " ");
    assertTrue(svg.contains(">" + first + "<"), first + " in " + text);
    assertTrue(svg.contains(">" + last + "<"), "the last bucket used is the axis's last: " + last + " in " + text);
    assertFalse(svg.contains(">" + below + "<"), "buckets below the first used are left out: " + below);
  }
}
