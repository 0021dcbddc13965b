package site.ycsbx.store.sysbench;

/**
 * Rows of one load INSERT: consecutive ids, each with its k, c and pad. Reused by its loader
 * thread for every batch, so a 10M-row table costs no per-row state beyond the batch.
 */
public final class RowBatch {
  private final int[] k;
  private final String[] c;
  private final String[] pad;
  private int firstId;
  private int size;

  public RowBatch(int capacity) {
    k = new int[capacity];
    c = new String[capacity];
    pad = new String[capacity];
  }

  /** Starts a batch of rows from {@code firstId} on. */
  public void start(int firstId, int size) {
    if (size < 0 || size > k.length) {
      throw new IllegalArgumentException(size + " rows in a batch of " + k.length);
    }
    this.firstId = firstId;
    this.size = size;
  }

  /** Sets row {@code i} (id firstId + i). */
  public void set(int i, int kValue, String cValue, String padValue) {
    k[i] = kValue;
    c[i] = cValue;
    pad[i] = padValue;
  }

  public int capacity() {
    return k.length;
  }

  public int size() {
    return size;
  }

  public int id(int i) {
    return firstId + i;
  }

  public int k(int i) {
    return k[i];
  }

  public String c(int i) {
    return c[i];
  }

  public String pad(int i) {
    return pad[i];
  }
}
