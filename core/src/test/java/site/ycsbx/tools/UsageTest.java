package site.ycsbx.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.family.WorkloadFamilies;
import site.ycsbx.family.WorkloadFamily;

/** {@code --help}'s workload files come from the families' descriptors, as they read before. */
@Tag("fast")
class UsageTest {
  private static List<String> workloadFiles() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Usage.print(new PrintStream(out, true, StandardCharsets.UTF_8));
    List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
    int first = lines.indexOf("Workload files, under workloads/:") + 1;
    int end = first;
    while (!lines.get(end).isEmpty()) {
      end++;
    }
    return lines.subList(first, end);
  }

  @Test
  void theWorkloadFilesAreEachFamilysLineInTheServicesFilesOrder() {
    assertEquals(WorkloadFamilies.all().stream().map(f -> "  " + f.filesHelp()).toList(), workloadFiles());
  }

  /** The text --help printed when the list was Usage's own. */
  @Test
  void theWorkloadFilesReadAsBefore() {
    assertEquals(List.of(
        "  workloada, workloadb, workloadc, workloadd, workloade, workloadf: YCSB's core workloads",
        "  iibench: the insert benchmark",
        "  linkbench, linkbench-small: LinkBench load and request phases",
        "  filemeta: file metadata load; filemeta-latest, filemeta-count, filemeta-readwrite: its queries",
        "  sysbench: sysbench's OLTP load and transaction; sysbench-readonly, sysbench-point, sysbench-point-secondary,"
            + " sysbench-range, sysbench-range-secondary: its read-only, point and range forms",
        "  probe: a smoke test of a binding"), workloadFiles());
  }

  @Test
  void everyFamilysFilesAreOnItsLine() {
    for (WorkloadFamily f : WorkloadFamilies.all()) {
      for (String file : f.files()) {
        assertTrue(f.filesHelp().matches("(.*[ ,;])?" + java.util.regex.Pattern.quote(file) + "[,:].*"),
            f.name() + ": " + file + " not on " + f.filesHelp());
      }
    }
  }
}
