package site.ycsbx.workloads.sysbench;

import java.util.SplittableRandom;

/**
 * sysbench's c and pad values: groups of 11 random digits joined by '-', ten groups for c (119
 * characters), five for pad (59), as its Lua templates make them.
 */
final class Digits {
  static final int GROUP = 11;
  static final int C_GROUPS = 10;
  static final int PAD_GROUPS = 5;

  private final SplittableRandom random;
  private final char[] c = template(C_GROUPS);
  private final char[] pad = template(PAD_GROUPS);

  Digits(SplittableRandom random) {
    this.random = random;
  }

  private static char[] template(int groups) {
    char[] t = new char[groups * GROUP + groups - 1];
    for (int g = 1; g < groups; g++) {
      t[g * (GROUP + 1) - 1] = '-';
    }
    return t;
  }

  String c() {
    return fill(c);
  }

  String pad() {
    return fill(pad);
  }

  private String fill(char[] t) {
    // one random long gives 18 decimal digits: far fewer draws than one per digit
    long bits = 0;
    int left = 0;
    for (int i = 0; i < t.length; i++) {
      if (t[i] == '-') {
        continue;
      }
      if (left == 0) {
        bits = random.nextLong() >>> 1;
        left = 18;
      }
      t[i] = (char) ('0' + (int) (bits % 10));
      bits /= 10;
      left--;
    }
    return new String(t);
  }
}
