package site.ycsbx.tools.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.util.UserError;

/** YCSB's own values: what YCSB 0.17 accepts passes, what it would fail on late is one line now. */
@Tag("fast")
class YcsbValueCheckTest {
  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  private static String refusal(Runnable r) {
    return assertThrows(UserError.class, r::run).getMessage();
  }

  @Test
  void everyValueYcsbKnowsIsAccepted() {
    for (String d : YcsbValueCheck.REQUEST_DISTRIBUTIONS) {
      YcsbValueCheck.checkCoreWorkload(props("requestdistribution", d));
    }
    for (String d : List.of("constant", "uniform", "zipfian")) {
      YcsbValueCheck.checkCoreWorkload(props("fieldlengthdistribution", d));
    }
    for (String d : YcsbValueCheck.SCAN_LENGTH_DISTRIBUTIONS) {
      YcsbValueCheck.checkCoreWorkload(props("scanlengthdistribution", d));
    }
    for (String t : YcsbValueCheck.MEASUREMENT_TYPES) {
      YcsbValueCheck.checkClient(props("measurementtype", t));
    }
    for (String t : YcsbValueCheck.MEASUREMENT_INTERVALS) {
      YcsbValueCheck.checkClient(props("measurement.interval", t));
    }
    YcsbValueCheck.checkClient(props("exporter", "site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter"));
    YcsbValueCheck.checkCoreWorkload(props("fieldlength", "1", "minfieldlength", "1", "fieldlengthdistribution",
        "uniform", "minscanlength", "5", "maxscanlength", "5", "insertorder", "ordered", "hotspotdatafraction", "0.5"));
  }

  @Test
  void everyShippedWorkloadFilePasses() throws IOException {
    Path folder = Path.of(JavaProcess.workload("workloada")).getParent();
    List<Path> files;
    try (Stream<Path> s = Files.list(folder)) {
      files = s.toList();
    }
    for (Path f : files) {
      Properties p = new Properties();
      try (Reader r = Files.newBufferedReader(f)) {
        p.load(r);
      }
      YcsbValueCheck.checkClient(p);
      if (p.getProperty("workload", "").equals("site.ycsb.workloads.CoreWorkload")) {
        YcsbValueCheck.checkCoreWorkload(p);
      }
    }
  }

  @Test
  void wordsYcsbDoesNotKnowAreRefusedWithWhatItAccepts() {
    assertEquals("requestdistribution=gaussian is not known; requestdistribution accepts uniform, zipfian, latest, "
        + "hotspot, sequential, exponential", refusal(() -> YcsbValueCheck.checkCoreWorkload(
            props("requestdistribution", "gaussian"))));
    assertEquals("insertorder=hash is not known; insertorder accepts hashed, ordered",
        refusal(() -> YcsbValueCheck.checkCoreWorkload(props("insertorder", "hash"))));
    assertEquals("measurement.interval=sometimes is not known; measurement.interval accepts op, intended, both",
        refusal(() -> YcsbValueCheck.checkClient(props("measurement.interval", "sometimes"))));
    assertEquals("readallfields=yes is not a boolean; readallfields accepts true or false",
        refusal(() -> YcsbValueCheck.checkCoreWorkload(props("readallfields", "yes"))));
  }

  @Test
  void numbersYcsbWouldFailOnAreRefused() {
    assertEquals("fieldcount is empty; fieldcount accepts a whole number from 1 to 100000",
        refusal(() -> YcsbValueCheck.checkCoreWorkload(props("fieldcount", ""))));
    assertEquals("minscanlength=10 is above maxscanlength=5; minscanlength accepts 1 to maxscanlength",
        refusal(() -> YcsbValueCheck.checkCoreWorkload(props("minscanlength", "10", "maxscanlength", "5"))));
    assertEquals("minfieldlength=50 is above fieldlength=10; minfieldlength accepts 1 to fieldlength",
        refusal(() -> YcsbValueCheck.checkCoreWorkload(props("fieldlength", "10", "minfieldlength", "50",
            "fieldlengthdistribution", "uniform"))));
    assertEquals("hotspotopnfraction=1.5 is out of range; hotspotopnfraction accepts 0.0 to 1.0",
        refusal(() -> YcsbValueCheck.checkCoreWorkload(props("hotspotopnfraction", "1.5"))));
    assertEquals("dataintegrity=true needs fieldlengthdistribution=constant (YCSB checks values of a known length)",
        refusal(() -> YcsbValueCheck.checkCoreWorkload(props("dataintegrity", "true", "fieldlengthdistribution",
            "zipfian"))));
  }

  @Test
  void anExporterYcsbCannotBuildIsRefused() {
    assertTrue(refusal(() -> YcsbValueCheck.checkExporter("java.lang.String"))
        .startsWith("exporter=java.lang.String is not a MeasurementsExporter;"));
    assertTrue(refusal(() -> YcsbValueCheck.checkExporter(" "))
        .startsWith("exporter is empty;"));
  }

  @Test
  void histogramFilesGoToAnExistingFolder(@TempDir Path dir) {
    YcsbValueCheck.checkClient(props("hdrhistogram.fileoutput", "true", "hdrhistogram.output.path", dir + "/run1-"));
    YcsbValueCheck.checkClient(props("hdrhistogram.fileoutput", "false", "hdrhistogram.output.path", "/no/such/"));
    assertTrue(refusal(() -> YcsbValueCheck.checkClient(props("hdrhistogram.fileoutput", "true",
        "hdrhistogram.output.path", dir + "/no/such/run1-"))).startsWith("hdrhistogram.output.path=" + dir
            + "/no/such/run1-: folder " + dir + "/no/such does not exist;"));
  }

  @Test
  void anExportFileIsCheckedWithoutBeingCreated(@TempDir Path dir) throws IOException {
    YcsbValueCheck.checkExportFile(dir.resolve("new.json").toString());
    assertEquals(List.of(), Files.list(dir).toList(), "the check created the file");
    assertEquals("exportfile=" + dir + " is a folder; exportfile accepts a file in an existing folder you can write"
        + " (absent: standard output)", refusal(() -> YcsbValueCheck.checkExportFile(dir.toString())));
    assertTrue(refusal(() -> YcsbValueCheck.checkExportFile(dir.resolve("no/such/x.json").toString()))
        .startsWith("exportfile=" + dir.resolve("no/such/x.json") + ": folder " + dir.resolve("no/such")
            + " does not exist;"));
  }
}
