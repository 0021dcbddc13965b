package site.ycsbx.measurements;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Failed operations say why: the first few distinct messages per operation are printed as they
 * happen (one line each) and repeated in the end-of-run error summary. Later repeats are only
 * counted, so a run with a million failures does not flood the console.
 */
public final class ErrorLog {
  private static final int DISTINCT_PER_OP = 3;
  private static final Map<String, Map<String, AtomicInteger>> MESSAGES = new ConcurrentHashMap<>();

  private ErrorLog() {
  }

  /** Notes that an operation failed with this message. */
  public static void report(String op, String message) {
    String msg = message == null ? "unknown error" : message.replace('\n', ' ').strip();
    Map<String, AtomicInteger> perOp = MESSAGES.computeIfAbsent(op, k -> new ConcurrentHashMap<>());
    AtomicInteger n = perOp.get(msg);
    if (n == null) {
      synchronized (perOp) {
        n = perOp.get(msg);
        if (n == null && perOp.size() < DISTINCT_PER_OP) {
          perOp.put(msg, new AtomicInteger());
          System.err.println("[ERROR] " + op + ": " + msg);
        }
        n = perOp.get(msg);
      }
    }
    if (n != null) {
      n.incrementAndGet();
    }
  }

  /** The messages seen for an operation, first seen first. */
  public static List<String> messages(String op) {
    Map<String, AtomicInteger> perOp = MESSAGES.get(op);
    return perOp == null ? List.of() : new ArrayList<>(perOp.keySet());
  }

  /** Every operation that reported a message. */
  public static Map<String, List<String>> all() {
    Map<String, List<String>> out = new java.util.TreeMap<>();
    MESSAGES.forEach((op, m) -> out.put(op, new ArrayList<>(m.keySet())));
    return out;
  }
}
