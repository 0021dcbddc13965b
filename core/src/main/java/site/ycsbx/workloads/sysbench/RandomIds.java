package site.ycsbx.workloads.sysbench;

import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.SplittableRandom;
import site.ycsbx.util.PropertyDef;
import site.ycsbx.util.Props;
import site.ycsbx.util.UserError;

/**
 * sysbench's {@code --rand-type} distributions of ids (and of k at the load) over 1..n, as sysbench
 * 1.0.20 draws them (its sb_rand.c, read; {@code RandomIdsAgainstSysbenchTest} compares the draws
 * with the installed sysbench's), each thread with its own generator:
 * <ul>
 * <li>uniform: every value alike;</li>
 * <li>gaussian: the mean of {@code rand_spec_iter} uniform draws (a bell around the middle);</li>
 * <li>special (sysbench's default): {@code rand_spec_res} percent of the draws fall uniformly on a
 * window of {@code rand_spec_pct} percent of the values centred on the middle one (the hot rows),
 * the others are gaussian over the whole range. sysbench reuses the draw that chose the branch to
 * place the value in the window, so only the window's upper {@code rand_spec_res} percent is drawn:
 * ids 49750..50501 of 100000 by default. Kept, since the hot rows (their pages, their locks) are
 * what a run beside sysbench must share with it;</li>
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
          + " writes (and of k at the load): uniform, gaussian, special or pareto (uniform by default under"
          + " sysbench.client=sysbench-mongodb)"),
      PropertyDef.of(RAND_SPEC_ITER_PROPERTY, RAND_SPEC_ITER_PROPERTY_DEFAULT, "uniform draws averaged per gaussian"
          + " (and special) value, 1 to 100"),
      PropertyDef.of(RAND_SPEC_PCT_PROPERTY, RAND_SPEC_PCT_PROPERTY_DEFAULT, "special: percent of the values that are"
          + " hot (centred on the middle id), 0 to 100"),
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
      return of(p, RAND_TYPE_PROPERTY_DEFAULT);
    }

    /** As {@link #of(Properties)}, with {@code typeDefault} where the properties name no type. */
    static Spec of(Properties p, String typeDefault) {
      String name = p.getProperty(RAND_TYPE_PROPERTY, typeDefault).trim().toLowerCase(Locale.ROOT);
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

    /** The type's name as rand_type takes it. */
    String typeName() {
      return type.name().toLowerCase(Locale.ROOT);
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
    // sysbench's arithmetic on t = b - a: one uniform draw picks the branch and, when hot, the place
    double t = n - 1;
    double u = random.nextDouble();
    if (u * t * (100 / (100 - spec.res())) < t) {
      double sum = 0;
      for (int i = 0; i < spec.iter(); i++) {
        sum += random.nextDouble();
      }
      return 1 + (int) (sum * t / spec.iter());
    }
    double window = t * spec.pct() / 100;
    return Math.min(n, 1 + (int) (u * (window + 1) + t / 2 - t * spec.pct() / 200));
  }
}
