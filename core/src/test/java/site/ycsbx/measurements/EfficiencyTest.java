package site.ycsbx.measurements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.measurements.exporter.MeasurementsExporter;
import site.ycsbx.store.ServerAddress;

@Tag("fast")
class EfficiencyTest {
  private static final long SEC = 1_000_000_000L;

  // counters: user nice system idle iowait irq softirq steal ctxt reads sectorsRead sectorsWritten client server
  private static EfficiencySample sample(long nanos, long... v) {
    return new EfficiencySample(nanos, nanos / 1_000_000, v);
  }

  @Test
  void ratesPerSecondThenPerOperation() {
    EfficiencySample a = sample(0, 1000, 0, 500, 10000, 100, 0, 0, 0, 50000, 10, 0, 0, 300, 200);
    // 10 s later: 800 ticks user, 200 system (10 CPU s busy), 900 idle, 100 iowait; 100000 context
    // switches; 2000 reads of 8000 sectors (4000 KB); 40000 sectors written (20000 KB); client 200
    // ticks, server 500 ticks
    EfficiencySample b = sample(10 * SEC, 1800, 0, 700, 10900, 200, 0, 0, 0, 150000, 2010, 8000, 40000, 500, 700);
    EfficiencyFigures f = EfficiencyFigures.between("load", a, b, 20000); // 2000 ops/s
    Map<String, Double> m = f.asMap();
    assertEquals(10000, m.get("cs.sec"), 1e-9);
    assertEquals(1.0, m.get("cpu.sec"), 1e-9, "CPU seconds busy per second");
    assertEquals(5.0, m.get("cs.op"), 1e-9);
    assertEquals(0.5, m.get("cpu.Kop"), 1e-9, "10 CPU s over 20000 operations: 0.5 s per 1000");
    assertEquals(200, m.get("r.sec"), 1e-9);
    assertEquals(400, m.get("rkb.sec"), 1e-9);
    assertEquals(2000, m.get("wkb.sec"), 1e-9);
    assertEquals(0.1, m.get("r.op"), 1e-9);
    assertEquals(0.2, m.get("rkb.op"), 1e-9);
    assertEquals(1.0, m.get("wkb.op"), 1e-9);
    assertEquals(0.1, m.get("client.Kop"), 1e-9, "2 CPU s of the client over 20000 operations");
    assertEquals(0.25, m.get("server.Kop"), 1e-9);
    assertEquals(40, m.get("us"), 1e-9);
    assertEquals(10, m.get("sy"), 1e-9);
    assertEquals(5, m.get("wa"), 1e-9);
    // the per-op figure is the per-second rate divided by the operation rate
    assertEquals(m.get("wkb.sec") / (20000 / 10.0), m.get("wkb.op"), 1e-9);
  }

  @Test
  void whatIsNotMeasuredOrHasNoOperationsIsNotAvailable() {
    EfficiencySample a = sample(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, -1, -1, 0, -1);
    EfficiencySample b = sample(SEC, 50, 0, 50, 100, 0, 0, 0, 0, 10, -1, -1, -1, 100, -1);
    EfficiencyFigures f = EfficiencyFigures.between("run", a, b, -1);
    assertTrue(Double.isNaN(f.wkbSec()) && Double.isNaN(f.serverCpuSec()) && Double.isNaN(f.csOp()));
    assertEquals(10, f.csSec(), 1e-9);
    String row = EfficiencyTable.row(f);
    assertEquals(EfficiencyTable.header().length(), row.length(), "aligned:\n" + EfficiencyTable.header() + "\n" + row);
    assertTrue(row.contains("n/a"));
  }

  @Test
  void theWindowStartsBetweenTwoSamples() {
    List<EfficiencySample> all = List.of(sample(0, 0, 0, 0, 0, 0, 0, 0, 0, 1000, 0, 0, 0, 0, 0),
        sample(SEC, 0, 0, 0, 0, 0, 0, 0, 0, 2000, 0, 0, 100, 0, 0),
        sample(2 * SEC, 0, 0, 0, 0, 0, 0, 0, 0, 4000, 0, 0, 300, 0, 0));
    EfficiencySample s = EfficiencySample.at(all, SEC + SEC / 4);
    assertEquals(2500, s.v()[EfficiencySample.CTXT]);
    assertEquals(150, s.v()[EfficiencySample.SECTORS_WRITTEN]);
    assertEquals(SEC + SEC / 4, s.nanos());
    assertEquals(all.get(1), EfficiencySample.at(all, SEC));
    assertEquals(all.get(2), EfficiencySample.at(all, 5 * SEC), "after the last sample: the last");
  }

  @Test
  void numbersKeepFourSignificantDigitsWithoutExponents() {
    assertEquals("12346", EfficiencyTable.num(12345.6));
    assertEquals("0.0001235", EfficiencyTable.num(0.000123456));
    assertEquals("1.500", EfficiencyTable.num(1.5));
    assertEquals("0", EfficiencyTable.num(0));
    assertEquals("n/a", EfficiencyTable.num(Double.NaN));
  }

  @Test
  void theServerIsFoundByItsPortOrSaidToBeElsewhere() throws Exception {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Efficiency.Located here = Efficiency.locate(ServerAddress.of("127.0.0.1", s.getLocalPort(), true));
      assertEquals(ProcessHandle.current().pid(), here.process().pid());
      assertTrue(here.process().cpuTicks() > 0);
    }
    String remote = Efficiency.locate(ServerAddress.of("db7.example.com", 3306, false)).note();
    assertEquals("server db7.example.com:3306: not local (runs on another host; its CPU is not measured here)", remote);
    assertTrue(Efficiency.locate(ServerAddress.NONE).note().contains("none"));
    assertTrue(Efficiency.locate(ServerAddress.UNKNOWN).note().contains("set ycsbx.serverpid"));
  }

  @Test
  void samplesEverySecondAndWritesTheTableTheExportAndTheCsv(@TempDir Path dir) throws Exception {
    DiskStats disks = DiskStats.forDevices("ycsbx.disks", "");
    ServerProcess self = new ServerProcess(ProcessHandle.current().pid(), "java");
    Efficiency e = new Efficiency("run", Path.of("/proc/stat"), disks, self, "server " + self.name(), dir);
    long start = System.nanoTime();
    e.startThread();
    long spin = System.nanoTime() + 2_300_000_000L;
    long x = 0;
    while (System.nanoTime() < spin) {
      x += Long.numberOfTrailingZeros(x + System.nanoTime()); // CPU the client and the "server" (this JVM) use
    }
    Map<String, Double> exported = new LinkedHashMap<>();
    MeasurementsExporter ex = new MeasurementsExporter() {
      @Override
      public void write(String metric, String measurement, int i) {
        exported.put(metric + "/" + measurement, (double) i);
      }

      @Override
      public void write(String metric, String measurement, long i) {
        exported.put(metric + "/" + measurement, (double) i);
      }

      @Override
      public void write(String metric, String measurement, double d) {
        exported.put(metric + "/" + measurement, d);
      }

      @Override
      public void close() {
      }
    };
    // the window starts 1.2 s in, as after a warm-up: the second before it is not in the figures
    long windowStart = start + 1_200_000_000L;
    String table = e.finish(windowStart, 1000 + (x & 0), ex);
    assertNull(e.finish(windowStart, 1000, ex), "once");
    String[] lines = table.split("\n");
    assertTrue(lines[0].startsWith("[EFFICIENCY] run phase: 1."), table);
    assertEquals(EfficiencyTable.header(), lines[1]);
    assertEquals(lines[1].length(), lines[2].length(), table);
    // one busy thread: about 1 CPU second per second in this JVM, so about 1.1 s per 1000 operations
    // in the 1.1 s window; far less when other processes share the CPUs (0.2 seen with a load average
    // of 12 on 2 CPUs), so only "measured, and not more than the window allows" is asserted
    double client = exported.get("EFFICIENCY/client.Kop");
    assertTrue(client > 0 && client < 3.0, table);
    assertEquals(1.1, exported.get("EFFICIENCY/Seconds"), 0.2);
    assertEquals(client, exported.get("EFFICIENCY/server.Kop"), client * 0.2, "the same process");
    assertTrue(exported.get("EFFICIENCY/cpu.sec") >= 0.5, table);
    assertTrue(exported.get("EFFICIENCY/cs.sec") > 0, table);
    assertEquals(1000, exported.get("EFFICIENCY/Operations"));
    List<String> csv = Files.readAllLines(dir.resolve(EfficiencyCsv.FILE));
    assertEquals(EfficiencyCsv.HEADER, csv.get(0));
    List<String> samples = new ArrayList<>(csv.subList(1, csv.size() - 1));
    assertTrue(samples.size() >= 2, csv.toString());
    assertTrue(samples.get(0).startsWith("before,"), samples.toString());
    samples.remove(0);
    int columns = EfficiencyCsv.HEADER.split(",").length;
    for (String row : csv) {
      assertEquals(columns, row.split(",", -1).length, row);
    }
    assertTrue(samples.stream().allMatch(r -> r.startsWith("sample,")), samples.toString());
    String[] summary = csv.get(csv.size() - 1).split(",", -1);
    assertEquals("run", summary[0]);
    assertEquals("1000", summary[4]);
    int wkbOp = Arrays.asList(EfficiencyCsv.HEADER.split(",")).indexOf("wkb_op");
    assertEquals(exported.get("EFFICIENCY/wkb.op"), Double.parseDouble(summary[wkbOp]),
        Math.abs(exported.get("EFFICIENCY/wkb.op")) * 1e-6);
  }
}
