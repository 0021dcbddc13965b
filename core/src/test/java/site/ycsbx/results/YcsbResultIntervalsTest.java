package site.ycsbx.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The export's interval rows (latency over time) and efficiency rows are not operations of the run. */
@Tag("fast")
class YcsbResultIntervalsTest {
  @Test
  void intervalRowsAreNotOperations() {
    YcsbResult r = YcsbResult.parse("export", String.join("\n",
        "[OVERALL], RunTime(ms), 2000",
        "[LATEST_BY_USER], Operations, 300",
        "[LATEST_BY_USER], 99thPercentileLatency(us), 900",
        "[INTERVAL-LATEST_BY_USER], 1s Operations, 100",
        "[INTERVAL-LATEST_BY_USER], 2s Operations, 200",
        "[INTERVAL-UPDATE_FILE], 2s Operations, 0",
        "[EFFICIENCY], cs.op, 9.3",
        "[EFFICIENCY], Operations, 300",
        ""));
    assertEquals(List.of("LATEST_BY_USER"), r.operations());
    assertEquals(300, r.stats("LATEST_BY_USER").count());
  }
}
