package site.ycsbx.verdict;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Failed operations say why: the first few distinct messages per operation are printed as they
 * happen (one line each) and repeated in the end-of-run error summary. Later repeats are only
 * counted, so a run with a million failures does not flood the console.
 *
 * <p>Each message keeps the order in which it was first seen across all operations, so the
 * summary's "first error" is the one that started a cascade (a lost connection), not the
 * cleanup failure it caused later, whatever the operations are called.
 */
public final class ErrorLog {
  private static final int DISTINCT_PER_OP = 3;
  private static final AtomicLong SEQUENCE = new AtomicLong();
  private static final Map<String, Map<String, Seen>> MESSAGES = new ConcurrentHashMap<>();

  private record Seen(long order, AtomicLong count) {
  }

  private ErrorLog() {
  }

  /** Notes that an operation failed with this message. */
  public static void report(String op, String message) {
    String msg = message == null ? "unknown error" : message.replace('\n', ' ').strip();
    Map<String, Seen> perOp = MESSAGES.computeIfAbsent(op, k -> new ConcurrentHashMap<>());
    Seen seen = perOp.get(msg);
    if (seen == null) {
      synchronized (perOp) {
        seen = perOp.get(msg);
        if (seen == null && perOp.size() < DISTINCT_PER_OP) {
          seen = new Seen(SEQUENCE.incrementAndGet(), new AtomicLong());
          perOp.put(msg, seen);
          System.err.println("[ERROR] " + op + ": " + msg);
        }
      }
    }
    if (seen != null) {
      seen.count().incrementAndGet();
    }
  }

  /** The messages seen for an operation, first seen first. */
  public static List<String> messages(String op) {
    Map<String, Seen> perOp = MESSAGES.get(op);
    if (perOp == null) {
      return List.of();
    }
    return perOp.entrySet().stream().sorted(Comparator.comparingLong(e -> e.getValue().order()))
        .map(Map.Entry::getKey).toList();
  }

  /** Every operation that reported a message, by name; each operation's messages first seen first. */
  public static Map<String, List<String>> all() {
    Map<String, List<String>> out = new TreeMap<>();
    MESSAGES.keySet().forEach(op -> out.put(op, messages(op)));
    return out;
  }

  /** The first message of the run, as {@code OP: message}: the error that came first in time. */
  public static Optional<String> first() {
    String bestOp = null;
    String bestMsg = null;
    long best = Long.MAX_VALUE;
    for (Map.Entry<String, Map<String, Seen>> op : MESSAGES.entrySet()) {
      for (Map.Entry<String, Seen> m : op.getValue().entrySet()) {
        if (m.getValue().order() < best) {
          best = m.getValue().order();
          bestOp = op.getKey();
          bestMsg = m.getKey();
        }
      }
    }
    return bestOp == null ? Optional.empty() : Optional.of(bestOp + ": " + bestMsg);
  }

  /** Forgets every message: for tests that run several summaries in one JVM. */
  public static void reset() {
    MESSAGES.clear();
  }
}
