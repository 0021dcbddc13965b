package site.ycsbx.measurements;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Map;

/**
 * The run folder as a running client sees it: where the end of the run writes summary.txt and
 * result.json. Its format (and its reading back) is {@code site.ycsbx.results.RunFolder}, a layer
 * above this one: the launcher hands it in with {@link ResultExporter#writeTo} before the Client
 * starts. The names a running client writes under are here (and {@link EfficiencyCsv#FILE}), so
 * this layer never reaches up for them.
 */
public interface RunOutput {
  String OUT_PROPERTY = "ycsbx.out";
  String SUMMARY_FILE = "summary.txt";
  String RESULT_FILE = "result.json";
  /** One HdrHistogram interval log per operation: {@code <OP>.hdr}. */
  String HDR_SUFFIX = ".hdr";

  /**
   * What result.json says of the run; the exporter fills it in as YCSB's records pass.
   *
   * @param others what else ran beside the run ({@link OtherLoad.Mark#json}), null when not sampled
   * @param outages the server's outages the run met ({@code site.ycsbx.faults.Outages#json})
   * @param tables the run's tables at its start and end ({@link ForeignRows#json}), null when not counted
   */
  record Result(long startMs, long endMs, long runtimeMs, long operations, double throughput,
      Interruption.Signal interrupted, Map<String, Map<String, Long>> returns, Map<String, Map<String, Number>> ops,
      Map<String, Double> headline, Map<String, Object> dataSize, Map<String, Object> others,
      Map<String, Object> outages, Map<String, Object> tables) {
  }

  Path dir();

  OutputStream openSummary() throws IOException;

  void appendSummary(String text) throws IOException;

  void writeResult(Result r) throws IOException;
}
