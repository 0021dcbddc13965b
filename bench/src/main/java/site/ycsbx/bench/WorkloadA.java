package site.ycsbx.bench;

import java.util.SplittableRandom;
import site.ycsb.Utils;
import site.ycsb.generator.ScrambledZipfianGenerator;

/**
 * What YCSB's workloada asks of a database, written out by hand: the load inserts keys
 * {@code "user" + fnvhash64(n)} with ten 100-byte fields; the run reads a whole record or
 * updates one field, half and half, keys from YCSB's scrambled Zipfian generator.
 */
final class WorkloadA {
  static final int FIELDS = 10;
  static final int FIELD_LENGTH = 100;

  private WorkloadA() {
  }

  static String key(long n) {
    return "user" + Utils.hash(n);
  }

  static byte[] value(SplittableRandom r) {
    byte[] b = new byte[FIELD_LENGTH];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) (' ' + r.nextInt(95)); // printable, as YCSB's RandomByteIterator
    }
    return b;
  }

  /** A per-thread key chooser for the run phase. */
  static ScrambledZipfianGenerator keys(long records) {
    return new ScrambledZipfianGenerator(0, records - 1);
  }
}
