package site.ycsbx.db.jdbc.conn;

import java.io.IOException;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Bounds a connection attempt (TCP connect and the driver's handshake) without a socket timeout:
 * the sockets a driver creates on the connecting thread (through the binding's socket factories, {@link WatchedSockets}) are closed
 * after {@link #CONNECT_TIMEOUT_SECONDS} unless {@link Connector} disarms them first, once
 * the connection is open (the driver's end of the handshake) or has failed. Why not the driver's connectTimeout/socketTimeout: on
 * Java 13+ a socket that was ever given a timeout stays non-blocking for good, and every read of
 * every later operation then costs an extra read that finds nothing and a poll (measured on the
 * filemeta queries: 0.8 read+poll pairs per query, several microseconds of client CPU).
 */
public final class HandshakeWatchdog {
  /**
   * A closed port or a silent host must fail fast, not after the OS's minutes-long timeout; and
   * a server that accepts TCP but does not answer (frozen, SIGSTOP) must fail the handshake in
   * as long (the watchdog closes its sockets then): the driver's socket timeout is set to this too, then lifted once connected.
   */
  public static final int CONNECT_TIMEOUT_SECONDS = 5;
  private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "ycsbx-handshake-watchdog");
    t.setDaemon(true);
    return t;
  });
  /** The sockets of the connection attempt running on this thread, and whether one ran out of time. */
  private static final ThreadLocal<Attempt> ATTEMPT = new ThreadLocal<>();

  private HandshakeWatchdog() {
  }

  private static final class Attempt {
    final List<ScheduledFuture<?>> timers = new ArrayList<>();
    final AtomicBoolean expired = new AtomicBoolean();
  }

  /** Watches a socket the driver just created on this thread (it may try several addresses). */
  public static void watch(Socket socket) {
    Attempt a = ATTEMPT.get();
    if (a == null) {
      a = new Attempt();
      ATTEMPT.set(a);
    }
    Attempt attempt = a;
    attempt.timers.add(TIMER.schedule(() -> {
      attempt.expired.set(true);
      try {
        socket.close(); // a blocked connect or read fails with a SocketException
      } catch (IOException ignored) {
        // closed anyway
      }
    }, CONNECT_TIMEOUT_SECONDS, TimeUnit.SECONDS));
  }

  /**
   * Ends this thread's connection attempt: its sockets are no longer watched. True when the
   * watchdog closed one (the server did not answer in time). Idempotent: false once ended.
   */
  public static boolean disarm() {
    Attempt a = ATTEMPT.get();
    if (a == null) {
      return false;
    }
    ATTEMPT.remove();
    for (ScheduledFuture<?> f : a.timers) {
      f.cancel(false);
    }
    return a.expired.get();
  }
}
