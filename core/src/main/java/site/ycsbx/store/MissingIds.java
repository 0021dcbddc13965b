package site.ycsbx.store;

import java.util.List;

/** The ids of a gap, listed up to a limit and counted: how verify names the rows a table lacks. */
public final class MissingIds {
  private MissingIds() {
  }

  /**
   * The ids {@code from..to} missing (none when {@code to < from}): lists them while {@code first}
   * holds fewer than {@code limit}, and returns how many they are.
   */
  public static long gap(long from, long to, List<Long> first, int limit) {
    for (long id = from; id <= to && first.size() < limit; id++) {
      first.add(id);
    }
    return Math.max(0, to - from + 1);
  }
}
