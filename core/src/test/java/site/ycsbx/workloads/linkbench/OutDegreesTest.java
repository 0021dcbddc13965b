package site.ycsbx.workloads.linkbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.util.UserError;

@Tag("fast")
class OutDegreesTest {
  private static long loadedLinks(OutDegrees d) {
    long sum = 0;
    for (long id = d.startId(); id < d.startId() + d.nodes(); id++) {
      sum += d.loaded(id);
    }
    return sum;
  }

  /**
   * LinkBench measured here: 1795769 links for 200000 nodes (maxid1=200001, 2 link types, its
   * Distribution.dat). The same file gives the same count; the built-in table within 0.2%.
   */
  @Test
  void linksOfA200000NodeGraphAreLinkBenchs() {
    EmpiricalCdf file = EmpiricalCdf.readSections("linkbench.distributionfile", LinkBenchData.distributionFile())
        .get("nlinks");
    assertEquals(1795769, loadedLinks(new OutDegrees(file, 1, 200001, 2, 7)));
    long builtIn = loadedLinks(new OutDegrees(EmpiricalCdf.builtInDegrees(), 1, 200001, 2, 7));
    assertEquals(1795769, builtIn, 1795769 * 0.002, "built-in table: " + builtIn);
  }

  /** Fewer ids, more links per node: the most linked node's 961963 links weigh more. */
  @Test
  void linksPerNodeFallAsTheGraphGrows() {
    EmpiricalCdf cdf = EmpiricalCdf.builtInDegrees();
    double small = loadedLinks(new OutDegrees(cdf, 1, 20001, 2, 1)) / 20000.0;
    double large = loadedLinks(new OutDegrees(cdf, 1, 2000001, 2, 1)) / 2000000.0;
    assertTrue(small > large * 1.5, small + " vs " + large);
    assertEquals(961963, new OutDegrees(cdf, 1, 2000001, 2, 1).byRank(0));
  }

  /** The built-in table against the file at quantiles of the node population. */
  @Test
  void builtInTableFollowsTheFileAtItsQuantiles() {
    EmpiricalCdf file = EmpiricalCdf.readSections("f", LinkBenchData.distributionFile()).get("nlinks");
    EmpiricalCdf builtIn = EmpiricalCdf.builtInDegrees();
    for (double u : new double[] {0.1, 0.45, 0.5, 0.77, 0.8, 0.9, 0.95, 0.99}) {
      assertEquals(file.countAt(u), builtIn.countAt(u), "exact below 128 links, at u=" + u);
    }
    for (double u : new double[] {0.999, 0.9999, 0.99999}) {
      double f = file.countAt(u);
      assertEquals(f, builtIn.countAt(u), f * 0.25, "within a bucket's width at u=" + u);
    }
    assertEquals(file.countAt(1.0), builtIn.countAt(1.0));
    // facts of LinkBench's distribution: 45.3% of nodes have no links, 77.5% at most one
    assertEquals(0.4533160573, builtIn.cumulativeAt(0), 1e-9);
    assertEquals(0.7746259112, builtIn.cumulativeAt(1), 1e-9);
  }

  @Test
  void theShuffleIsABijectionThatSpreadsThePopularNodes() {
    for (long n : new long[] {1, 2, 7, 1000, 1024, 99991}) {
      IdShuffle s = new IdShuffle(42, n);
      Set<Long> seen = new HashSet<>();
      for (long r = 0; r < n; r++) {
        long id = s.idOf(r);
        assertTrue(id >= 0 && id < n);
        assertEquals(r, s.rankOf(id));
        seen.add(id);
      }
      assertEquals(n, seen.size());
    }
    IdShuffle s = new IdShuffle(42, 1_000_000);
    assertTrue(Math.abs(s.idOf(1) - s.idOf(0)) > 1, "the two most linked nodes are not neighbours");
    assertEquals(s.idOf(5), new IdShuffle(42, 1_000_000).idOf(5), "same seed, same graph");
  }

  @Test
  void splitOverLinkTypesIsLinkBenchs() {
    assertEquals(0, OutDegrees.split(0, 2, 0) + OutDegrees.split(0, 2, 1));
    assertEquals(1, OutDegrees.split(1, 2, 0) + OutDegrees.split(1, 2, 1));
    assertEquals(3, OutDegrees.split(2, 2, 0) + OutDegrees.split(2, 2, 1));
    assertEquals(4, OutDegrees.split(3, 2, 0) + OutDegrees.split(3, 2, 1));
    assertEquals(5, OutDegrees.split(5, 1, 0));
  }

  @Test
  void aBadRangeOrFileIsRefused(@TempDir Path dir) throws Exception {
    assertThrows(IllegalArgumentException.class, () -> new OutDegrees(EmpiricalCdf.builtInDegrees(), 10, 10, 2, 1));
    assertThrows(IllegalArgumentException.class, () -> new OutDegrees(EmpiricalCdf.builtInDegrees(), 1, 10, 0, 1));
    Path bad = dir.resolve("d.dat");
    Files.writeString(bad, "nlinks\n0 50\n1 forty\n");
    UserError e = assertThrows(UserError.class, () -> EmpiricalCdf.readSections("linkbench.distributionfile", bad));
    assertEquals("linkbench.distributionfile=" + bad + ": line 3 is not \"<count> <percent>\": 1 forty", e.getMessage());
    Files.writeString(bad, "nlinks\n0 50\n1 40\n");
    e = assertThrows(UserError.class, () -> EmpiricalCdf.readSections("p", bad));
    assertTrue(e.getMessage().contains("section nlinks: point 1 (1, 0.4) is below the one before it"), e.getMessage());
    Files.writeString(bad, "nlinks\n0 50\n3 100\nlink_nreads\n0 10\n5 100\n");
    Map<String, EmpiricalCdf> ok = EmpiricalCdf.readSections("p", bad);
    assertEquals(Set.of("nlinks", "link_nreads"), ok.keySet());
    assertEquals(3, ok.get("nlinks").countAt(0.7));
    assertEquals(0, ok.get("nlinks").countAt(0.5));
  }
}
