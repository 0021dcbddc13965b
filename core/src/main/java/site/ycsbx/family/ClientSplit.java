package site.ycsbx.family;

import java.util.Map;
import java.util.Properties;

/**
 * How a family's work is split over the clients of one run ({@code ycsbx.clients=N
 * ycsbx.client=i}): the properties that give client i its part, set over the user's (YCSB's
 * Client and the workload both read them). Checks only; changes nothing. Bad input is a
 * {@link site.ycsbx.util.UserError}.
 */
@FunctionalInterface
public interface ClientSplit {
  /** A family that reads its share itself (its load batches, its requesters' numbers): nothing to set. */
  ClientSplit ITSELF = (workload, p, load, clients, client) -> Map.of();

  /**
   * @param workload the workload class, of the family
   * @param load true for the load phase
   * @param clients N, at least 1
   * @param client i, 0 to N - 1
   * @return the properties to set, in the order the fingerprint's {@code client.slice} lists them
   */
  Map<String, String> properties(Class<?> workload, Properties p, boolean load, int clients, int client);
}
