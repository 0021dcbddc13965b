package site.ycsbx.db.jdbc.conn;

import java.util.function.Supplier;

/**
 * What {@link ReopeningConnection} and {@link ReopeningStatement} answer themselves, never
 * asking the driver object behind them (which a re-open replaces): identity, their text and
 * whether the caller closed them.
 */
final class ProxySelf {
  /** What {@link #answer} returns for a call the proxy passes on. */
  static final Object PASSED_ON = new Object();

  private ProxySelf() {
  }

  /**
   * equals and hashCode by identity, toString as {@code text} says, isClosed as {@code closed};
   * {@link #PASSED_ON} for every other call.
   */
  static Object answer(Object proxy, String name, Object[] args, boolean closed, Supplier<String> text) {
    return switch (name) {
      case "isClosed" -> closed;
      case "equals" -> proxy == args[0];
      case "hashCode" -> System.identityHashCode(proxy);
      case "toString" -> text.get();
      default -> PASSED_ON;
    };
  }
}
