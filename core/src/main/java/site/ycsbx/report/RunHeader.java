package site.ycsbx.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Map;
import site.ycsbx.results.RunFolder;

/**
 * The top of a run's {@code report.html} ({@link PageHeader}, as the experiment page has it): what
 * ran, when and how long, YCSB-X and YCSB versions, the host, the server's product and version, and
 * the command line as result.json records it (secrets masked when it was written). A folder
 * without a server version (the null binding) or a command (written before YCSB-X recorded it, or
 * merged) says so rather than leaving the fact out.
 */
final class RunHeader {
  private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'")
      .withZone(ZoneOffset.UTC).withLocale(Locale.ROOT);

  private RunHeader() {
  }

  /**
   * The run's rate in its family's unit, as the [SUMMARY] says it: the headline's first rate
   * ({@code rows_s}: rows/s, with its count and seconds) where the family gives one, else ops/s.
   */
  static String rate(JsonNode r) {
    JsonNode h = r.path("headline");
    for (java.util.Iterator<String> it = h.fieldNames(); it.hasNext();) {
      String k = it.next();
      if (k.endsWith("_s") && h.path(k).isNumber()) {
        String counted = k.substring(0, k.length() - 2);
        String unit = counted + "/s";
        return ReportHtml.ops(h.path(k).asDouble()) + " " + unit + (h.path(counted).isNumber() && h.path("secs")
            .isNumber() ? String.format(Locale.ROOT, " (%,d %s in %.1f s)", h.path(counted).asLong(), counted,
            h.path("secs").asDouble()) : "");
      }
    }
    JsonNode o = r.path("overall");
    return ReportHtml.ops(o.path("throughput").asDouble(Double.NaN)) + " ops/s" + String.format(Locale.ROOT,
        " (%,d operations in %.1f s)", o.path("operations").asLong(), o.path("runtime_ms").asDouble() / 1000.0);
  }

  static PageHeader of(RunFolder run, String workload) {
    JsonNode r = run.result();
    Map<String, String> fp = run.fingerprint();
    String binding = r.path("binding").asText("");
    String purpose = String.format(Locale.ROOT, "A %s of %s on %s, %s thread%s: %,d operations in %.1f s.",
        run.phase(), workload, binding, fp.getOrDefault("threads", "?"), "1".equals(fp.get("threads")) ? "" : "s",
        r.path("overall").path("operations").asLong(), (run.endMs() - run.startMs()) / 1000.0);
    String server = PageHeader.server(fp);
    JsonNode command = r.path(RunFolder.COMMAND);
    boolean merged = r.path("client").path("index").isNull();
    return PageHeader.builder(purpose)
        .fact(PageHeader.DATE, "Date", DATE.format(Instant.ofEpochMilli(run.startMs())))
        .fact(PageHeader.DURATION, "Duration", String.format(Locale.ROOT, "%.1f s", (run.endMs() - run.startMs())
            / 1000.0))
        .fact("rate", "Rate", rate(r))
        .client(fp)
        .fact(PageHeader.SERVER, "Server", server != null ? server : "not known: binding " + binding
            + " reports no server version")
        .fact(PageHeader.COMMAND, "Command", command.isTextual() ? command.asText() : merged
            ? "bin/ycsb merge of " + r.path("client").path("count").asInt() + " clients' folders (each its own command)"
            : "not recorded (a run folder written before YCSB-X recorded its command line)")
        .build();
  }
}
