package site.ycsbx.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * A merged folder ({@code ycsb merge}) written in the run folder's format, so that
 * {@link RunFolder#read} reads it as it reads one client's: the merged interval logs and a
 * result.json whose client index is null, whose host is the list of the clients' hosts and
 * which adds the common window's operations, the folders merged and their span. How the
 * clients' logs are put on one grid and cut to the common window is the merge command's.
 */
public final class MergedFolder {
  /**
   * One operation of the merged run.
   *
   * @param count calls, all clients, whole runs
   * @param throughput calls per second in the common window
   * @param latency every client's intervals added together (µs)
   */
  public record Op(long count, double throughput, Histogram latency) {
  }

  /**
   * What result.json says of the merged run beside what it copies from the clients' folders.
   *
   * @param fingerprint the first client's, without what differs between the clients
   * @param ops the operations, in name order
   */
  public record Run(List<RunFolder> clients, long windowStart, long windowEnd, Map<String, String> fingerprint,
      double throughput, double windowOperations, Map<String, Op> ops) {
  }

  private MergedFolder() {
  }

  /** Writes {@code <op>.hdr}: the merged slots, slot i spanning {@code origin + i * intervalMs} on. */
  public static void writeLog(Path dir, String op, long origin, long intervalMs, SortedMap<Long, Histogram> slots)
      throws IOException {
    try (PrintStream ps = new PrintStream(new FileOutputStream(dir.resolve(op + RunFolder.HDR_SUFFIX).toFile()),
        false, StandardCharsets.UTF_8)) {
      HistogramLogWriter w = new HistogramLogWriter(ps);
      w.outputLogFormatVersion();
      w.outputStartTime(origin);
      w.setBaseTime(origin);
      w.outputBaseTime(origin);
      w.outputLegend();
      for (Map.Entry<Long, Histogram> s : slots.entrySet()) {
        Histogram h = s.getValue();
        h.setStartTimeStamp(origin + s.getKey() * intervalMs);
        h.setEndTimeStamp(origin + (s.getKey() + 1) * intervalMs);
        w.outputIntervalHistogram(h);
      }
    }
  }

  /** Writes result.json of the merged run. */
  public static void writeResult(Path dir, Run run) throws IOException {
    ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    mapper.writeValue(dir.resolve(RunFolder.RESULT_FILE).toFile(), resultJson(mapper, run));
  }

  static ObjectNode resultJson(ObjectMapper mapper, Run run) {
    List<RunFolder> runs = run.clients();
    RunFolder first = runs.get(0);
    ObjectNode r = mapper.createObjectNode();
    r.put("format", RunFolder.FORMAT);
    r.put("phase", first.phase());
    r.set("binding", first.result().path("binding").deepCopy());
    r.set("workload", first.result().path("workload").deepCopy());
    ObjectNode client = r.putObject("client");
    client.putNull("index");
    client.put("count", runs.size());
    ArrayNode hosts = client.putArray("host");
    runs.stream().sorted(Comparator.comparingInt(RunFolder::clientIndex)).forEach(x -> hosts.add(x.host()));
    r.put("start_ms", run.windowStart());
    r.put("end_ms", run.windowEnd());
    r.set("warmup_s", first.result().path("warmup_s").deepCopy());
    r.put(RunFolder.UNIT_OPERATION, first.unitOperation());
    ArrayNode interrupted = mapper.createArrayNode();
    for (RunFolder x : runs) {
      if (!x.result().path("interrupted").isMissingNode() && !x.result().path("interrupted").isNull()) {
        ObjectNode i = interrupted.addObject();
        i.put("client", x.clientIndex());
        i.set("interrupted", x.result().path("interrupted").deepCopy());
      }
    }
    if (interrupted.isEmpty()) {
      r.putNull("interrupted");
    } else {
      r.putObject("interrupted").set("clients", interrupted);
    }
    // judged for the fleet: each client counted the others' work on the server as others'
    FleetOthers.judge(r, runs);
    ObjectNode fp = r.putObject("fingerprint");
    run.fingerprint().forEach(fp::put);
    ObjectNode overall = r.putObject("overall");
    overall.put("runtime_ms", run.windowEnd() - run.windowStart());
    overall.put("operations", runs.stream().mapToLong(RunFolder::operations).sum());
    overall.put("throughput", run.throughput());
    overall.put("window_operations", Math.round(run.windowOperations()));
    ObjectNode ops = r.putObject("operations");
    for (Map.Entry<String, Op> e : run.ops().entrySet()) {
      String op = e.getKey();
      Histogram h = e.getValue().latency();
      ObjectNode o = ops.putObject(op);
      o.put("count", e.getValue().count());
      o.put("throughput", e.getValue().throughput());
      ObjectNode returns = o.putObject("returns");
      for (RunFolder x : runs) {
        for (Iterator<Map.Entry<String, JsonNode>> it = x.result().path("operations").path(op).path("returns").fields();
            it.hasNext();) {
          Map.Entry<String, JsonNode> s = it.next();
          returns.put(s.getKey(), returns.path(s.getKey()).asLong() + s.getValue().asLong());
        }
      }
      ObjectNode lat = o.putObject("latency_us");
      lat.put("p50", h.getValueAtPercentile(50));
      lat.put("p95", h.getValueAtPercentile(95));
      lat.put("p99", h.getValueAtPercentile(99));
      lat.put("p99.9", h.getValueAtPercentile(99.9));
      lat.put("max", h.getMaxValue());
    }
    ArrayNode from = r.putArray("merged_from");
    runs.forEach(x -> from.add(x.path().toAbsolutePath().normalize().toString()));
    ObjectNode span = r.putObject("span");
    span.put("first_start_ms", runs.stream().mapToLong(RunFolder::startMs).min().orElseThrow());
    span.put("last_end_ms", runs.stream().mapToLong(RunFolder::endMs).max().orElseThrow());
    return r;
  }
}
