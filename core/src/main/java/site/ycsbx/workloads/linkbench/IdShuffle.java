package site.ycsbx.workloads.linkbench;

import java.util.SplittableRandom;

/**
 * A bijection of {@code [0, n)}: which node id gets the r-th largest out-degree. LinkBench
 * shuffles so that the most linked nodes are spread over the id range rather than packed at its
 * start (where the loaders of the first chunks would get all the work and the requests' Zipf
 * choices would pile on one area). Here {@code rank -> (a x rank + b) mod n} with {@code a}
 * coprime to {@code n}: consecutive ranks land {@code a} apart, and it inverts in O(1), so no
 * per-node state is kept at any graph size.
 */
final class IdShuffle {
  private final long n;
  private final long a;
  private final long b;
  private final long aInverse;

  IdShuffle(long seed, long n) {
    if (n <= 0) {
      throw new IllegalArgumentException("n must be positive: " + n);
    }
    this.n = n;
    SplittableRandom r = new SplittableRandom(seed);
    long pick = n <= 2 ? 1 : 1 + r.nextLong(n - 1);
    while (gcd(pick, n) != 1) {
      pick = pick + 1 >= n ? 1 : pick + 1;
    }
    this.a = pick;
    this.b = n == 1 ? 0 : r.nextLong(n);
    this.aInverse = inverse(a, n);
  }

  /** The id offset (0-based) of the node of this popularity rank. */
  long idOf(long rank) {
    return Math.floorMod(Math.addExact(mulMod(a, rank, n), b), n);
  }

  /** The popularity rank (0 = most linked) of the node at this id offset. */
  long rankOf(long id) {
    return mulMod(aInverse, Math.floorMod(id - b, n), n);
  }

  private static long mulMod(long x, long y, long m) {
    return Math.floorMod(Math.multiplyHigh(x, y) == 0 && x * y >= 0 ? x * y % m
        : new java.math.BigInteger(Long.toString(x)).multiply(java.math.BigInteger.valueOf(y))
            .mod(java.math.BigInteger.valueOf(m)).longValue(), m);
  }

  private static long gcd(long x, long y) {
    while (y != 0) {
      long t = x % y;
      x = y;
      y = t;
    }
    return Math.abs(x);
  }

  // modular inverse by the extended Euclidean algorithm
  private static long inverse(long x, long m) {
    if (m == 1) {
      return 0;
    }
    java.math.BigInteger v = java.math.BigInteger.valueOf(x).modInverse(java.math.BigInteger.valueOf(m));
    return v.longValue();
  }
}
