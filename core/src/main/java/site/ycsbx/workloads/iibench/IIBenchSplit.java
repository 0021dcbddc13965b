package site.ycsbx.workloads.iibench;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import site.ycsbx.family.ClientSplit;
import site.ycsbx.util.Props;
import site.ycsbx.util.UserError;
import site.ycsbx.workloads.ClientShare;

/**
 * iibench over {@code ycsbx.clients=N}: rows get their ids from the server (auto increment,
 * ObjectId), so client i inserts its share of the rows (the remainder to the first clients) into
 * the shared table.
 */
final class IIBenchSplit implements ClientSplit {
  private static final String CLIENTS_PROPERTY = ClientShare.CLIENTS_PROPERTY;

  @Override
  public Map<String, String> properties(Class<?> workload, Properties p, boolean load, int clients, int client) {
    Map<String, String> out = new LinkedHashMap<>();
    if (clients == 1) {
      return out;
    }
    if (Props.getBoolean(p, IIBenchSettings.TABLE_PER_THREAD_PROPERTY, false)) {
      throw new UserError(IIBenchSettings.TABLE_PER_THREAD_PROPERTY + "=true with " + CLIENTS_PROPERTY + "=" + clients
          + ": every client would use the same table names; use one shared table with several clients");
    }
    String countKey = load ? "recordcount" : "operationcount";
    long rows = p.getProperty(IIBenchSettings.ROWS_PROPERTY) != null
        ? Props.getLong(p, IIBenchSettings.ROWS_PROPERTY, 0, 1, Long.MAX_VALUE)
        : Props.getLong(p, countKey, 0, 0, Integer.MAX_VALUE);
    if (rows < clients) {
      throw new UserError(IIBenchSettings.ROWS_PROPERTY + "=" + rows + " cannot be split over " + CLIENTS_PROPERTY + "="
          + clients + "; it needs at least one row per client");
    }
    long share = rows / clients + (client < rows % clients ? 1 : 0);
    out.put(IIBenchSettings.ROWS_PROPERTY, Long.toString(share));
    return out;
  }
}
