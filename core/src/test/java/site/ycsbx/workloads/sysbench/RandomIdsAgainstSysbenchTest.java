package site.ycsbx.workloads.sysbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;

/**
 * YCSB-X's ids against Debian's sysbench 1.0.20's own draws ({@code sysbench.rand.default} in a Lua
 * script, the function its OLTP scripts take ids and k from): the same shape over 100 buckets of
 * 1..n, and under {@code special} the same hot values, first and last. A run beside sysbench then
 * reads and writes the same rows as sysbench's.
 */
@Tag("slow")
class RandomIdsAgainstSysbenchTest {
  private static final int N = 100_000;
  private static final int DRAWS = 200_000;
  private static final int BUCKETS = 100;
  /** A hot value of special gets about 200 of the draws, the bell's top about 2.4. */
  private static final int HOT = 20;

  @TempDir
  Path dir;

  /** sysbench's draws of 1..N under its options. */
  private int[] sysbench(String... options) throws IOException {
    Path bin = Path.of("/usr/bin/sysbench");
    assertTrue(Files.isExecutable(bin), "sysbench is not installed: scripts/setup-servers.sh installs it");
    Path script = dir.resolve("draw.lua");
    Files.writeString(script, "function event()\n  print(sysbench.rand.default(1, " + N + "))\nend\n");
    List<String> cmd = new ArrayList<>(List.of(bin.toString(), script.toString(), "--events=" + DRAWS, "--time=0",
        "--threads=1"));
    cmd.addAll(List.of(options));
    cmd.add("run");
    Result r = JavaProcess.exec(cmd, dir, 60);
    assertEquals(0, r.exitCode(), r.all());
    // the draws are the lines between "Threads started!" and the report's first blank line
    String out = r.stdout();
    int start = out.indexOf("Threads started!\n");
    assertTrue(start >= 0, out);
    int[] v = new int[DRAWS];
    int i = 0;
    for (String line : out.substring(start).split("\n")) {
      if (line.matches("\\d+")) {
        v[i++] = Integer.parseInt(line);
        if (i == DRAWS) {
          break;
        }
      }
    }
    assertEquals(DRAWS, i, "sysbench's draws in its output");
    return v;
  }

  private static int[] ycsbx(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    RandomIds ids = RandomIds.Spec.of(p).forThread(0);
    int[] v = new int[DRAWS];
    for (int i = 0; i < DRAWS; i++) {
      v[i] = ids.next(N);
    }
    return v;
  }

  private static double[] buckets(int[] draws) {
    double[] b = new double[BUCKETS];
    for (int v : draws) {
      assertTrue(v >= 1 && v <= N, v + " outside 1.." + N);
      b[(int) ((v - 1L) * BUCKETS / N)] += 1.0 / draws.length;
    }
    return b;
  }

  /** The lowest and highest value drawn at least {@link #HOT} times, and how many values were. */
  private static int[] hot(int[] draws) {
    int[] count = new int[N + 1];
    for (int v : draws) {
      count[v]++;
    }
    int lo = 0;
    int hi = 0;
    int n = 0;
    for (int v = 1; v <= N; v++) {
      if (count[v] >= HOT) {
        lo = lo == 0 ? v : lo;
        hi = v;
        n++;
      }
    }
    return new int[] {lo, hi, n};
  }

  @ParameterizedTest(name = "{0} pct={1} res={2}")
  @CsvSource({"special, 1, 75", "special, 10, 50", "uniform, 1, 75", "gaussian, 1, 75", "pareto, 1, 75"})
  void drawsAsSysbenchDraws(String type, int pct, int res) throws IOException {
    int[] theirs = sysbench("--rand-type=" + type, "--rand-spec-pct=" + pct, "--rand-spec-res=" + res);
    int[] ours = ycsbx("sysbench.rand_type", type, "sysbench.rand_spec_pct", "" + pct, "sysbench.rand_spec_res",
        "" + res, "sysbench.rand_seed", "7");
    double[] a = buckets(theirs);
    double[] b = buckets(ours);
    // a bucket's share moves by about 0.0011 (one standard deviation) from run to run at these draws
    for (int i = 0; i < BUCKETS; i++) {
      assertEquals(a[i], b[i], 0.008, type + ": share of the draws in " + (i * N / BUCKETS + 1) + ".."
          + ((i + 1) * N / BUCKETS) + ", sysbench's against YCSB-X's");
    }
    if (type.equals("special") && pct == 1) {
      int[] h = hot(theirs);
      assertEquals(49_750, h[0], "sysbench 1.0.20's first hot id: the window's upper 75% (sb_rand.c)");
      assertEquals(List.of(h[0], h[1]), List.of(hot(ours)[0], hot(ours)[1]), "the hot ids, first and last");
      assertEquals(h[2], hot(ours)[2], 2.0, "how many ids are hot");
    }
  }
}
