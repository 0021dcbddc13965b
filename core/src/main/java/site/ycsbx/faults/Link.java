package site.ycsbx.faults;

/**
 * One connection's health as its binding sees it: broken when an operation failed because the
 * server went away, restored when an operation (or a re-open) succeeded again. A broken link
 * waits its backoff before the next attempt, so operations during an outage fail at a bounded
 * rate with their real latency; past {@link Reconnect#GIVE_UP_PROPERTY} the run gives up. Every
 * transition is reported to {@link Outages}. Thread-safe: a MongoDB client is shared by threads.
 */
public final class Link {
  private final Reconnect policy;
  private final String what;
  // read on every JDBC call of the thread: volatile, no lock
  private volatile boolean broken;
  private long brokenAtNanos;
  private long backoffNanos;
  private long nextAttemptNanos;

  Link(Reconnect policy, String what) {
    this.policy = policy;
    this.what = what;
  }

  /** An operation failed because the server went away; the first such failure opens an outage. */
  public synchronized void broken(String why) {
    if (broken) {
      return;
    }
    broken = true;
    brokenAtNanos = System.nanoTime();
    backoffNanos = policy.backoffNanos();
    nextAttemptNanos = brokenAtNanos + backoffNanos;
    Outages.down(this, what + ": " + why);
    if (policy.giveUpNanos() == 0) {
      Outages.gaveUp(policy.giveUpReason(0));
    }
  }

  public boolean isBroken() {
    return broken;
  }

  /**
   * Before trying to re-open: waits until the attempt is due (the backoff) and says whether to
   * try; false when the run gave up (fail at once).
   */
  public boolean awaitAttempt() throws InterruptedException {
    long wait;
    synchronized (this) {
      if (Outages.hasGivenUp()) {
        return false;
      }
      wait = nextAttemptNanos - System.nanoTime();
    }
    if (wait > 0) {
      Thread.sleep(wait / 1_000_000L, (int) (wait % 1_000_000L));
    }
    return !Outages.hasGivenUp();
  }

  /** A re-open failed: the next waits twice as long; past the give-up time the run gives up. */
  public synchronized void attemptFailed() {
    long now = System.nanoTime();
    backoffNanos = Math.min(backoffNanos * 2, policy.maxBackoffNanos());
    nextAttemptNanos = now + backoffNanos;
    if (now - brokenAtNanos >= policy.giveUpNanos()) {
      Outages.gaveUp(policy.giveUpReason(now - brokenAtNanos));
    }
  }

  /** The connection works again. */
  public synchronized void restored() {
    if (broken) {
      broken = false;
      Outages.up(this);
    }
  }

  /**
   * For a client whose driver re-opens connections itself (MongoDB): gives up when the link has
   * been broken for longer than the policy allows; whether the run gave up.
   */
  public synchronized boolean giveUpDue() {
    if (broken && System.nanoTime() - brokenAtNanos >= policy.giveUpNanos()) {
      Outages.gaveUp(policy.giveUpReason(System.nanoTime() - brokenAtNanos));
    }
    return Outages.hasGivenUp();
  }
}
