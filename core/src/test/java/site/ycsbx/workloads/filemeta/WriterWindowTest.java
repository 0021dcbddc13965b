package site.ycsbx.workloads.filemeta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.OneLineError;
import site.ycsbx.tools.Main;

/**
 * filemeta.writer.start/seconds: the writer threads write only inside their window, counted per
 * interval; the window is printed and marked on the status lines; one past the run's end is refused.
 */
@Tag("process")
class WriterWindowTest {
  private static final List<String> WRITES = List.of("INSERT_FILE", "UPDATE_FILE", "DELETE_FILE");

  /** Writes of each interval, by the interval's end in seconds. */
  private static Map<Double, Long> writesPerInterval(String export) {
    Map<Double, Long> out = new TreeMap<>();
    for (String op : WRITES) {
      Matcher m = Pattern.compile("(?m)^\\[INTERVAL-" + op + "\\], ([0-9.]+)s Operations, (\\d+)$").matcher(export);
      while (m.find()) {
        out.merge(Double.parseDouble(m.group(1)), Long.parseLong(m.group(2)), Long::sum);
      }
    }
    return out;
  }

  @Test
  void theWritersWriteOnlyInTheirWindow(@TempDir Path tmp) throws Exception {
    Path export = tmp.resolve("export.txt");
    Result r = JavaProcess.run(Main.class.getName(), "run", "null", "-P", JavaProcess.workload("filemeta-readwrite"),
        "-p", "maxexecutiontime=4", "-threads", "2", "-p", "filemeta.writer.start=1.5", "-p",
        "filemeta.writer.seconds=1.5", "-p", "ycsbx.interval=0.5", "-p", "exportfile=" + export);
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.stdout().contains("[FILEMETA] writers on at 1.5 s (filemeta.writer.start=1.5) for 1.5 s"), r.stdout());
    assertTrue(r.stdout().contains("[FILEMETA] writers off at 3.0 s (filemeta.writer.seconds=1.5): the readers run on"
        + " alone"), r.stdout());
    // a busy host adds "| others N% CPU" at the end of a status line
    List<String> status = r.stderr().lines().filter(l -> l.startsWith("[STATUS] "))
        .map(l -> l.replaceFirst(" \\| others \\d+% CPU$", "")).toList();
    assertTrue(status.stream().anyMatch(l -> l.endsWith("| writers off (on 1.5-3 s)")), r.stderr());
    assertTrue(status.stream().anyMatch(l -> l.endsWith("| writers ON (1.5-3 s)")), r.stderr());
    assertTrue(status.stream().anyMatch(l -> l.endsWith("| writers off (were on 1.5-3 s)")), r.stderr());

    String exported = Files.readString(export);
    Map<Double, Long> writes = writesPerInterval(exported);
    long inside = 0;
    for (Map.Entry<Double, Long> e : writes.entrySet()) {
      double end = e.getKey();
      if (end <= 1.0 || end >= 4.0) {
        assertEquals(0L, e.getValue(), "writes in the interval ending at " + end + " s: " + writes);
      } else if (end >= 2.0 && end <= 3.0) {
        assertTrue(e.getValue() > 0, "no write in the interval ending at " + end + " s: " + writes);
        inside += e.getValue();
      }
    }
    assertTrue(inside > 0, "writes inside: " + writes);
    // the intervals' clock starts at the first measured operation, the window's before it (a few ms
    // on a quiet host, 0.1 s seen on a busy one): the writes begin in the interval that holds 1.5 s of
    // the window's clock and end in the one that holds 3.0 s, whatever their rate there
    double first = writes.entrySet().stream().filter(e -> e.getValue() > 0).mapToDouble(Map.Entry::getKey).min()
        .orElseThrow();
    double last = writes.entrySet().stream().filter(e -> e.getValue() > 0).mapToDouble(Map.Entry::getKey).max()
        .orElseThrow();
    assertTrue(first >= 1.5 && first <= 2.25, "the first writes in the interval ending at " + first + ": " + writes);
    assertTrue(last >= 3.0 && last <= 3.75, "the last writes in the interval ending at " + last + ": " + writes);
    Matcher reads = Pattern.compile("(?m)^\\[INTERVAL-LATEST_BY_USER\\], ([0-9.]+)s Operations, (\\d+)$")
        .matcher(exported);
    int readIntervals = 0;
    while (reads.find()) {
      readIntervals += Long.parseLong(reads.group(2)) > 0 ? 1 : 0;
    }
    assertTrue(readIntervals >= 7, "the reader runs throughout: " + exported);
  }

  @Test
  void aWindowPastTheRunsEndIsRefused() {
    // in a JVM of its own: refused after bin/ycsb's measurements hook is installed, which would stay in this one
    OneLineError.assertOneLineError(JavaProcess.run(Main.class.getName(), "run", "null", "-P",
        JavaProcess.workload("filemeta-readwrite"), "-p", "maxexecutiontime=60", "-threads", "2", "-p",
        "filemeta.writer.start=30", "-p", "filemeta.writer.seconds=45"), 2, "filemeta.writer.start=30 and filemeta.writer.seconds=45 ends the writers'"
        + " window at 75 s, past the run's end at maxexecutiontime=60; the window accepts filemeta.writer.start +"
        + " filemeta.writer.seconds up to maxexecutiontime (filemeta.writer.seconds=0: to the end)");
    OneLineError.assertOneLineError(JavaProcess.run(Main.class.getName(), "run", "null", "-P",
        JavaProcess.workload("filemeta-latest"), "-p", "maxexecutiontime=60", "-p", "filemeta.writer.start=10"), 2, "filemeta.writer.start=10 switches the"
        + " writer threads of a run whose mix has reads and writes, but this run has no writer thread");
  }
}
