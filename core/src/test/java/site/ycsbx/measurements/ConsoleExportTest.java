package site.ycsbx.measurements;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** What of the export the console keeps when no exportfile is given: YCSB's own rows, not YCSB-X's additions. */
@Tag("fast")
class ConsoleExportTest {
  @Test
  void theConsoleKeepsYcsbsRowsAndLeavesTheRestToTheFiles() {
    for (String shown : new String[] {"OVERALL", "READ", "INSERT_TXN", "READ-FAILED", ResultExporter.INTERRUPTED_METRIC}) {
      assertTrue(ConsoleExport.shown(shown), shown);
    }
    // each is on the console already, readably: the summary's headline line, the tables, the fingerprint
    for (String cut : new String[] {ResultExporter.HEADLINE_METRIC, ResultExporter.FINGERPRINT_METRIC,
        ResultExporter.ERRORS_METRIC, Efficiency.METRIC, Schedule.METRIC, "TOTAL_GCs", "CLEANUP"}) {
      assertFalse(ConsoleExport.shown(cut), cut);
    }
  }
}
