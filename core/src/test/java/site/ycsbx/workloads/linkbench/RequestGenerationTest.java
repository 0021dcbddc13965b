package site.ycsbx.workloads.linkbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.util.UserError;
import site.ycsbx.workloads.Zipf;

/** The request phase's draws: LinkBench's mix, access distributions, id2s and multiget sizes. */
@Tag("fast")
class RequestGenerationTest {
  private static final int REQUESTS = 1_000_000;

  private static Properties props() {
    Properties p = new Properties();
    p.setProperty("dotransactions", "true");
    p.setProperty(LinkBenchSettings.MAXID1, "200001");
    return p;
  }

  private static Requester requester(Properties p, int id, int of) {
    LinkBenchSettings s = new LinkBenchSettings(p);
    return new Requester(s.requestPlan(), s.seed, id, of, LinkBenchSettings.FIRST_LINK_TYPE);
  }

  @Test
  void aMillionRequestsFollowTheMixWithinFourSigma() {
    Requester q = requester(props(), 0, 1);
    Map<LinkBenchOp, Integer> counts = new EnumMap<>(LinkBenchOp.class);
    long multigetIds = 0;
    for (int i = 0; i < REQUESTS; i++) {
      q.next();
      counts.merge(q.op, 1, Integer::sum);
      if (q.op == LinkBenchOp.MULTIGET_LINK) {
        multigetIds += q.id2s.length;
      }
    }
    for (LinkBenchOp op : LinkBenchOp.ALL) {
      double p = op.defaultPercent / 100;
      double sigma = Math.sqrt(p * (1 - p) / REQUESTS);
      double share = counts.getOrDefault(op, 0) / (double) REQUESTS;
      assertTrue(Math.abs(share - p) < 4 * sigma, op + ": " + share + " against " + p);
    }
    // geometric p=0.382 on 1..127: mean 1/p = 2.62
    double mean = multigetIds / (double) counts.get(LinkBenchOp.MULTIGET_LINK);
    assertEquals(1 / 0.382, mean, 0.1, "id2s per multiget");
  }

  @Test
  void zipfMatchesItsProbabilitiesAndHarmonicSumsAreExact() {
    Zipf z = new Zipf(1_000_000, 0.8);
    SplittableRandom r = new SplittableRandom(3);
    int[] head = new int[2];
    int below1000 = 0;
    for (int i = 0; i < REQUESTS; i++) {
      long k = z.next(r);
      assertTrue(k >= 0 && k < 1_000_000);
      if (k < 2) {
        head[(int) k]++;
      }
      if (k < 1000) {
        below1000++;
      }
    }
    // Gray et al.'s quantile is exact for the two first ranks and close in the aggregate beyond
    for (int k = 0; k < 2; k++) {
      double p = z.probability(k);
      double sigma = Math.sqrt(p * (1 - p) / REQUESTS);
      assertEquals(p, head[k] / (double) REQUESTS, 4 * sigma, "rank " + k);
    }
    double mass = 0;
    for (int k = 0; k < 1000; k++) {
      mass += z.probability(k);
    }
    assertEquals(mass, below1000 / (double) REQUESTS, mass * 0.03, "the 1000 first ranks");
    // the integrated tail against the sum term by term
    double exact = 0;
    for (long i = 3_000_000; i >= 1; i--) {
      exact += Math.pow(i, -0.741);
    }
    assertEquals(exact, Zipf.zeta(3_000_000, 0.741), exact * 1e-9);
  }

  @Test
  void correlatedReadsGoToTheMostLinkedNodesAndUncorrelatedOnesDoNot() {
    Properties p = props();
    p.setProperty(RequestSettings.READ_UNCORR + RequestSettings.BLEND, "0");
    Requester correlated = requester(p, 0, 1);
    p.setProperty(RequestSettings.READ_UNCORR + RequestSettings.BLEND, "100");
    Requester uncorrelated = requester(p, 0, 1);
    OutDegrees d = new LinkBenchSettings(p).outDegrees();
    assertTrue(meanDegreeOfCountRequests(correlated, d) > 20 * meanDegreeOfCountRequests(uncorrelated, d),
        "reads correlated with the out-degree go to nodes with far more links");
  }

  private static double meanDegreeOfCountRequests(Requester q, OutDegrees d) {
    long sum = 0;
    int n = 0;
    while (n < 20_000) {
      q.next();
      if (q.op == LinkBenchOp.COUNT_LINK) {
        sum += d.total(q.id1);
        n++;
      }
    }
    return sum / (double) n;
  }

  @Test
  void id2sFindExistingLinksWithLinkBenchsProbabilities() {
    Requester q = requester(props(), 0, 1);
    OutDegrees d = new LinkBenchSettings(props()).outDegrees();
    Map<LinkBenchOp, long[]> hits = new HashMap<>();
    for (int i = 0; i < REQUESTS; i++) {
      q.next();
      long n = q.op.writesLinks() ? d.ofType(q.id1, (int) (q.linkType - LinkBenchSettings.FIRST_LINK_TYPE)) : 0;
      // a node with no link of the type gets id2 = id1, found by no request (as in LinkBench)
      if ((q.op == LinkBenchOp.ADD_LINK || q.op == LinkBenchOp.UPDATE_LINK) && n >= 20) {
        long[] h = hits.computeIfAbsent(q.op, k -> new long[2]);
        h[0]++;
        if (q.id2 - q.id1 < n) {
          h[1]++;
        }
      }
    }
    // for nodes with links: p, a little less (ceil of n / p widens the range)
    double add = hits.get(LinkBenchOp.ADD_LINK)[1] / (double) hits.get(LinkBenchOp.ADD_LINK)[0];
    double update = hits.get(LinkBenchOp.UPDATE_LINK)[1] / (double) hits.get(LinkBenchOp.UPDATE_LINK)[0];
    assertEquals(0.05, add, 0.01, "adds find an existing link rarely");
    assertEquals(0.9, update, 0.05, "updates mostly find one");
  }

  @Test
  void realAccessFollowsTheFilesCountsWithoutPerNodeState() {
    // two points: 50% of nodes read once, the other 50% read 3 times: the second half takes 3/4
    EmpiricalCdf cdf = new EmpiricalCdf(new long[] {1, 3}, new double[] {0.5, 1.0});
    RealAccess a = new RealAccess(cdf, 1000);
    SplittableRandom r = new SplittableRandom(5);
    int popular = 0;
    for (int i = 0; i < 100_000; i++) {
      long rank = a.next(r);
      assertTrue(rank >= 0 && rank < 1000);
      if (rank < 500) {
        popular++;
      }
    }
    assertEquals(0.75, popular / 100_000.0, 0.01);
  }

  @Test
  void aBillionIdsNeedNoPerNodeState() {
    Properties p = props();
    p.setProperty(LinkBenchSettings.MAXID1, "1000000001");
    long heapBefore = usedHeap();
    Requester q = requester(p, 0, 1);
    for (int i = 0; i < 200_000; i++) {
      q.next();
      assertTrue(q.id1 >= 1 && q.id1 < 1_000_000_001L, "id1 " + q.id1);
    }
    // distributions, shuffles and out-degrees are formulas and point tables: no array per node
    assertTrue(usedHeap() - heapBefore < 64L << 20, "heap grew by " + ((usedHeap() - heapBefore) >> 20) + " MB");
  }

  private static long usedHeap() {
    System.gc();
    Runtime r = Runtime.getRuntime();
    return r.totalMemory() - r.freeMemory();
  }

  @Test
  void perRequesterId2sKeepToTheirResidue() {
    Properties p = props();
    p.setProperty(RequestSettings.ID2GEN, "1");
    Requester q = requester(p, 2, 4);
    for (int i = 0; i < 100_000; i++) {
      q.next();
      if (q.op.writesLinks()) {
        assertEquals(2, Math.floorMod(q.id2, 4), "requester 2 of 4");
      }
    }
  }

  @Test
  void theSameSeedDrawsTheSameRequests() {
    Requester a = requester(props(), 1, 2);
    Requester b = requester(props(), 1, 2);
    for (int i = 0; i < 10_000; i++) {
      a.next();
      b.next();
      assertEquals(a.op, b.op);
      assertEquals(a.id1, b.id1);
      assertEquals(a.id2, b.id2);
    }
  }

  @Test
  void badRequestSettingsAreRefused() {
    String[][] cases = {
        {"linkbench.addlink", "9.5", "the request mix addlink + deletelink + updatelink + countlink + getlink + getlinklist"
            + " + addnode + updatenode + deletenode + getnode = 100.5113399, must be 100"},
        {"linkbench.read_function", "POWER", "linkbench.read_function=POWER is not supported; linkbench.read_function"
            + " accepts zipf"},
        {"linkbench.write_shape", "1", "linkbench.write_shape=1.0 is not accepted"},
        {"linkbench.node_read_function", "real", "linkbench.node_read_function=real needs the node_nreads section"},
        {"linkbench.link_multiget_dist", "com.facebook.LinkBench.distributions.ZipfDistribution",
            "linkbench.link_multiget_dist=com.facebook.LinkBench.distributions.ZipfDistribution is not supported"},
        {"linkbench.drop", "true", "linkbench.drop=true drops the graph; bin/ycsb run needs the loaded one"},
        {"linkbench.randomid2max", "100", "linkbench.randomid2max=100 is not supported"},
    };
    for (String[] c : cases) {
      Properties p = props();
      p.setProperty(c[0], c[1]);
      UserError e = assertThrows(UserError.class, () -> new LinkBenchSettings(p), c[0]);
      assertTrue(e.getMessage().contains(c[2]), c[0] + ": " + e.getMessage());
    }
  }
}
