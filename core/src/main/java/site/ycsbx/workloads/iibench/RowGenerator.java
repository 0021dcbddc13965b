package site.ycsbx.workloads.iibench;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;
import site.ycsbx.store.iibench.QueryStart;
import site.ycsbx.store.iibench.RowBatch;

/**
 * Fills a {@link RowBatch} with rows as the reference programs make them: cashregisterid
 * uniform 0..999, customerid uniform 0..99999, productid uniform 0..9999, price =
 * (uniform(0,1) x 500 + customerid) / 100, dateandtime the current time (once per batch).
 * Padding columns are {@code compressiblePercent}% one repeated character and the rest random
 * letters, cut from a shared random buffer at random offsets, so rows do not repeat each other
 * (a small pool of strings would compress far better than real data).
 */
public final class RowGenerator {
  public static final int CASH_REGISTERS = 1000;
  public static final int CUSTOMERS = 100_000;
  public static final int PRODUCTS = 10_000;
  /** Highest price the formula yields (exclusive). */
  public static final double MAX_PRICE = (500.0 + CUSTOMERS) / 100.0;

  private static final int RANDOM_BUFFER_CHARS = 1 << 20;
  private static final char[] RANDOM_CHARS = randomLetters(RANDOM_BUFFER_CHARS, 42);

  private final SplittableRandom random;
  private final LongSupplier clock;
  private final int paddingLength;
  private final int compressibleChars;
  private final String compressiblePart;

  /**
   * @param seed per-thread seed
   * @param clock epoch milliseconds (System::currentTimeMillis, or a fixed clock in tests)
   * @param paddingLength characters per padding column
   * @param compressiblePercent 0..100: share of each padding value that is one repeated character
   */
  public RowGenerator(long seed, LongSupplier clock, int paddingLength, int compressiblePercent) {
    this.random = new SplittableRandom(seed);
    this.clock = clock;
    this.paddingLength = paddingLength;
    this.compressibleChars = (int) ((long) paddingLength * compressiblePercent / 100);
    char[] same = new char[compressibleChars];
    Arrays.fill(same, 'x');
    this.compressiblePart = new String(same);
  }

  /** Fills the first {@code n} rows of the batch. */
  public void fill(RowBatch batch, int n) {
    long now = clock.getAsLong();
    for (int i = 0; i < n; i++) {
      int customer = random.nextInt(CUSTOMERS);
      double price = (random.nextDouble() * 500.0 + customer) / 100.0;
      batch.set(i, now, random.nextInt(CASH_REGISTERS), customer, random.nextInt(PRODUCTS), price);
    }
    for (int f = 0; f < batch.paddingFields(); f++) {
      for (int i = 0; i < n; i++) {
        batch.setPadding(f, i, padding());
      }
    }
    batch.setSize(n);
  }

  private String padding() {
    int randomChars = paddingLength - compressibleChars;
    int offset = random.nextInt(RANDOM_BUFFER_CHARS - randomChars + 1);
    if (compressibleChars == 0) {
      return new String(RANDOM_CHARS, offset, randomChars);
    }
    StringBuilder sb = new StringBuilder(paddingLength);
    sb.append(RANDOM_CHARS, offset, randomChars).append(compressiblePart);
    return sb.toString();
  }

  /**
   * A random start for the range query: a price in the generated range, a time between
   * {@code firstMillis} and now, a customer id.
   */
  public QueryStart queryStart(long firstMillis) {
    long now = Math.max(firstMillis + 1, clock.getAsLong());
    return new QueryStart(random.nextDouble() * MAX_PRICE, random.nextLong(firstMillis, now + 1),
        random.nextInt(CUSTOMERS));
  }

  private static char[] randomLetters(int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    char[] c = new char[n];
    for (int i = 0; i < n; i++) {
      c[i] = (char) ('a' + r.nextInt(26));
    }
    return c;
  }
}
