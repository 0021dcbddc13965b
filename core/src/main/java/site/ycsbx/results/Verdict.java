package site.ycsbx.results;

import java.util.List;
import java.util.Locale;

/**
 * What a person can act on after a sweep: the knee ({@link KneeFinder}), the highest
 * throughput whose p99 stays within the latency limit, and a thread range, in one sentence.
 *
 * <p>The latency limit is {@code --sla-p99} when given; otherwise {@value #P99_FACTOR} times
 * the p99 at the smallest thread count (at least 1 µs, YCSB's resolution), so "p99 within 3x
 * of the uncontended p99" is the default meaning of acceptable latency.
 *
 * @param knee the fit
 * @param p99LimitUs the latency limit used
 * @param slaGiven whether it came from {@code --sla-p99}
 * @param slaThreads thread count with the highest throughput within the limit (0: none)
 * @param slaOps its throughput
 * @param rangeLow recommended smallest thread count (0: none)
 * @param rangeHigh recommended largest thread count
 * @param sentence the verdict in words
 */
public record Verdict(KneeFinder.Knee knee, int kneeOpsThreads, double kneeOps, double p99LimitUs,
    boolean slaGiven, int slaThreads, double slaOps, int rangeLow, int rangeHigh, String sentence) {

  /** Without {@code --sla-p99}: acceptable p99 is at most this many times the smallest count's p99. */
  public static final double P99_FACTOR = 3.0;

  /**
   * One thread count's result (mean over repeats).
   *
   * @param p99 the worst operation's p99 in µs
   */
  public record Level(int threads, double opsPerSec, double p99) {
  }

  /**
   * @param samples every successful point (threads, throughput), repeats included, for the fit
   * @param levels per thread count means, in ascending thread order
   * @param slaP99Ms the user's p99 limit in milliseconds, or null
   */
  public static Verdict of(int[] sampleThreads, double[] sampleOps, List<Level> levels, Double slaP99Ms) {
    KneeFinder.Knee knee = KneeFinder.find(sampleThreads, sampleOps);
    if (knee.kind() == KneeFinder.Kind.TOO_FEW) {
      // a latency pick among one or two thread counts would be a recommendation without a comparison
      long good = java.util.Arrays.stream(sampleThreads).distinct().count();
      return new Verdict(knee, 0, Double.NaN, Double.NaN, slaP99Ms != null, 0, Double.NaN, 0, 0,
          "cannot judge: " + good + " thread count" + (good == 1 ? "" : "s") + " gave a result, a verdict needs 3 or more");
    }
    double limit;
    if (slaP99Ms != null) {
      limit = slaP99Ms * 1000.0;
    } else if (levels.isEmpty() || Double.isNaN(levels.get(0).p99())) {
      limit = Double.NaN;
    } else {
      limit = P99_FACTOR * Math.max(1.0, levels.get(0).p99());
    }
    Level withinSla = null;
    for (Level l : levels) {
      if (!Double.isNaN(limit) && l.p99() <= limit && (withinSla == null || l.opsPerSec() > withinSla.opsPerSec())) {
        withinSla = l;
      }
    }
    double kneeOps = Double.NaN;
    for (Level l : levels) {
      if (l.threads() == knee.kneeThreads()) {
        kneeOps = l.opsPerSec();
      }
    }
    StringBuilder s = new StringBuilder();
    int last = levels.isEmpty() ? 0 : levels.get(levels.size() - 1).threads();
    switch (knee.kind()) {
      case KNEE -> s.append(String.format(Locale.ROOT, "throughput levels off at %s (%s ops/s)",
          threads(knee.kneeThreads()), ops(kneeOps)));
      case PEAK -> s.append(String.format(Locale.ROOT, "throughput peaks at %s (%s ops/s) and falls with more",
          threads(knee.kneeThreads()), ops(kneeOps)));
      case FLAT -> s.append(String.format(Locale.ROOT, "more threads add no throughput beyond %s (%s ops/s)",
          threads(knee.kneeThreads()), ops(kneeOps)));
      case STILL_RISING -> s.append(String.format(Locale.ROOT,
          "throughput is still rising at %s (no knee in range: try more threads)", threads(last)));
      default -> throw new IllegalStateException();
    }
    String limitText = Double.isNaN(limit) ? "n/a" : latency(limit)
        + (slaP99Ms != null ? "" : String.format(Locale.ROOT, " (%.0fx the %d-thread p99)", P99_FACTOR,
            levels.get(0).threads()));
    if (Double.isNaN(limit)) {
      s.append("; p99 was not exported, no latency verdict");
    } else if (withinSla == null) {
      s.append("; p99 exceeds ").append(limitText).append(" at every thread count");
    } else {
      s.append(String.format(Locale.ROOT, "; p99 stays under %s up to %s (%s ops/s)", limitText,
          threads(withinSla.threads()), ops(withinSla.opsPerSec())));
    }
    int low = 0;
    int high = 0;
    int slaT = withinSla == null ? 0 : withinSla.threads();
    if (knee.found() && slaT > 0) {
      low = Math.min(knee.kneeThreads(), slaT);
      // past a limit the user gave (--sla-p99) nothing is recommended; past the default limit
      // (a factor of the smallest count's p99) the range reaches the knee, for its throughput
      high = slaP99Ms != null ? low : knee.kneeThreads();
    } else if (knee.found() && Double.isNaN(limit)) {
      low = knee.kneeThreads();
      high = knee.kneeThreads();
    } else if (!knee.found() && slaT > 0) {
      low = slaT;
      high = slaT;
    }
    if (low > 0) {
      s.append("; use ").append(low == high ? String.valueOf(low) : low + "-" + high);
    } else {
      s.append("; no thread count to recommend");
    }
    return new Verdict(knee, knee.kneeThreads(), kneeOps, limit, slaP99Ms != null, slaT,
        withinSla == null ? Double.NaN : withinSla.opsPerSec(), low, high, s.toString());
  }

  public static String threads(int n) {
    return n == 1 ? "1 thread" : n + " threads";
  }

  /** 131k, 8.1k, 950, 1.2M. */
  public static String ops(double v) {
    if (Double.isNaN(v)) {
      return "n/a";
    }
    if (v >= 1e6) {
      return String.format(Locale.ROOT, "%.1fM", v / 1e6);
    }
    if (v >= 1e5) {
      return String.format(Locale.ROOT, "%.0fk", v / 1e3);
    }
    if (v >= 1e3) {
      return String.format(Locale.ROOT, "%.1fk", v / 1e3);
    }
    return String.format(Locale.ROOT, "%.0f", v);
  }

  /** A latency in microseconds as people say it: 850 us, 1.2 ms, 35 ms (ASCII: the console may not be UTF-8). */
  public static String latency(double us) {
    if (us < 1000) {
      return String.format(Locale.ROOT, "%.0f us", us);
    }
    double ms = us / 1000;
    return ms < 10 ? String.format(Locale.ROOT, "%.1f ms", ms).replace(".0 ms", " ms")
        : String.format(Locale.ROOT, "%.0f ms", ms);
  }
}
