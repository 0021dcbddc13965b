package site.ycsbx.workloads.linkbench;

import java.util.SplittableRandom;

/**
 * Which node a request goes to: a popularity rank from {@link Ranks}, placed on the ids by a
 * shuffle. With the out-degrees' own shuffle the access is correlated with the out-degree (the
 * most read node is the most linked one, LinkBench's {@code read_*} and {@code write_*}); with
 * another shuffle it is not ({@code *_uncorr_*}, node operations).
 */
record IdAccess(Ranks ranks, IdShuffle shuffle, long startId, String label) {
  long next(SplittableRandom r) {
    return startId + shuffle.idOf(ranks.next(r));
  }

  @Override
  public String toString() {
    return label;
  }
}
