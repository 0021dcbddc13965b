package site.ycsbx.workloads.linkbench;

import java.util.Locale;
import java.util.Properties;
import java.util.SplittableRandom;
import site.ycsbx.util.Props;
import site.ycsbx.util.UserError;

/** The shares of the ten requests (percent, summing to 100), drawn as LinkBench draws them. */
final class RequestMix {
  // LinkBench accepts a sum within this of 100
  private static final double TOLERANCE = 1e-5;

  private final double[] percent = new double[LinkBenchOp.ALL.length];
  private final double[] cumulative = new double[LinkBenchOp.ALL.length];

  RequestMix(Properties p) {
    double sum = 0;
    StringBuilder terms = new StringBuilder();
    for (LinkBenchOp op : LinkBenchOp.ALL) {
      double v = Props.getDouble(p, op.property, op.defaultPercent, 0, 100);
      percent[op.ordinal()] = v;
      sum += v;
      cumulative[op.ordinal()] = sum;
      terms.append(terms.length() == 0 ? "" : " + ").append(op.property.substring("linkbench.".length()));
    }
    if (Math.abs(sum - 100) > TOLERANCE) {
      throw new UserError(String.format(Locale.ROOT, "the request mix %s = %s, must be 100 (percent)", terms,
          stripZeros(sum)));
    }
  }

  /** The next request kind: a uniform draw in [0, 100) against the cumulative shares. */
  LinkBenchOp next(SplittableRandom r) {
    double x = r.nextDouble() * 100;
    for (int i = 0; i < cumulative.length; i++) {
      if (x < cumulative[i]) {
        return LinkBenchOp.ALL[i];
      }
    }
    // a sum a hair under 100 leaves the top of the range: the last kind with a share takes it
    for (int i = cumulative.length - 1; i >= 0; i--) {
      if (percent[i] > 0) {
        return LinkBenchOp.ALL[i];
      }
    }
    throw new IllegalStateException("empty mix");
  }

  double percent(LinkBenchOp op) {
    return percent[op.ordinal()];
  }

  private static String stripZeros(double d) {
    return String.format(Locale.ROOT, "%.7f", d).replaceAll("0+$", "").replaceAll("\\.$", "");
  }
}
