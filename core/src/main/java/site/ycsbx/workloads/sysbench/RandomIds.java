package site.ycsbx.workloads.sysbench;

import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.SplittableRandom;
import site.ycsbx.util.PropertyDef;
import site.ycsbx.util.Props;
import site.ycsbx.util.UserError;

/**
 * sysbench's {@code --rand-type} distributions of ids (and of k at the load) over 1..n, written
 * from sysbench 1.0.20's documented options (sysbench --help), each thread with its own
 * generator:
 * <ul>
 * <li>uniform: every value alike;</li>
 * <li>gaussian: the mean of {@code rand_spec_iter} uniform draws (a bell around the middle);</li>
 * <li>special (sysbench's default): {@code rand_spec_res} percent of the draws fall uniformly on the
 * first {@code rand_spec_pct} percent of the values (the hot rows), the others are gaussian over
 * the whole range;</li>
 * <li>pareto: {@code n * u^(log h / log(1-h))} for a uniform u, with h = {@code rand_pareto_h}: the
 * low values hot (h = 0.2: about 80 % of the draws on 20 % of the values).</li>
 * </ul>
 */
final class RandomIds {
  static final String RAND_TYPE_PROPERTY = "sysbench.rand_type";
  static final String RAND_TYPE_PROPERTY_DEFAULT = "special";
  static final String RAND_SPEC_ITER_PROPERTY = "sysbench.rand_spec_iter";
  static final int RAND_SPEC_ITER_PROPERTY_DEFAULT = 12;
  static final String RAND_SPEC_PCT_PROPERTY = "sysbench.rand_spec_pct";
  static final double RAND_SPEC_PCT_PROPERTY_DEFAULT = 1;
  static final String RAND_SPEC_RES_PROPERTY = "sysbench.rand_spec_res";
  static final double RAND_SPEC_RES_PROPERTY_DEFAULT = 75;
  static final String RAND_PARETO_H_PROPERTY = "sysbench.rand_pareto_h";
  static final double RAND_PARETO_H_PROPERTY_DEFAULT = 0.2;
  static final String RAND_SEED_PROPERTY = "sysbench.rand_seed";
  static final long RAND_SEED_PROPERTY_DEFAULT = 0;

  static final List<PropertyDef> PROPERTIES = List.of(
      PropertyDef.of(RAND_TYPE_PROPERTY, RAND_TYPE_PROPERTY_DEFAULT, "distribution of the ids a transaction reads and"
          + " writes (and of k at the load): uniform, gaussian, special or pareto"),
      PropertyDef.of(RAND_SPEC_ITER_PROPERTY, RAND_SPEC_ITER_PROPERTY_DEFAULT, "uniform draws averaged per gaussian"
          + " (and special) value, 1 to 100"),
      PropertyDef.of(RAND_SPEC_PCT_PROPERTY, RAND_SPEC_PCT_PROPERTY_DEFAULT, "special: percent of the values that are"
          + " hot (the lowest ids), 0 to 100"),
      PropertyDef.of(RAND_SPEC_RES_PROPERTY, RAND_SPEC_RES_PROPERTY_DEFAULT, "special: percent of the draws that go"
          + " to the hot values, 0 to 100"),
      PropertyDef.of(RAND_PARETO_H_PROPERTY, RAND_PARETO_H_PROPERTY_DEFAULT, "pareto: h, above 0 and below 1"),
      PropertyDef.of(RAND_SEED_PROPERTY, RAND_SEED_PROPERTY_DEFAULT, "seed of the generators (thread i: seed + i);"
          + " 0: the clock"));

  enum Type {
    UNIFORM, GAUSSIAN, SPECIAL, PARETO
  }

  /** The distribution and its parameters, checked. */
  record Spec(Type type, int iter, double pct, double res, double paretoH, long seed) {
    static Spec of(Properties p) {
      String name = p.getProperty(RAND_TYPE_PROPERTY, RAND_TYPE_PROPERTY_DEFAULT).trim().toLowerCase(Locale.ROOT);
      Type type;
      try {
        type = Type.valueOf(name.toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new UserError(RAND_TYPE_PROPERTY + "=" + p.getProperty(RAND_TYPE_PROPERTY) + " is not a distribution of"
            + " sysbench's; " + RAND_TYPE_PROPERTY + " accepts uniform, gaussian, special or pareto");
      }
      int iter = Props.getInt(p, RAND_SPEC_ITER_PROPERTY, RAND_SPEC_ITER_PROPERTY_DEFAULT, 1, 100);
      double pct = Props.getDouble(p, RAND_SPEC_PCT_PROPERTY, RAND_SPEC_PCT_PROPERTY_DEFAULT, 0, 100);
      double res = Props.getDouble(p, RAND_SPEC_RES_PROPERTY, RAND_SPEC_RES_PROPERTY_DEFAULT, 0, 100);
      double h = Props.getDouble(p, RAND_PARETO_H_PROPERTY, RAND_PARETO_H_PROPERTY_DEFAULT, 0, 1);
      if (h <= 0 || h >= 1) {
        throw new UserError(RAND_PARETO_H_PROPERTY + "=" + p.getProperty(RAND_PARETO_H_PROPERTY) + " is out of range; "
            + RAND_PARETO_H_PROPERTY + " accepts a number above 0 and below 1");
      }
      long seed = Props.getLong(p, RAND_SEED_PROPERTY, RAND_SEED_PROPERTY_DEFAULT, Long.MIN_VALUE, Long.MAX_VALUE);
      return new Spec(type, iter, pct, res, h, seed);
    }

    /** For the fingerprint and the first line: the type with the parameters it reads. */
    String describe() {
      return switch (type) {
        case UNIFORM -> "uniform";
        case GAUSSIAN -> "gaussian(iter=" + iter + ")";
        case SPECIAL -> "special(iter=" + iter + ", pct=" + PropertyDef.show(pct) + ", res=" + PropertyDef.show(res) + ")";
        case PARETO -> "pareto(h=" + PropertyDef.show(paretoH) + ")";
      };
    }

    /** A generator for client thread {@code thread}: the seed's own stream, or the clock's. */
    RandomIds forThread(int thread) {
      long s = seed != 0 ? seed + thread : System.nanoTime() ^ (0x9E3779B97F4A7C15L * (thread + 1));
      return new RandomIds(this, new SplittableRandom(s));
    }
  }

  private final Spec spec;
  private final SplittableRandom random;
  private final double paretoPower;

  RandomIds(Spec spec, SplittableRandom random) {
    this.spec = spec;
    this.random = random;
    this.paretoPower = Math.log(spec.paretoH()) / Math.log(1 - spec.paretoH());
  }

  /** The thread's generator, also for c and pad digits and table numbers. */
  SplittableRandom random() {
    return random;
  }

  /** A value in 1..n by the distribution. */
  int next(int n) {
    return switch (spec.type()) {
      case UNIFORM -> 1 + random.nextInt(n);
      case GAUSSIAN -> gaussian(n);
      case SPECIAL -> special(n);
      case PARETO -> Math.min(n, 1 + (int) (n * Math.pow(random.nextDouble(), paretoPower)));
    };
  }

  /** A table number in 1..n, uniform (sysbench picks tables uniformly whatever rand_type). */
  int table(int n) {
    return 1 + random.nextInt(n);
  }

  private int gaussian(int n) {
    double sum = 0;
    for (int i = 0; i < spec.iter(); i++) {
      sum += random.nextDouble();
    }
    return Math.min(n, 1 + (int) (n * (sum / spec.iter())));
  }

  private int special(int n) {
    int hot = (int) Math.max(1, Math.min(n, Math.round(n * spec.pct() / 100)));
    if (spec.pct() > 0 && random.nextDouble() * 100 < spec.res()) {
      return 1 + random.nextInt(hot);
    }
    return gaussian(n);
  }
}
