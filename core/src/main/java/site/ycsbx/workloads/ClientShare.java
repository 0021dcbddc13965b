package site.ycsbx.workloads;

import java.util.Properties;

/**
 * This process's place among the clients of one run ({@code ycsbx.clients}, {@code
 * ycsbx.client}), for workloads that split their own work (LinkBench's load chunks, its
 * requesters' random streams). bin/ycsb's Main checks both properties before any workload reads
 * them (site.ycsbx.tools.clients.ClientSlice); read here leniently: one client when unset.
 *
 * @param client 0-based index
 * @param clients number of clients, 1 or more
 */
public record ClientShare(int client, int clients) {
  public static final String CLIENTS_PROPERTY = "ycsbx.clients";
  public static final String CLIENT_PROPERTY = "ycsbx.client";

  public static ClientShare of(Properties p) {
    try {
      int n = Integer.parseInt(p.getProperty(CLIENTS_PROPERTY, "1").trim());
      int i = Integer.parseInt(p.getProperty(CLIENT_PROPERTY, "0").trim());
      return n >= 1 && i >= 0 && i < n ? new ClientShare(i, n) : new ClientShare(0, 1);
    } catch (NumberFormatException e) {
      return new ClientShare(0, 1);
    }
  }

  /** The first of this client's {@code total} items split in N contiguous parts. */
  public long first(long total) {
    return total * client / clients;
  }

  /** One past the last of this client's items. */
  public long end(long total) {
    return total * (client + 1) / clients;
  }
}
