package site.ycsbx.faults;

import java.util.Properties;
import site.ycsbx.util.Props;

/**
 * How long a binding keeps trying to re-open a connection the server broke (killed, restarted,
 * failed over): the first attempt after {@value #BACKOFF_PROPERTY} ms, each failed attempt
 * doubling the wait up to {@value #MAX_BACKOFF_PROPERTY} ms, and after
 * {@value #GIVE_UP_PROPERTY} s without the server the binding gives up and the run ends.
 */
public final class Reconnect {
  /** Wait before the first attempt to re-open a broken connection, in milliseconds. */
  public static final String BACKOFF_PROPERTY = "ycsbx.reconnect.backoffms";
  public static final long BACKOFF_PROPERTY_DEFAULT = 250;
  /** The longest wait between two attempts, in milliseconds. */
  public static final String MAX_BACKOFF_PROPERTY = "ycsbx.reconnect.maxbackoffms";
  public static final long MAX_BACKOFF_PROPERTY_DEFAULT = 4000;
  /** How long an outage may last before the run gives up on the server, in seconds; 0: at once. */
  public static final String GIVE_UP_PROPERTY = "ycsbx.reconnect.giveupseconds";
  public static final long GIVE_UP_PROPERTY_DEFAULT = 60;

  private final long backoffNanos;
  private final long maxBackoffNanos;
  private final long giveUpNanos;
  private final long giveUpSeconds;

  private Reconnect(long backoffMs, long maxBackoffMs, long giveUpSeconds) {
    this.backoffNanos = backoffMs * 1_000_000L;
    this.maxBackoffNanos = Math.max(backoffMs, maxBackoffMs) * 1_000_000L;
    this.giveUpSeconds = giveUpSeconds;
    this.giveUpNanos = giveUpSeconds * 1_000_000_000L;
  }

  /** Reads the settings; a {@link site.ycsbx.util.UserError} naming a bad one. */
  public static Reconnect of(Properties p) {
    return new Reconnect(Props.getLong(p, BACKOFF_PROPERTY, BACKOFF_PROPERTY_DEFAULT, 1, 600_000),
        Props.getLong(p, MAX_BACKOFF_PROPERTY, MAX_BACKOFF_PROPERTY_DEFAULT, 1, 600_000),
        Props.getLong(p, GIVE_UP_PROPERTY, GIVE_UP_PROPERTY_DEFAULT, 0, 30L * 24 * 3600));
  }

  /** The state of one connection (or one shared client) under this policy. */
  public Link link(String what) {
    return new Link(this, what);
  }

  long backoffNanos() {
    return backoffNanos;
  }

  long maxBackoffNanos() {
    return maxBackoffNanos;
  }

  long giveUpNanos() {
    return giveUpNanos;
  }

  /** Why the run gave up, for messages. */
  String giveUpReason(long downNanos) {
    return String.format(java.util.Locale.ROOT, "the server was not back after %.1f s (%s=%d)", downNanos / 1e9,
        GIVE_UP_PROPERTY, giveUpSeconds);
  }
}
