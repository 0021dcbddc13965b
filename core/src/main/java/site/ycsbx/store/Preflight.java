package site.ycsbx.store;

import java.util.Properties;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.util.PropertyOwner;
import site.ycsbx.util.UserError;

/**
 * What a binding checks before anything is created: its options (bad values are a
 * {@link UserError} naming the property), then the server (reachable within a few seconds,
 * engine as asked, what the workload needs exists). Adds what it learns to the fingerprint.
 * Must not create, drop or write anything. As a {@link PropertyOwner} it names the properties
 * it reads, so a misspelt one is refused.
 */
public interface Preflight extends PropertyOwner {
  /**
   * Starts the lines a preflight prints once, before the fingerprint, to say how a property of
   * another YCSB version was read, e.g. {@code [YCSB-X] batchsize=100 (YCSB 0.17's name) read as
   * mongodb.batchsize=100}.
   */
  String NOTE_PREFIX = "[YCSB-X] ";

  /**
   * @param props the run's properties (secrets resolved through {@code Props.get})
   * @param phase what the run is about to do
   * @param demand the store the workload takes and its family's plan ({@link StoreDemand#NONE}
   *     for YCSB's own workloads); a binding runs the check its catalog registers for it
   * @param fingerprint filled with server product, version, engine, durability and options
   */
  void check(Properties props, Phase phase, StoreDemand demand, Fingerprint fingerprint);

  /**
   * Where the server of these options runs, so that its CPU can be measured when it is on this
   * host. Reads the options only: no connection, nothing created.
   */
  default ServerAddress serverAddress(Properties props) {
    return ServerAddress.UNKNOWN;
  }

  /**
   * The bytes {@code tables} take on storage now, measured as iibench's rounds measure them, on a
   * connection of its own (the run's are closed by then); called once at the end of every load and
   * run. A figure the server does not give is -1 with the reason in the source, never 0.
   */
  default SizeReport storedSize(Properties props, java.util.List<String> tables) {
    return new SizeReport(-1, -1, "not measured by this binding");
  }

  /**
   * What each of {@code tables} holds now ({@link TableCount}: an exact count only where cheap),
   * on a connection of its own; called at the start of every load and run, after this check, and
   * at its end. Empty when the binding does not count its tables.
   */
  default java.util.List<TableCount> tableCounts(Properties props, java.util.List<String> tables) {
    return java.util.List.of();
  }

  /**
   * The lock an experiment takes on the database of these options for its whole run; null when
   * the binding has none (the experiment then says that the target is not locked).
   */
  default DatabaseLock databaseLock() {
    return null;
  }

  /** Whether the Client is about to load or run transactions. */
  enum Phase {
    LOAD, RUN;

    public static Phase of(Properties props) {
      return Boolean.parseBoolean(props.getProperty("dotransactions", "true")) ? RUN : LOAD;
    }
  }

  /** For bindings that have nothing to check. */
  final class None implements Preflight {
    @Override
    public void check(Properties props, Phase phase, StoreDemand demand, Fingerprint fingerprint) {
    }
  }
}
