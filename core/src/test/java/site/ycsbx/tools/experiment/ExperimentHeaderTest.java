package site.ycsbx.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.report.PageHeader;

/** The experiment's header: facts from the targets' fingerprints, said not known before any run folder. */
@Tag("fast")
class ExperimentHeaderTest {
  private static Map<String, String> fp(String version, String engine) {
    Map<String, String> fp = new LinkedHashMap<>();
    fp.put("ycsbx.version", "0.1.0");
    fp.put("ycsb.core.version", "0.17.0");
    fp.put("client.host", "vm");
    fp.put("server.product", "MariaDB");
    fp.put("server.version", version);
    fp.put("storage.engine", engine);
    fp.put("durability.log_bin", "OFF");
    return fp;
  }

  private static Experiment experiment() {
    Map<String, String> k = new LinkedHashMap<>();
    k.put("targets", "a,b");
    k.put("target.a.binding", "jdbc");
    k.put("target.a.expect.storage.engine", "InnoDB");
    k.put("target.b.binding", "jdbc");
    k.put("steps", "load");
    k.put("step.load.command", "load");
    k.put("step.load.P", "workloads/iibench");
    return ExperimentFile.parse(k, Map.of(), "hdr");
  }

  @Test
  void beforeAnyRunFolderTheFactsSayTheyAreNotKnownYet() {
    PageHeader h = ExperimentHeader.of(experiment(), null, List.of("bin/ycsb", "experiment", "f"), List.of(), Map.of(),
        null, 2);
    assertEquals(ExperimentHeader.NOT_YET, h.get(PageHeader.DATE));
    assertEquals(ExperimentHeader.NOT_YET, h.get(PageHeader.SERVER));
    assertEquals(ExperimentHeader.NOT_YET, h.get(PageHeader.HOST));
    assertEquals(Fingerprint.version(), h.get(PageHeader.YCSBX_VERSION));
    assertEquals(List.of("No step has finished cells yet: no verdict."), h.verdict());
  }

  @Test
  void whatTheTargetsShareIsSaidOnceAndWhatDiffersPerTarget() {
    Map<String, Map<String, String>> fps = new LinkedHashMap<>();
    fps.put("a", fp("10.11.19-MariaDB", "InnoDB"));
    fps.put("b", fp("11.4.2-MariaDB", "ROCKSDB"));
    PageHeader h = ExperimentHeader.of(experiment(), "Why.", List.of("bin/ycsb", "experiment", "f"), List.of(), fps,
        new long[] {1_800_000_000_000L, 1_800_000_150_000L}, 2);
    assertEquals("2027-01-15 08:00 to 08:02 UTC", h.get(PageHeader.DATE));
    assertTrue(h.get(PageHeader.DURATION).startsWith("2 min 30 s"), h.get(PageHeader.DURATION));
    assertEquals("a: MariaDB 10.11.19-MariaDB; b: MariaDB 11.4.2-MariaDB", h.get(PageHeader.SERVER));
    assertEquals("InnoDB, binding jdbc; MariaDB 10.11.19-MariaDB; checked storage.engine=InnoDB", h.get("target.a"));
    assertEquals("durability.log_bin=OFF", h.get("shared"));
    assertEquals("0.1.0", h.get(PageHeader.YCSBX_VERSION), "the cells' version, not this JVM's");
    assertEquals(List.of(PageHeader.DATE, PageHeader.DURATION, PageHeader.YCSBX_VERSION, PageHeader.YCSB_VERSION,
        PageHeader.HOST, PageHeader.SERVER, "target.a", "target.b", "shared", PageHeader.COMMAND),
        h.facts().stream().map(PageHeader.Fact::key).toList());
  }

  @Test
  void cellsOfAnotherBuildGiveEachTargetsVersion() {
    Map<String, Map<String, String>> fps = new LinkedHashMap<>();
    fps.put("a", fp("10.11.19-MariaDB", "InnoDB"));
    fps.put("b", fp("10.11.19-MariaDB", "InnoDB"));
    fps.get("b").put("ycsbx.version", "0.2.0");
    PageHeader h = ExperimentHeader.of(experiment(), null, List.of("bin/ycsb", "experiment", "f"), List.of(), fps,
        null, 2);
    assertEquals("a: 0.1.0; b: 0.2.0", h.get(PageHeader.YCSBX_VERSION));
    assertEquals("MariaDB 10.11.19-MariaDB (every target)", h.get(PageHeader.SERVER));
  }

  @Test
  void thePurposeIsTheFilesFirstSentence(@TempDir Path tmp) throws Exception {
    Path f = tmp.resolve("e");
    Files.writeString(f, "# Two engines, as the 2014 post ran them: l.i0 and\n# l.x, then more. Each target is a"
        + " database.\nexperiment.name=e\n");
    assertEquals("Two engines, as the 2014 post ran them: l.i0 and l.x, then more.", ExperimentHeader.purpose(f));
    Files.writeString(f, "experiment.name=e\n");
    assertEquals(null, ExperimentHeader.purpose(f));
  }
}
