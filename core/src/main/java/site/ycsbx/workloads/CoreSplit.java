package site.ycsbx.workloads;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import site.ycsb.Workload;
import site.ycsb.workloads.CoreWorkload;
import site.ycsbx.family.ClientSplit;
import site.ycsbx.util.Props;
import site.ycsbx.util.UserError;

/**
 * YCSB's core workloads over {@code ycsbx.clients=N}. Load: client i inserts keys
 * {@code [R*i/N, R*(i+1)/N)} of recordcount R, through YCSB's own {@code insertstart}/{@code
 * insertcount} (CoreWorkload numbers its load keys from insertstart). Run: reads, updates, scans
 * pick keys over the whole loaded key space, as one client with the threads of all would
 * (CoreWorkload's key chooser spans insertstart..insertstart+insertcount, which the run leaves at
 * 0..recordcount); its operationcount is per client, as threads are. Inserts in the run phase
 * (workloads d and e): client i inserts its own key range, {@code insertstart = recordcount + i *
 * operationcount}, {@code insertcount = operationcount}, which {@link StoppableCoreWorkload} maps
 * its new keys into (every client's CoreWorkload numbers them from recordcount); its reads of new
 * keys read its own.
 */
final class CoreSplit implements ClientSplit {
  private static final String CLIENTS_PROPERTY = ClientShare.CLIENTS_PROPERTY;

  @Override
  public Map<String, String> properties(Class<?> workload, Properties p, boolean load, int clients, int client) {
    Map<String, String> out = new LinkedHashMap<>();
    if (!load) {
      double inserts = Props.getDouble(p, CoreWorkload.INSERT_PROPORTION_PROPERTY, 0, 0, 1);
      if (clients == 1 || inserts <= 0) {
        return out;
      }
      if (workload != CoreWorkload.class && workload != StoppableCoreWorkload.class) {
        throw new UserError(CLIENTS_PROPERTY + "=" + clients + " with " + CoreWorkload.INSERT_PROPORTION_PROPERTY + "="
            + p.getProperty(CoreWorkload.INSERT_PROPORTION_PROPERTY) + ": " + workload.getName() + " numbers new keys"
            + " from recordcount in every client, so the clients would insert the same keys; run inserts with one"
            + " client, or with " + CoreWorkload.class.getName());
      }
      refuseOwn(p);
      // a client inserts at most operationcount keys (0: no limit, YCSB's int operations at most)
      long ops = Props.getLong(p, "operationcount", 0, 0, Integer.MAX_VALUE);
      long span = ops > 0 ? ops : Integer.MAX_VALUE;
      long records = Props.getLong(p, "recordcount", 0, 0, Integer.MAX_VALUE);
      out.put(Workload.INSERT_START_PROPERTY, Long.toString(records + span * client));
      out.put(Workload.INSERT_COUNT_PROPERTY, Long.toString(span));
      return out;
    }
    refuseOwn(p);
    long records = Props.getLong(p, "recordcount", 0, 0, Integer.MAX_VALUE);
    if (records < clients) {
      throw new UserError("recordcount=" + records + " cannot be split over " + CLIENTS_PROPERTY + "=" + clients
          + "; it needs at least one record per client");
    }
    long start = records * client / clients;
    long end = records * (client + 1) / clients;
    out.put(Workload.INSERT_START_PROPERTY, Long.toString(start));
    out.put(Workload.INSERT_COUNT_PROPERTY, Long.toString(end - start));
    return out;
  }

  private static void refuseOwn(Properties p) {
    for (String own : new String[] {Workload.INSERT_START_PROPERTY, Workload.INSERT_COUNT_PROPERTY}) {
      if (p.getProperty(own) != null) {
        throw new UserError(own + "=" + p.getProperty(own) + " conflicts with " + CLIENTS_PROPERTY + ", which sets " + own
            + " for each client; leave " + own + " out");
      }
    }
  }
}
