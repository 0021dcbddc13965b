package site.ycsbx.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.family.WorkloadFamilies;
import site.ycsbx.family.WorkloadFamily;

/** The plan's families and documented rates come from the descriptors, as the lists named them before. */
@Tag("fast")
class FamilyCountsTest {
  @Test
  void aWorkloadClassIsOfAFamilyWithACountOrOfNone() {
    Map<String, String> families = new TreeMap<>();
    for (WorkloadFamily f : WorkloadFamilies.all()) {
      families.put(f.workloadClass().getSimpleName(), PlannedWork.family(f.workloadClass().getName()));
    }
    Map<String, String> before = new TreeMap<>();
    before.put("CoreWorkload", "ycsb");
    before.put("IIBenchWorkload", "iibench");
    before.put("LinkBenchWorkload", "linkbench");
    before.put("FileMetaWorkload", "filemeta");
    before.put("SysbenchWorkload", "sysbench");
    before.put("ProbeWorkload", null); // a smoke test: no count the plan reads
    assertEquals(before, families);
    assertNull(PlannedWork.family(site.ycsbx.workloads.StoppableCoreWorkload.class.getName()));
  }

  @Test
  void theDocumentedRatesAreTheFamiliesAndARunsOperationsTheEstimatesOwn() {
    assertEquals(50_000.0, Estimate.documented("iibench", "load rows"));
    assertEquals(5_000.0, Estimate.documented("iibench", "run rows"));
    assertEquals(40_000.0, Estimate.documented("sysbench", "load rows"));
    assertEquals(1_500.0, Estimate.documented("linkbench", "load nodes"));
    assertEquals(50_000.0, Estimate.documented("filemeta", "load files"));
    assertEquals(1_000.0, Estimate.documented("ycsb", "load records"));
    assertEquals(Estimate.RUN_OPERATIONS, Estimate.documented("sysbench", "run operations"));
    assertNull(Estimate.documented("linkbench", "run nodes"));
  }
}
