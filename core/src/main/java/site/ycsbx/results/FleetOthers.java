package site.ycsbx.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Whether a merged run ran beside other load, judged for the fleet rather than client by client.
 * Each client compared the server's counters with its own connections' work, so the other
 * clients of the same run counted as others: every client of a fleet on one server was marked.
 * The fleet's figure sets the growth one client saw on the server (the largest: the clients'
 * windows share their start, so the longest holds the others' work) against the work of all
 * clients together, over the thresholds and floor each client used. A client marked by its host's
 * CPU keeps its mark: the other processes there are not this run's counters to add up.
 */
final class FleetOthers {
  /** As a client's judgement: others' rows below this never mark a run. */
  static final long FLOOR_ROWS = 1000;

  private FleetOthers() {
  }

  /** Writes the merged run's {@code others} into {@code r}: null when nothing marks it. */
  static void judge(ObjectNode r, List<RunFolder> runs) {
    ArrayNode clients = r.arrayNode();
    List<String> why = new ArrayList<>();
    double serverPct = Double.NaN;
    for (RunFolder x : runs) {
      JsonNode o = x.result().path("others");
      if (!o.isObject()) {
        continue;
      }
      serverPct = o.path("server_threshold_pct").asDouble(serverPct);
      double cpu = o.path("cpu_pct").asDouble(Double.NaN);
      double cpuLimit = o.path("cpu_threshold_pct").asDouble(Double.NaN);
      if (!Double.isNaN(cpu) && cpu > cpuLimit) {
        String w = String.format(Locale.ROOT, "%.1f%% of the host's CPU was neither this client nor the server"
            + " (over %s%%)", cpu, plain(cpuLimit));
        clients.addObject().put("client", x.clientIndex()).put("why", w);
        why.add("client " + x.clientIndex() + ": " + w);
      }
    }
    if (!Double.isNaN(serverPct)) {
      ObjectNode fleet = r.objectNode();
      counters(runs, "server_", "run_", serverPct, why, fleet,
          "the server's %s grew by %d, the %d clients' connections' by %d (others %d, over %s%% of the run's)");
      counters(runs, "tables_", "sent_", serverPct, why, fleet,
          "server: %s to the run's tables %d, the %d clients sent %d (%d more, over %s%%): another client?");
      if (fleet.size() > 0) {
        r.set("others_fleet", fleet);
      }
    }
    if (why.isEmpty()) {
      r.putNull("others");
      return;
    }
    ObjectNode others = r.putObject("others");
    others.put("marked", true).put("why", String.join("; ", why));
    others.set("clients", clients);
  }

  /**
   * For each counter named {@code whole + key} and {@code own + key}: the largest whole figure a
   * client saw against the clients' own figures added up.
   */
  private static void counters(List<RunFolder> runs, String whole, String own, double pct, List<String> why,
      ObjectNode fleet, String format) {
    Map<String, long[]> byKey = new TreeMap<>();
    for (RunFolder x : runs) {
      JsonNode o = x.result().path("others");
      for (Iterator<String> it = o.fieldNames(); it.hasNext();) {
        String f = it.next();
        if (f.startsWith(whole) && o.path(own + f.substring(whole.length())).isNumber()
            && o.path(f).isNumber()) {
          long[] v = byKey.computeIfAbsent(f.substring(whole.length()), k -> new long[2]);
          v[0] = Math.max(v[0], o.path(f).asLong());
          v[1] += o.path(own + f.substring(whole.length())).asLong();
        }
      }
    }
    byKey.forEach((key, v) -> {
      fleet.put(whole + key, v[0]);
      fleet.put(own + key, v[1]);
      long others = v[0] - v[1];
      if (others > FLOOR_ROWS && others > v[1] * pct / 100) {
        why.add(String.format(Locale.ROOT, format, key.replace('_', ' '), v[0], runs.size(), v[1], others, plain(pct)));
      }
    });
  }

  private static String plain(double v) {
    return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
  }
}
