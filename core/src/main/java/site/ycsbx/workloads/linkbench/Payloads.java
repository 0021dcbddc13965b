package site.ycsbx.workloads.linkbench;

import java.util.SplittableRandom;

/**
 * Node and link payloads as LinkBench makes them: a length drawn from a log-normal distribution
 * (the configured median, sigma 1 of the natural log, capped), filled in chunks of up to 128
 * bytes that are either fresh random bytes (a share {@code uniqueness} of the chunks) or a copy
 * from a fixed buffer of "motifs", so that the data compresses about as real data does. Bytes
 * are drawn from [startByte, endByte].
 */
final class Payloads {
  private static final int CHUNK = 128;
  private static final double SIGMA = 1.0;

  private final double logMedian;
  private final int maxLength;
  private final int startByte;
  private final int range;
  private final double uniqueness;
  private final byte[] motifs;

  /**
   * @param median median length in bytes ({@code link_datasize}, {@code node_datasize})
   * @param maxLength lengths are capped below this (LinkBench: 255 for links, 1 MB for nodes)
   * @param startByte lowest byte value ({@code *_datagen_startbyte})
   * @param endByte highest byte value ({@code *_datagen_endbyte})
   * @param uniqueness share of chunks of fresh random bytes ({@code *_datagen_uniqueness})
   * @param motifLength bytes of the buffer copied from ({@code *_datagen_motif_length})
   * @param seed the motif buffer's seed: the same seed gives the same payloads
   */
  Payloads(double median, int maxLength, int startByte, int endByte, double uniqueness, int motifLength, long seed) {
    if (startByte < 0 || endByte > 255 || startByte >= endByte) {
      throw new IllegalArgumentException("payload bytes must be 0 <= startbyte < endbyte <= 255: " + startByte + ".."
          + endByte);
    }
    if (uniqueness < 0 || uniqueness > 1) {
      throw new IllegalArgumentException("uniqueness must be in [0, 1]: " + uniqueness);
    }
    this.logMedian = Math.log(Math.max(median, Double.MIN_NORMAL));
    this.maxLength = maxLength;
    this.startByte = startByte;
    this.range = endByte - startByte + 1;
    this.uniqueness = uniqueness;
    this.motifs = new byte[Math.max(CHUNK, motifLength)];
    SplittableRandom r = new SplittableRandom(seed);
    for (int i = 0; i < motifs.length; i++) {
      motifs[i] = (byte) (startByte + r.nextInt(range));
    }
  }

  /** A payload of a drawn length. */
  byte[] next(SplittableRandom r) {
    long length = Math.round(Math.exp(gaussian(r) * SIGMA + logMedian));
    byte[] data = new byte[(int) Math.max(0, Math.min(maxLength - 1, length))];
    fill(r, data);
    return data;
  }

  void fill(SplittableRandom r, byte[] data) {
    for (int i = 0; i < data.length; i += CHUNK) {
      int n = Math.min(CHUNK, data.length - i);
      if (r.nextDouble() < uniqueness) {
        for (int j = i; j < i + n; j++) {
          data[j] = (byte) (startByte + r.nextInt(range));
        }
      } else {
        System.arraycopy(motifs, r.nextInt(motifs.length - n + 1), data, i, n);
      }
    }
  }

  // a standard normal draw (Box-Muller), from the caller's generator so the graph is reproducible
  private static double gaussian(SplittableRandom r) {
    double u = 1.0 - r.nextDouble();
    return Math.sqrt(-2.0 * Math.log(u)) * Math.cos(2 * Math.PI * r.nextDouble());
  }
}
