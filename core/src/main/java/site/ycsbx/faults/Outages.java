package site.ycsbx.faults;

import java.io.PrintStream;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import site.ycsbx.verdict.RunVerdict;

/**
 * The run's outages: from the first connection that broke until every broken one works again,
 * with the operations that failed meanwhile. Printed as it happens ({@code [RECONNECT]} lines)
 * and, once per outage, in the summary ({@code [OUTAGE]} lines). When a binding gives up on the
 * server the run fails and the workloads that can stop are asked to.
 */
public final class Outages {
  private static final class Outage {
    final Instant from;
    final String cause;
    Instant to;
    long lost;
    String gaveUp;
    // the server was away when the run started: the run waited for it (StartWait), nothing failed
    boolean beforeStart;

    Outage(Instant from, String cause) {
      this.from = from;
      this.cause = cause;
    }
  }

  private static final List<Outage> ALL = new ArrayList<>();
  private static final Set<Link> DOWN = new HashSet<>();
  private static final List<Runnable> ON_GIVE_UP = new CopyOnWriteArrayList<>();
  private static Outage current;
  private static volatile boolean givenUp;
  // connections re-opened after the server broke them: sysbench's "reconnects" of a run
  private static final java.util.concurrent.atomic.AtomicLong RECONNECTS = new java.util.concurrent.atomic.AtomicLong();
  private static boolean printed;
  private static boolean atExit;
  // under YCSB's stock Client nobody prints the summary's lines: they come at exit (a field: its
  // lambda is made with the class, before the run, not at the first outage)
  private static final Runnable AT_EXIT = () -> {
    synchronized (Outages.class) {
      if (!printed) {
        print(System.err);
      }
    }
  };

  private Outages() {
  }

  static synchronized void down(Link link, String cause) {
    DOWN.add(link);
    if (!atExit) {
      atExit = true;
      Runtime.getRuntime().addShutdownHook(new Thread(AT_EXIT, "ycsbx-outages"));
    }
    if (current == null) {
      current = new Outage(now(), cause);
      ALL.add(current);
      System.err.println(lostLine(current.from, cause));
    }
  }

  private static String lostLine(Instant from, String cause) {
    return "[RECONNECT] connection lost at " + from + " (" + cause + "); re-opening with "
        + Reconnect.GIVE_UP_PROPERTY + " as the limit";
  }

  private static String backLine(Instant to, double seconds, long lost) {
    return String.format(Locale.ROOT, "[RECONNECT] server back at %s after %.1f s; %d operations failed meanwhile",
        to, seconds, lost);
  }

  private static String givingUpLine(String why) {
    return "[RECONNECT] giving up: " + why + "; the run ends";
  }

  /**
   * The [RECONNECT] lines built once before the run and printed nowhere: an outage mid-run
   * otherwise loads their formatting (an Instant's text, the string concatenations' bootstraps)
   * on a client thread inside the clock, as the server comes back. See docs/developing.md.
   */
  public static void rehearse() {
    Instant t = now();
    lostLine(t, "rehearsal");
    backLine(t, seconds(new Outage(t, "rehearsal")), 0);
    givingUpLine(Reconnect.of(new java.util.Properties()).giveUpReason(0));
  }

  static synchronized void up(Link link) {
    if (DOWN.remove(link)) {
      RECONNECTS.incrementAndGet();
    }
    if (DOWN.isEmpty() && current != null) {
      current.to = now();
      System.err.println(backLine(current.to, seconds(current), current.lost));
      current = null;
    }
  }

  /** The server was away from {@code from} to {@code to} as the run started, and the run waited for it. */
  static synchronized void beforeStart(Instant from, Instant to, String cause) {
    Outage o = new Outage(from, cause);
    o.to = to;
    o.beforeStart = true;
    ALL.add(o);
    if (!atExit) {
      atExit = true;
      Runtime.getRuntime().addShutdownHook(new Thread(AT_EXIT, "ycsbx-outages"));
    }
  }

  /** An operation failed: during an outage it counts as lost to it. */
  public static synchronized void operationFailed() {
    if (current != null) {
      current.lost++;
    }
  }

  static void gaveUp(String why) {
    synchronized (Outages.class) {
      if (givenUp) {
        return;
      }
      givenUp = true;
      if (current != null) {
        current.gaveUp = why;
      }
      System.err.println(givingUpLine(why));
      RunVerdict.checkFailed("outage: " + why);
    }
    for (Runnable r : ON_GIVE_UP) {
      r.run();
    }
  }

  /** Whether a binding gave up on the server: later operations fail at once. */
  public static boolean hasGivenUp() {
    return givenUp;
  }

  /** Runs {@code stop} when a binding gives up (a workload asks YCSB's client threads to stop). */
  public static void onGiveUp(Runnable stop) {
    ON_GIVE_UP.add(stop);
  }

  /** One line per outage, for the summary. */
  public static synchronized List<String> lines() {
    List<String> out = new ArrayList<>();
    for (Outage o : ALL) {
      String to = o.to == null ? "(not back when the run ended)" : o.to.toString();
      String what = o.beforeStart ? "before the run started (it waited for the server)"
          : o.lost + " operations lost";
      out.add(String.format(Locale.ROOT, "[OUTAGE] from %s to %s (%.1f s): %s; cause: %s%s", o.from, to,
          seconds(o), what, o.cause, o.gaveUp == null ? "" : "; gave up: " + o.gaveUp));
    }
    return out;
  }

  /**
   * The run's outages for its result.json: {@code count}, {@code seconds} (all of them added up, one
   * not over counted to now), {@code before_start} (how many the run waited out before it started),
   * {@code operations_lost} and {@code gave_up}.
   */
  public static synchronized java.util.Map<String, Object> json() {
    java.util.Map<String, Object> out = new java.util.LinkedHashMap<>();
    double secs = 0;
    long lost = 0;
    long before = 0;
    for (Outage o : ALL) {
      secs += seconds(o);
      lost += o.lost;
      before += o.beforeStart ? 1 : 0;
    }
    out.put("count", (long) ALL.size());
    out.put("seconds", Math.round(secs * 1000) / 1000.0);
    out.put("before_start", before);
    out.put("operations_lost", lost);
    out.put("gave_up", givenUp);
    return out;
  }

  /** Prints {@link #lines()} (once: the summary's, or at exit). */
  public static synchronized void print(PrintStream out) {
    printed = true;
    lines().forEach(out::println);
    out.flush();
  }

  /** Connections re-opened so far after the server broke them. */
  public static long reconnects() {
    return RECONNECTS.get();
  }

  /** Forgets everything (a new run in the same JVM). */
  public static synchronized void reset() {
    RECONNECTS.set(0);
    ALL.clear();
    DOWN.clear();
    ON_GIVE_UP.clear();
    current = null;
    givenUp = false;
    printed = false;
  }

  private static double seconds(Outage o) {
    Instant end = o.to == null ? now() : o.to;
    return (end.toEpochMilli() - o.from.toEpochMilli()) / 1000.0;
  }

  private static Instant now() {
    return Instant.now().truncatedTo(ChronoUnit.MILLIS);
  }
}
