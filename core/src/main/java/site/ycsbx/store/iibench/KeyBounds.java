package site.ycsbx.store.iibench;

import java.math.BigInteger;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import site.ycsbx.store.StoreException;

/**
 * The lowest and highest primary key of each table, as a store's point query on the key
 * ({@link IIBenchStore#queryByKey}) picks a key between them. Read again once they are a second
 * old: the deletes of {@code l.i1} move the lowest, the inserts the highest, and two reads per
 * query would cost more than the query. One instance per store (per client thread).
 *
 * @param <K> the key type (a SQL BIGINT, a MongoDB ObjectId)
 */
public final class KeyBounds<K> {
  private static final long REFRESH_NANOS = 1_000_000_000L;

  /** Reads a table's [lowest, highest] key; an empty list when the table is empty. */
  public interface Reader<K> {
    List<K> read(String table) throws StoreException;
  }

  private record Seen<K>(List<K> bounds, long nanos) {
  }

  private final Map<String, Seen<K>> seen = new HashMap<>();
  private final Reader<K> reader;

  public KeyBounds(Reader<K> reader) {
    this.reader = reader;
  }

  /** [lowest, highest] of the table, at most a second old; empty when the table was empty. */
  public List<K> of(String table) throws StoreException {
    long now = System.nanoTime();
    Seen<K> s = seen.get(table);
    // an empty table is read again at once: its first rows make its keys
    if (s == null || s.bounds().isEmpty() || now - s.nanos() > REFRESH_NANOS) {
      s = new Seen<>(List.copyOf(reader.read(table)), now);
      seen.put(table, s);
    }
    return s.bounds();
  }

  /** Forgets a table's bounds (it was dropped). */
  public void forget(String table) {
    seen.remove(table);
  }

  /** The key at {@code position} (0 to 1) from {@code lo} to {@code hi}. */
  public static long between(long lo, long hi, double position) {
    double p = Math.max(0, Math.min(1, position));
    return lo + (long) Math.floor((double) (hi - lo) * p);
  }

  /** The key at {@code position} from {@code lo} to {@code hi}, read as unsigned big-endian numbers of one length. */
  public static byte[] between(byte[] lo, byte[] hi, double position) {
    BigInteger a = new BigInteger(1, lo);
    BigInteger b = new BigInteger(1, hi);
    double p = Math.max(0, Math.min(1, position));
    // a 12-byte ObjectId is past a double's precision: scale the span by the position in millionths
    BigInteger k = a.add(b.subtract(a).multiply(BigInteger.valueOf((long) (p * 1_000_000))).divide(
        BigInteger.valueOf(1_000_000)));
    byte[] raw = k.toByteArray();
    byte[] out = new byte[lo.length];
    int copy = Math.min(raw.length, out.length);
    System.arraycopy(raw, raw.length - copy, out, out.length - copy, copy);
    return out;
  }
}
