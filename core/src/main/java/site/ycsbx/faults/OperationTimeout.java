package site.ycsbx.faults;

import java.util.Properties;
import site.ycsbx.util.Props;

/**
 * An upper bound on one operation, for users who would rather see a slow or frozen server as
 * failed operations than as a hung run. Off by default: a benchmark measures latency, and a
 * timeout cuts off the tail it should report.
 */
public final class OperationTimeout {
  /** Seconds an operation may take before the binding abandons it (counted as failed); 0: no limit. */
  public static final String PROPERTY = "ycsbx.optimeout";
  public static final int PROPERTY_DEFAULT = 0;

  private OperationTimeout() {
  }

  /** The timeout in seconds, 0 when off; a {@link site.ycsbx.util.UserError} naming a bad value. */
  public static int seconds(Properties p) {
    return Props.getInt(p, PROPERTY, PROPERTY_DEFAULT, 0, 86_400);
  }
}
