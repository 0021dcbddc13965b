package site.ycsbx.faults;

import java.io.PrintStream;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Properties;
import site.ycsbx.util.Props;

/**
 * A server away when the run starts, waited for as an outage ({@value #PROPERTY}): the binding's
 * first contact with the server (its preflight) is tried again at the reconnect backoff until it
 * reaches the server or {@link Reconnect#GIVE_UP_PROPERTY} seconds have passed. Off by default: at
 * the start of a lone run a refused connection is more often a wrong port than an outage, and it
 * is then said in one line at once. {@code bin/ycsb experiment} turns it on for its cells, whose
 * servers answered its check before the first cell.
 */
public final class StartWait {
  /** Whether a run waits for a server that is away when it starts, within the reconnect limits. */
  public static final String PROPERTY = "ycsbx.reconnect.atstart";
  public static final boolean PROPERTY_DEFAULT = false;
  /** Lines while waiting: one per attempt, at most one per this many seconds. */
  static final double LINE_EVERY_SECONDS = 3;

  private StartWait() {
  }

  /**
   * Runs {@code contact}; with {@value #PROPERTY} set, a {@link ServerAway} it throws is waited
   * out as said above, and a wait that ends with the server back is recorded as an outage before
   * the run ({@link Outages}). Past the limit: one {@link ServerAway} that says how long it waited.
   */
  public static void run(Properties props, Runnable contact, PrintStream err) {
    if (!Props.getBoolean(props, PROPERTY, PROPERTY_DEFAULT)) {
      contact.run();
      return;
    }
    Reconnect policy = Reconnect.of(props);
    long start = System.nanoTime();
    Instant from = null;
    String cause = null;
    long backoff = policy.backoffNanos();
    long lastLine = 0;
    for (int attempt = 1;; attempt++) {
      try {
        contact.run();
        if (from != null) {
          Instant to = now();
          double away = (to.toEpochMilli() - from.toEpochMilli()) / 1000.0;
          Outages.beforeStart(from, to, cause);
          err.printf(Locale.ROOT, "[RECONNECT] server back at %s after %.1f s (%s); the run starts%n", to, away,
              attempts(attempt));
          err.flush();
        }
        return;
      } catch (ServerAway e) {
        long t = System.nanoTime();
        double waited = (t - start) / 1e9;
        if (from == null) {
          from = now();
          cause = e.getMessage();
          lastLine = t;
          err.printf(Locale.ROOT, "[RECONNECT] %s at %s, as the run starts; waiting for the server (%s=true) at most"
              + " %d s (%s)%n", cause, from, PROPERTY, policy.giveUpNanos() / 1_000_000_000L, Reconnect.GIVE_UP_PROPERTY);
        } else if (t - lastLine >= LINE_EVERY_SECONDS * 1e9) {
          lastLine = t;
          err.printf(Locale.ROOT, "[RECONNECT] attempt %d: still away after %.1f s: %s%n", attempt, waited,
              e.getMessage());
        }
        err.flush();
        long left = policy.giveUpNanos() - (t - start);
        if (left <= 0) {
          throw new ServerAway(String.format(Locale.ROOT, "%s; still away after %.1f s of waiting (%s,"
              + " %s=%d): giving up", e.getMessage(), waited, attempts(attempt), Reconnect.GIVE_UP_PROPERTY,
              policy.giveUpNanos() / 1_000_000_000L));
        }
        sleep(Math.min(backoff, left), e);
        backoff = Math.min(backoff * 2, policy.maxBackoffNanos());
      }
    }
  }

  private static String attempts(int n) {
    return n + (n == 1 ? " attempt" : " attempts");
  }

  private static void sleep(long nanos, ServerAway why) {
    try {
      Thread.sleep(nanos / 1_000_000L, (int) (nanos % 1_000_000L));
    } catch (InterruptedException ex) {
      Thread.currentThread().interrupt();
      throw why;
    }
  }

  private static Instant now() {
    return Instant.now().truncatedTo(ChronoUnit.MILLIS);
  }
}
