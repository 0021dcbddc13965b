package site.ycsbx.measurements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.testing.JavaProcess;

/**
 * A real run beside two CPU-burning processes (one per core of the test host): the status line
 * says so in the ticks it happens, the end marks the result. Whether a run alone is left unmarked
 * is {@link OtherLoadTest}'s: this shared host is rarely alone.
 */
@Tag("slow")
class OtherLoadEndToEndTest {
  @Test
  void aRunBesideCpuBurnersSaysSoAsItRunsAndIsMarked(@TempDir Path dir) throws Exception {
    List<Process> burners = new ArrayList<>();
    JavaProcess.Result r;
    try {
      for (int i = 0; i < 2; i++) {
        burners.add(new ProcessBuilder("sh", "-c", "while :; do :; done").start());
      }
      r = JavaProcess.run("site.ycsbx.tools.Main", "run", "null", "-P", JavaProcess.workload("workloada"), "-p",
          "operationcount=100000000", "-p", "maxexecutiontime=3", "-target", "2000", "-p", "ycsbx.interval=1", "-p",
          "ycsbx.out=" + dir.resolve("run"), "-p", "ycsbx.report=false");
    } finally {
      burners.forEach(Process::destroyForcibly);
    }
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.stderr().lines().anyMatch(l -> l.startsWith("[STATUS] ") && l.matches(".* \\| others \\d+% CPU$")),
        r.stderr());
    JsonNode others = new ObjectMapper().readTree(dir.resolve("run/result.json").toFile()).path("others");
    assertTrue(others.path("marked").asBoolean(), others.toString());
    assertTrue(others.path("cpu_pct").asDouble() > 10, others.toString());
    assertTrue(r.stderr().contains("[SUMMARY] ran beside other load: "), r.stderr());
  }
}
