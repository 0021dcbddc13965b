package site.ycsbx.db.mongodb.conn;

import com.mongodb.connection.ClusterDescription;
import com.mongodb.connection.ServerDescription;
import com.mongodb.event.ClusterDescriptionChangedEvent;
import com.mongodb.event.ClusterListener;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import site.ycsbx.faults.Link;

/**
 * Watches the driver's view of the servers: the driver re-connects by itself, so the binding's
 * part of an outage is to notice it (no server that takes writes any more, after one did), to
 * say when it ended, and to give up when it lasts longer than {@code ycsbx.reconnect} allows.
 * One watch per shared client, so YCSB's operations and every store are covered.
 */
final class MongoOutageWatch implements ClusterListener {
  /** How often a running outage is checked against the give-up time. */
  private static final long GIVE_UP_CHECK_MILLIS = 200;

  private final Link link;
  private final ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "ycsbx-mongodb-outage");
    t.setDaemon(true);
    return t;
  });
  private boolean seenUp;
  private ScheduledFuture<?> giveUpCheck;

  MongoOutageWatch(Link link) {
    this.link = link;
  }

  @Override
  public synchronized void clusterDescriptionChanged(ClusterDescriptionChangedEvent event) {
    ClusterDescription now = event.getNewDescription();
    if (now.hasWritableServer()) {
      seenUp = true;
      link.restored();
      if (giveUpCheck != null) {
        giveUpCheck.cancel(false);
        giveUpCheck = null;
      }
    } else if (seenUp && !link.isBroken()) {
      link.broken(cause(now));
      giveUpCheck = clock.scheduleAtFixedRate(() -> {
        if (link.giveUpDue()) {
          throw new IllegalStateException("gave up"); // ends the periodic check
        }
      }, GIVE_UP_CHECK_MILLIS, GIVE_UP_CHECK_MILLIS, TimeUnit.MILLISECONDS);
    }
  }

  /** The client closed: nothing more to watch. */
  void close() {
    clock.shutdownNow();
  }

  private static String cause(ClusterDescription d) {
    for (ServerDescription s : d.getServerDescriptions()) {
      if (s.getException() != null) {
        return s.getAddress() + ": " + MongoErrors.describe(s.getException());
      }
    }
    return "no server that takes writes among " + d.getServerDescriptions().size() + " known";
  }
}
