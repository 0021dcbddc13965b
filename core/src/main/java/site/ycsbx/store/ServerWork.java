package site.ycsbx.store;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * The server's own counters of work, for telling whether the server did more than this run sent
 * it (another client writing to the same server). A binding whose server counts the work of each
 * connection apart (MariaDB's session status) {@link #offer offers} a {@link Source} in its
 * preflight, which reads the whole server's counters, and reports each of its connections' own
 * counters as the connection closes ({@link #sessionEnded}); one whose server keeps no counters
 * per connection has its source tell this run's share at its close, from what it can tell apart
 * (PostgreSQL: the run's own relations; MongoDB: the commands this JVM sent). The run's sampler reads the whole
 * server at the start and the end of the run: the difference, less this run's sessions, is what
 * others made the server do. Counters are named {@link #WRITTEN} and {@link #READ}; a binding
 * gives those it can. One run per JVM.
 */
public final class ServerWork {
  /** Rows the server inserted, updated or deleted. */
  public static final String WRITTEN = "rows written";
  /** Rows the server read (index and table reads). */
  public static final String READ = "rows read";

  /** A reading of the two counters, in their order. */
  public static Map<String, Long> counters(long written, long read) {
    Map<String, Long> m = new LinkedHashMap<>();
    m.put(WRITTEN, written);
    m.put(READ, read);
    return m;
  }

  /** A reader of the whole server's counters, on a connection of its own. */
  public interface Source extends AutoCloseable {
    /** Where the counters come from, e.g. {@code MariaDB SHOW GLOBAL STATUS Handler_*}. */
    String describe();

    /** The whole server's counters now, by name; empty when they cannot be read. */
    Map<String, Long> wholeServer();

    /** Closes its connection; the work of its own session counts as this run's. */
    @Override
    void close();
  }

  private static volatile Supplier<Source> offered;
  private static final Map<String, LongAdder> OWN = new ConcurrentHashMap<>();
  private static volatile Map<String, long[]> tables = Map.of();

  private ServerWork() {
  }

  /** The binding's way to open a {@link Source}; called by its preflight. */
  public static void offer(Supplier<Source> opener) {
    offered = opener;
  }

  /** A source of the whole server's counters, or null when the binding offers none (or it cannot be opened). */
  public static Source open() {
    Supplier<Source> s = offered;
    try {
      return s == null ? null : s.get();
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** What one of this run's connections made the server do, over its whole life: added at its close. */
  public static void sessionEnded(Map<String, Long> counters) {
    counters.forEach((k, v) -> OWN.computeIfAbsent(k, x -> new LongAdder()).add(v));
  }

  /** The sum of this run's connections' counters so far. */
  public static Map<String, Long> own() {
    Map<String, Long> out = new TreeMap<>();
    OWN.forEach((k, v) -> out.put(k, v.sum()));
    return out;
  }

  /**
   * What the server says the run's own tables gained over the run, beside what this run's
   * connections sent them (the rows their statements reported written), by counter name:
   * {server's, sent}. Told by a source whose run's share is its tables (PostgreSQL), at its
   * close: another client writing into those very tables is then seen as the server's excess.
   */
  public static void tablesEnded(Map<String, long[]> serverAndSent) {
    tables = Map.copyOf(serverAndSent);
  }

  /** What {@link #tablesEnded} was told; empty when no source told it. */
  public static Map<String, long[]> tables() {
    return tables;
  }

  /** Forgets the offer and the sums (the next command in this JVM, tests). */
  public static void reset() {
    offered = null;
    OWN.clear();
    tables = Map.of();
  }
}
