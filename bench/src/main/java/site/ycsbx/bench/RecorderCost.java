package site.ycsbx.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.measurements.Measurements;
import site.ycsbx.measurements.RunMeasurements;

/**
 * What recording an operation costs a client thread (issue 28): YCSB's own Measurements (one
 * HdrHistogram Recorder per operation, shared by every thread) against bin/ycsb's
 * {@link RunMeasurements} (a recorder per thread underneath), in one JVM, rounds alternated A B B A.
 * Each thread records {@code --records} values as sysbench's point transaction does (two
 * operations); prints, per round, the threads' CPU ns per record and the records per second.
 *
 * <pre>java -cp ... site.ycsbx.bench.RecorderCost [--threads 4] [--records 5000000] [--pairs 3]</pre>
 */
public final class RecorderCost {
  private RecorderCost() {
  }

  public static void main(String[] argv) throws Exception {
    Args a = new Args(argv);
    int threads = a.getInt("threads", 4);
    long records = a.getLong("records", 5_000_000);
    int pairs = a.getInt("pairs", 3);
    Properties props = new Properties();
    // a first round of each, unprinted: the JIT compiles both before anything is timed
    round(new Measurements(props), threads, records / 4);
    round(perThread(props), threads, records / 4);
    for (int p = 0; p < pairs; p++) {
      for (int arm : p % 2 == 0 ? new int[] {0, 1} : new int[] {1, 0}) {
        // fresh measurements each round, as each run has
        double[] r = round(arm == 0 ? new Measurements(props) : perThread(props), threads, records);
        System.out.printf("%s threads=%d cpu_ns_per_record=%.1f records_per_s=%.0f%n",
            arm == 0 ? "shared   " : "perThread", threads, r[0], r[1]);
      }
    }
  }

  private static Measurements perThread(Properties props) {
    RunMeasurements.install(props);
    return Measurements.getMeasurements();
  }

  /** {thread CPU ns per record, records per second of wall time}. */
  private static double[] round(Measurements m, int threads, long records) throws Exception {
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    CyclicBarrier start = new CyclicBarrier(threads + 1);
    AtomicLong cpu = new AtomicLong();
    List<Thread> ts = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      long seed = 0x9E3779B97F4A7C15L * (t + 1);
      Thread th = new Thread(() -> {
        try {
          start.await();
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
        long c0 = mx.getCurrentThreadCpuTime();
        long x = seed;
        for (long i = 0; i < records / 2; i++) {
          x ^= x << 13;
          x ^= x >>> 7;
          x ^= x << 17;
          // latencies of a point query and its transaction, 50 to 1000 us
          int us = 50 + (int) ((x >>> 40) % 950);
          m.measure("POINT_SELECT", us);
          m.measure("TRANSACTION", us + 20);
        }
        cpu.addAndGet(mx.getCurrentThreadCpuTime() - c0);
      });
      th.start();
      ts.add(th);
    }
    start.await();
    long w0 = System.nanoTime();
    for (Thread t : ts) {
      t.join();
    }
    double wall = (System.nanoTime() - w0) / 1e9;
    long total = threads * (records / 2) * 2;
    return new double[] {(double) cpu.get() / total, total / wall};
  }
}
