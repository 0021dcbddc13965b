package site.ycsbx.measurements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.SignalledRun;

/**
 * SIGINT and SIGTERM in the middle of {@code bin/ycsb run null} (a run that would take hours): the
 * operations measured so far reach the export file through the chosen exporter, marked
 * INTERRUPTED with the signal and the time, the error table is printed, and the exit code is
 * 128 + the signal's number.
 */
@Tag("process")
class InterruptedRunTest {
  private static final Pattern READS = Pattern.compile("\\[READ\\], Operations, (\\d+)");
  private static final Pattern NOT_ATTEMPTED = Pattern.compile("\\[ERRORS\\], NOT_ATTEMPTED, (\\d+)");

  @ParameterizedTest(name = "SIG{0}")
  @CsvSource({"TERM, 143", "INT, 130"})
  void theOperationsMeasuredSoFarAreExportedMarkedInterrupted(String signal, int exitCode, @TempDir Path dir)
      throws Exception {
    Path export = dir.resolve("result.txt");
    Result r = SignalledRun.run(signal, 2000, "run", "null", "-P", JavaProcess.workload("workloada"),
        "-p", "recordcount=1000", "-p", "operationcount=2000000000", "-threads", "2", "-p", "exportfile=" + export);
    assertEquals(exitCode, r.exitCode(), r.all());
    assertTrue(Files.exists(export), "no export file: " + r.all());
    String exported = Files.readString(export);
    assertTrue(exported.contains("[INTERRUPTED], signal, SIG" + signal + "\n"), exported);
    assertTrue(Pattern.compile("\\[INTERRUPTED\\], time, 20\\d\\d-\\d\\d-\\d\\dT").matcher(exported).find(), exported);
    assertTrue(exported.contains("[INTERRUPTED], ExitCode, " + exitCode + "\n"), exported);
    assertTrue(exported.contains("[FINGERPRINT], "), exported);
    assertTrue(exported.contains("[OVERALL], RunTime(ms), "), exported);
    Matcher reads = READS.matcher(exported);
    assertTrue(reads.find(), exported);
    long measured = Long.parseLong(reads.group(1));
    assertTrue(measured > 0, exported);
    Matcher notAttempted = NOT_ATTEMPTED.matcher(exported);
    assertTrue(notAttempted.find(), exported);
    assertTrue(Long.parseLong(notAttempted.group(1)) > 2_000_000_000L - 10 * measured, exported);

    String err = r.stderr();
    assertTrue(err.contains("[YCSB-X] SIG" + signal + ": stopping the run"), err);
    // the table's count is YCSB's status count, the export's its latency count: the operations
    // under way when the signal came (one per thread at most) may be in one and not the other
    Matcher readRow = Pattern.compile("(?m)^\\[ERRORS\\] READ +(\\d+) +0 ").matcher(err);
    assertTrue(readRow.find(), err);
    assertTrue(Math.abs(Long.parseLong(readRow.group(1)) - measured) <= 2, err);
    assertTrue(Pattern.compile("(?m)^\\[ERRORS\\] NOT_ATTEMPTED .*of operationcount=2000000000 \\(the run was"
        + " interrupted\\)$").matcher(err).find(), err);
    assertTrue(err.contains("[ERRORS] INTERRUPTED by SIG" + signal + " at "), err);
    assertTrue(err.contains("ycsb: INTERRUPTED by SIG" + signal + " at "), err);
    assertFalse(err.contains("the run stopped before YCSB exported any result"), err);
    assertFalse(err.contains("Exception"), err);
  }

  /** The chosen exporter is used: YCSB's JSON array exporter gets the marker as records. */
  @ParameterizedTest(name = "{0}")
  @CsvSource({"site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter"})
  void theChosenExporterCarriesTheMarker(String exporter, @TempDir Path dir) throws Exception {
    Path export = dir.resolve("result.json");
    Result r = SignalledRun.run("TERM", 1000, "load", "null", "-P", JavaProcess.workload("workloada"),
        "-p", "recordcount=2000000000", "-p", "exporter=" + exporter, "-p", "exportfile=" + export);
    assertEquals(143, r.exitCode(), r.all());
    com.fasterxml.jackson.databind.JsonNode records = new com.fasterxml.jackson.databind.ObjectMapper()
        .readTree(export.toFile());
    boolean marked = false;
    long inserts = -1;
    for (com.fasterxml.jackson.databind.JsonNode n : records) {
      String metric = n.path("metric").asText();
      if (metric.equals("INTERRUPTED") && n.path("measurement").asText().equals("signal")) {
        marked = n.path("value").asText().equals("SIGTERM");
      }
      if (metric.equals("INSERT") && n.path("measurement").asText().equals("Operations")) {
        inserts = n.path("value").asLong();
      }
    }
    assertTrue(marked, records.toString());
    assertTrue(inserts > 0, records.toString());
  }
}
