package site.ycsbx.workloads.linkbench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import site.ycsbx.util.UserError;

/**
 * One of LinkBench's empirical distributions: points of (count, cumulative probability), as its
 * {@code Distribution.dat} holds them (a section name on a line, then lines of "count percent").
 * {@link #countAt(double)} reads the distribution the way LinkBench reads it for a node of
 * popularity {@code u} (1 = the most popular): the count of the first point whose cumulative
 * probability reaches {@code u}.
 */
public final class EmpiricalCdf {
  private final long[] counts;
  private final double[] cumulative;

  EmpiricalCdf(long[] counts, double[] cumulative) {
    if (counts.length == 0 || counts.length != cumulative.length) {
      throw new IllegalArgumentException("an empirical distribution needs points");
    }
    for (int i = 1; i < counts.length; i++) {
      if (counts[i] < counts[i - 1] || cumulative[i] < cumulative[i - 1]) {
        throw new IllegalArgumentException("point " + i + " (" + counts[i] + ", " + cumulative[i]
            + ") is below the one before it: counts and probabilities must ascend");
      }
    }
    this.counts = counts.clone();
    this.cumulative = cumulative.clone();
  }

  /** The out-degree distribution YCSB-X ships (see {@link BuiltInDegrees}). */
  public static EmpiricalCdf builtInDegrees() {
    long[] c = new long[BuiltInDegrees.LINKS.length];
    double[] p = new double[c.length];
    for (int i = 0; i < c.length; i++) {
      c[i] = BuiltInDegrees.LINKS[i];
      p[i] = BuiltInDegrees.CUMULATIVE_PERCENT[i] / 100.0;
    }
    return new EmpiricalCdf(c, p);
  }

  /**
   * The sections of a LinkBench distribution file, by name ({@code nlinks}, {@code link_nreads},
   * ...); a malformed file is a {@link UserError} naming the property, the file and the line.
   */
  public static Map<String, EmpiricalCdf> readSections(String property, Path file) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UserError(property + "=" + file + " cannot be read: " + e.getMessage());
    }
    Map<String, List<double[]>> raw = new LinkedHashMap<>();
    List<double[]> current = null;
    int lineNo = 0;
    for (String line : lines) {
      lineNo++;
      String[] f = line.trim().split("\\s+");
      if (f.length == 1 && f[0].isEmpty()) {
        continue;
      }
      if (f.length == 1 && f[0].matches("[A-Za-z_][A-Za-z_0-9]*")) {
        current = raw.computeIfAbsent(f[0].toLowerCase(Locale.ROOT), k -> new ArrayList<>());
        continue;
      }
      if (current == null || f.length != 2) {
        throw new UserError(property + "=" + file + ": line " + lineNo + " is not \"<section>\" or \"<count> <percent>\": "
            + line.trim());
      }
      try {
        current.add(new double[] {Long.parseLong(f[0]), Double.parseDouble(f[1]) / 100.0});
      } catch (NumberFormatException e) {
        throw new UserError(property + "=" + file + ": line " + lineNo + " is not \"<count> <percent>\": " + line.trim());
      }
    }
    Map<String, EmpiricalCdf> out = new LinkedHashMap<>();
    for (Map.Entry<String, List<double[]>> e : raw.entrySet()) {
      long[] c = new long[e.getValue().size()];
      double[] p = new double[c.length];
      for (int i = 0; i < c.length; i++) {
        c[i] = (long) e.getValue().get(i)[0];
        p[i] = e.getValue().get(i)[1];
      }
      try {
        out.put(e.getKey(), new EmpiricalCdf(c, p));
      } catch (IllegalArgumentException ex) {
        throw new UserError(property + "=" + file + ", section " + e.getKey() + ": " + ex.getMessage());
      }
    }
    return out;
  }

  /** The count of the first point whose cumulative probability is at least {@code u}. */
  public long countAt(double u) {
    int lo = 0;
    int hi = cumulative.length - 1;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (cumulative[mid] >= u) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    return counts[lo];
  }

  /** Probability that a count is at most {@code count}. */
  public double cumulativeAt(long count) {
    double p = 0;
    for (int i = 0; i < counts.length && counts[i] <= count; i++) {
      p = cumulative[i];
    }
    return p;
  }

  int points() {
    return counts.length;
  }

  long count(int point) {
    return counts[point];
  }

  double cumulative(int point) {
    return cumulative[point];
  }
}
