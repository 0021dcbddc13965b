package site.ycsbx.store.sysbench;

import java.util.ArrayList;
import java.util.List;
import site.ycsbx.store.MissingIds;

/**
 * What {@code bin/ycsb verify} reads of one sysbench table beyond its {@link TableCensus}: which
 * of the ids 1..table_size are missing, which ids lie outside them, and which rows hold values
 * sysbench never writes (k below 1; c or pad not its groups of 11 digits joined by '-'). Counts
 * are exact; each list holds the first rows in id order, up to the limit the caller gave.
 *
 * @param missing ids of 1..table_size the table lacks
 * @param firstMissing the smallest of them
 * @param outside rows whose id is below 1 or above table_size
 * @param firstOutside the smallest of their ids
 * @param odd rows whose k, c or pad sysbench cannot have written
 * @param firstOdd the first of them, in id order
 */
public record RowAudit(long missing, List<Long> firstMissing, long outside, List<Long> firstOutside, long odd,
    List<Row> firstOdd) {
  /** c as sysbench writes it: ten groups of 11 digits joined by '-' (a POSIX regular expression). */
  public static final String C_PATTERN = "^[0-9]{11}(-[0-9]{11}){9}$";
  /** pad as sysbench writes it: five groups of 11 digits joined by '-'. */
  public static final String PAD_PATTERN = "^[0-9]{11}(-[0-9]{11}){4}$";
  /** Digits in one group of c and pad; c has {@value #C_GROUPS} groups, pad {@value #PAD_GROUPS}. */
  public static final int GROUP = 11;
  public static final int C_GROUPS = 10;
  public static final int PAD_GROUPS = 5;

  /**
   * A SQL LIKE pattern of {@code groups} groups of {@value #GROUP} characters joined by '-': the
   * length and the places of the dashes, which with "digits and dashes only" and "{@code groups -
   * 1} dashes" is the regular expression's test without one (PostgreSQL's takes 17 us a value).
   */
  public static String likeShape(int groups) {
    return String.join("-", java.util.Collections.nCopies(groups, "_".repeat(GROUP)));
  }

  /** The smallest k sysbench writes: the load draws 1..table_size, a run's index update adds 1. */
  public static final int MIN_K = 1;

  /** A row as stored, for naming it. */
  public record Row(long id, long k, String c, String pad) {
  }

  public RowAudit {
    firstMissing = List.copyOf(firstMissing);
    firstOutside = List.copyOf(firstOutside);
    firstOdd = List.copyOf(firstOdd);
  }

  /** Nothing missing, outside or odd. */
  public boolean clean() {
    return missing == 0 && outside == 0 && odd == 0;
  }

  /** Whether sysbench can have written these values (its trailing blanks, CHAR padding, ignored). */
  public static boolean writable(long k, String c, String pad) {
    return k >= MIN_K && c != null && pad != null && c.stripTrailing().matches(C_PATTERN)
        && pad.stripTrailing().matches(PAD_PATTERN);
  }

  /**
   * The audit of rows read one by one in id order, for stores that hold them in memory (tests, the
   * null binding): what the servers compute in SQL.
   */
  public static RowAudit ofRows(Iterable<Row> inIdOrder, int tableSize, int limit) {
    long missing = 0;
    long outside = 0;
    long odd = 0;
    List<Long> firstMissing = new ArrayList<>();
    List<Long> firstOutside = new ArrayList<>();
    List<Row> firstOdd = new ArrayList<>();
    long next = 1; // the next id of 1..tableSize expected
    for (Row r : inIdOrder) {
      if (r.id() < 1 || r.id() > tableSize) {
        outside++;
        if (firstOutside.size() < limit) {
          firstOutside.add(r.id());
        }
      } else {
        missing += gap(next, r.id() - 1, firstMissing, limit);
        next = r.id() + 1;
      }
      if (!writable(r.k(), r.c(), r.pad())) {
        odd++;
        if (firstOdd.size() < limit) {
          firstOdd.add(r);
        }
      }
    }
    missing += gap(next, tableSize, firstMissing, limit);
    return new RowAudit(missing, firstMissing, outside, firstOutside, odd, firstOdd);
  }

  /** {@link MissingIds#gap}. */
  public static long gap(long from, long to, List<Long> first, int limit) {
    return MissingIds.gap(from, to, first, limit);
  }
}
