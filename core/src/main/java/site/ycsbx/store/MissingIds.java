package site.ycsbx.store;

import java.util.ArrayList;
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

  /**
   * The first {@code limit} ids of {@code from..to-1} that {@code ascending}, the stored ids of
   * that range in order, skips: for a store without window functions (MongoDB before 5.0) that
   * walks its key once. Stops reading at the limit.
   */
  public static List<Long> skipped(Iterable<Long> ascending, long from, long to, int limit) {
    List<Long> out = new ArrayList<>();
    long next = from;
    for (long id : ascending) {
      for (; next < id && out.size() < limit; next++) {
        out.add(next);
      }
      if (out.size() >= limit) {
        return out;
      }
      next = id + 1;
    }
    for (; next < to && out.size() < limit; next++) {
      out.add(next);
    }
    return out;
  }
}
