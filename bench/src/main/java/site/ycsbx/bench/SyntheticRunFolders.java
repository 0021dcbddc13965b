package site.ycsbx.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import site.ycsbx.measurements.HdrLogs;

/**
 * Writes the run folders of N clients of one workloada run, as {@code -p ycsbx.out=DIR} does
 * (result.json's fields, one HdrHistogram interval log per operation, StartTime and BaseTime in
 * epoch ms), without running anything: the input of {@code bench/runfolder.sh}'s merge timing.
 * Latencies are drawn from a log-normal (median about 400 µs, a tail to seconds), so each
 * interval's histogram fills as many buckets as a real run's.
 *
 * <pre>
 * SyntheticRunFolders --out DIR [--clients 16] [--seconds 3600] [--interval 10] [--rate 1000] [--seed 1]
 * </pre>
 * writes DIR/client-0 .. DIR/client-(N-1); {@code --rate} is the operations per second of each
 * operation (READ, UPDATE and their Intended- series) in each client.
 */
public final class SyntheticRunFolders {
  private static final List<String> OPS = List.of("READ", "UPDATE", "Intended-READ", "Intended-UPDATE");

  private SyntheticRunFolders() {
  }

  public static void main(String[] argv) throws IOException {
    Args a = new Args(argv);
    Path out = Path.of(a.require("out"));
    int clients = a.getInt("clients", 16);
    long seconds = a.getLong("seconds", 3600);
    long intervalMs = a.getLong("interval", 10) * 1000;
    long rate = a.getLong("rate", 1000);
    long seed = a.getLong("seed", 1);
    long t0 = 1_790_000_000_000L;
    long intervals = seconds * 1000 / intervalMs;
    long perInterval = rate * intervalMs / 1000;
    for (int c = 0; c < clients; c++) {
      Path dir = out.resolve("client-" + c);
      Files.createDirectories(dir);
      // started together within a few ms, as with ycsbx.startat
      long start = t0 + (c * 7L) % 30;
      Random rnd = new Random(seed * 1000 + c);
      long[] counts = new long[OPS.size()];
      for (int o = 0; o < OPS.size(); o++) {
        counts[o] = writeLog(dir.resolve(OPS.get(o) + ".hdr"), OPS.get(o), start, intervalMs, intervals, perInterval,
            rnd);
      }
      writeResult(dir, c, clients, start, start + intervals * intervalMs, counts);
    }
    System.out.printf("wrote %d client folders of %d s (%d intervals of %d ms, %d operations per interval and"
        + " operation) into %s%n", clients, seconds, intervals, intervalMs, perInterval, out);
  }

  private static long writeLog(Path file, String op, long start, long intervalMs, long intervals, long perInterval,
      Random rnd) throws IOException {
    long total = 0;
    try (PrintStream ps = new PrintStream(new FileOutputStream(file.toFile()), false, StandardCharsets.UTF_8)) {
      HistogramLogWriter w = HdrLogs.writer(ps, op, start);
      Histogram h = new Histogram(3);
      h.setAutoResize(true);
      for (long i = 0; i < intervals; i++) {
        h.reset();
        for (long k = 0; k < perInterval; k++) {
          h.recordValue(Math.max(1, (long) Math.exp(6 + 1.1 * rnd.nextGaussian())));
        }
        h.setStartTimeStamp(start + i * intervalMs);
        h.setEndTimeStamp(start + (i + 1) * intervalMs);
        w.outputIntervalHistogram(h);
        total += perInterval;
      }
    }
    return total;
  }

  private static void writeResult(Path dir, int index, int clients, long start, long end, long[] counts)
      throws IOException {
    ObjectMapper m = new ObjectMapper();
    ObjectNode r = m.createObjectNode();
    r.put("format", "ycsbx-run/1");
    r.put("phase", "run");
    r.put("binding", "jdbc");
    r.put("workload", "site.ycsb.workloads.CoreWorkload");
    ObjectNode c = r.putObject("client");
    c.put("index", index);
    c.put("count", clients);
    c.put("host", "client-host-" + index);
    r.put("start_ms", start);
    r.put("end_ms", end);
    r.put("warmup_s", 0.0);
    r.putNull("interrupted");
    ObjectNode fp = r.putObject("fingerprint");
    fp.put("ycsbx.version", "0.1.0-SNAPSHOT");
    fp.put("client.host", "client-host-" + index);
    fp.put("binding", "jdbc");
    fp.put("workload", "site.ycsb.workloads.CoreWorkload");
    fp.put("workload.recordcount", "1000000");
    fp.put("phase", "run");
    fp.put("threads", "16");
    fp.put("client.index", String.valueOf(index));
    fp.put("client.count", String.valueOf(clients));
    fp.put("client.slice", "the whole workload");
    fp.put("server.product", "MariaDB 11.4");
    long ops = counts[0] + counts[1];
    ObjectNode overall = r.putObject("overall");
    overall.put("runtime_ms", end - start);
    overall.put("operations", ops);
    overall.put("throughput", ops * 1000.0 / (end - start));
    ObjectNode o = r.putObject("operations");
    for (int i = 0; i < OPS.size(); i++) {
      ObjectNode op = o.putObject(OPS.get(i));
      op.put("count", counts[i]);
      ObjectNode returns = op.putObject("returns");
      if (!OPS.get(i).startsWith("Intended-")) {
        returns.put("OK", counts[i]);
      }
      op.putObject("summary").put("Operations", counts[i]);
    }
    m.writerWithDefaultPrettyPrinter().writeValue(dir.resolve("result.json").toFile(), r);
  }
}
