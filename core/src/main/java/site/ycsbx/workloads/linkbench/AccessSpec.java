package site.ycsbx.workloads.linkbench;

import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import site.ycsbx.util.Props;
import site.ycsbx.util.UserError;
import site.ycsbx.workloads.Zipf;

/**
 * One access distribution's settings, under LinkBench's key prefix ({@code read_},
 * {@code write_uncorr_}, {@code node_delete_}, ...): {@code <prefix>function} and, for Zipf,
 * {@code <prefix>shape}. LinkBench names functions by class; its class names are accepted
 * beside the short ones.
 */
record AccessSpec(String prefix, Kind kind, double shape, String section) {
  enum Kind { ZIPF, UNIFORM, REAL }

  private static final String PACKAGE = "com.facebook.LinkBench.distributions.";

  /**
   * @param prefix LinkBench's key prefix, with {@code linkbench.}
   * @param defaultFunction the function when the key is absent
   * @param defaultShape the Zipf shape when {@code <prefix>shape} is absent
   * @param section the distribution file's section for {@code real}, or null when LinkBench has none
   */
  static AccessSpec read(Properties p, String prefix, String defaultFunction, double defaultShape, String section) {
    String key = prefix + "function";
    String given = p.getProperty(key, defaultFunction).trim();
    String name = given.startsWith(PACKAGE) ? given.substring(PACKAGE.length()) : given;
    name = name.toLowerCase(Locale.ROOT).replaceAll("distribution$", "");
    String accepts = "zipf (" + PACKAGE + "ZipfDistribution, with " + prefix + "shape in (0, 1)), uniform ("
        + PACKAGE + "UniformDistribution)" + (section == null ? "" : ", real (the " + section + " section of "
        + LinkBenchSettings.DISTRIBUTION_FILE + ")");
    switch (name) {
      case "zipf": {
        double shape = Props.getDouble(p, prefix + "shape", defaultShape, 0, 1);
        if (shape <= 0 || shape >= 1) {
          throw new UserError(prefix + "shape=" + shape + " is not accepted; a Zipf shape must be above 0 and below 1");
        }
        return new AccessSpec(prefix, Kind.ZIPF, shape, null);
      }
      case "uniform":
        return new AccessSpec(prefix, Kind.UNIFORM, 0, null);
      case "real":
        if (section != null) {
          return new AccessSpec(prefix, Kind.REAL, 0, section);
        }
        break;
      default:
        break;
    }
    throw new UserError(key + "=" + given + " is not supported; " + key + " accepts " + accepts);
  }

  /** The distribution over {@code n} ranks; {@code sections} are the distribution file's, or empty. */
  Ranks ranks(long n, Map<String, EmpiricalCdf> sections) {
    switch (kind) {
      case ZIPF: {
        Zipf zipf = new Zipf(n, shape);
        return zipf::next;
      }
      case UNIFORM:
        return Ranks.uniform(n);
      default:
        EmpiricalCdf cdf = sections.get(section);
        if (cdf == null) {
          throw new UserError(prefix + "function=real needs the " + section + " section of a LinkBench distribution file;"
              + " give " + LinkBenchSettings.DISTRIBUTION_FILE + "=PATH (the built-in table holds nlinks only)");
        }
        return new RealAccess(cdf, n);
    }
  }

  /** For the fingerprint: {@code zipf(0.8)}, {@code uniform}, {@code real(link_nreads)}. */
  String label() {
    switch (kind) {
      case ZIPF:
        return "zipf(" + shape + ")";
      case UNIFORM:
        return "uniform";
      default:
        return "real(" + section + ")";
    }
  }
}
