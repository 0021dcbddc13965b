package site.ycsbx.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Runs {@code threads} threads that each call an operation {@code ops/threads} times and prints
 * the throughput the way YCSB measures it (operations over the time from the threads' start to
 * the last one's end), so a bench script can compare it with YCSB-X's [OVERALL] Throughput.
 */
final class RawLoop {
  /** One thread's operations; {@code i} is the thread's op number, {@code thread} its index. */
  interface Op {
    void run(int thread, long i) throws Exception;
  }

  /**
   * An operation holding a resource (a connection) the thread closes after its last operation,
   * on the clock when the setup is (YCSB's client thread closes its binding, DB.cleanup(), before
   * the Client stops its clock).
   */
  record Closing(Op op, AutoCloseable resource) implements Op {
    @Override
    public void run(int thread, long i) throws Exception {
      op.run(thread, i);
    }
  }

  /** Per-thread setup (connections, statements) done before the clock starts. */
  interface ThreadSetup {
    Op setUp(int thread) throws Exception;
  }

  private RawLoop() {
  }

  static void run(String label, int threads, long ops, ThreadSetup setup) throws Exception {
    run(label, threads, ops, setup, 1);
  }

  /** As above; each operation counts {@code unitsPerOp} units (rows per transaction). */
  static void run(String label, int threads, long ops, ThreadSetup setup, int unitsPerOp) throws Exception {
    run(label, threads, ops, setup, unitsPerOp, false);
  }

  /**
   * As {@link #run(String, int, long, ThreadSetup)}, but the clock also holds each thread's setup
   * (connecting, preparing), as YCSB's Client's does: it starts the threads and then each calls
   * the binding's init() and the workload's initThread() before its first operation.
   */
  static void runSetupTimed(String label, int threads, long ops, ThreadSetup setup) throws Exception {
    run(label, threads, ops, setup, 1, true, 0);
  }

  /**
   * As {@link #runSetupTimed}, with a warm-up of {@code warmupSeconds} as YCSB-X's
   * {@code ycsbx.warmup}: operations that end inside it are not counted, and the clock starts when
   * it ends, so both sides are measured warm (JIT-compiled, connected, caches filled).
   */
  static void runSetupTimed(String label, int threads, long ops, ThreadSetup setup, double warmupSeconds)
      throws Exception {
    run(label, threads, ops, setup, 1, true, (long) (warmupSeconds * 1e9));
  }

  private static void run(String label, int threads, long ops, ThreadSetup setup, int unitsPerOp, boolean setupTimed)
      throws Exception {
    run(label, threads, ops, setup, unitsPerOp, setupTimed, 0);
  }

  private static void run(String label, int threads, long ops, ThreadSetup setup, int unitsPerOp, boolean setupTimed,
      long warmupNanos) throws Exception {
    CountDownLatch ready = new CountDownLatch(setupTimed ? 0 : threads);
    CountDownLatch go = new CountDownLatch(1);
    AtomicLong failures = new AtomicLong();
    List<Thread> ts = new ArrayList<>();
    long started = System.nanoTime();
    // as ycsbx.warmup: from the first operation on (connecting and preparing are no warm-up)
    AtomicLong warmEnd = new AtomicLong(Long.MAX_VALUE);
    LongAdder counted = new LongAdder();
    for (int t = 0; t < threads; t++) {
      final int thread = t;
      final long share = ops / threads + (t < ops % threads ? 1 : 0);
      Thread th = new Thread(() -> {
        try {
          Op op = setup.setUp(thread);
          ready.countDown();
          go.await();
          for (long i = 0; i < share; i++) {
            if (warmupNanos > 0 && warmEnd.get() == Long.MAX_VALUE) {
              warmEnd.compareAndSet(Long.MAX_VALUE, System.nanoTime() + warmupNanos);
            }
            op.run(thread, i);
            if (warmupNanos > 0 && System.nanoTime() - warmEnd.get() >= 0) {
              counted.increment();
            }
          }
          if (op instanceof Closing c) {
            c.resource().close();
          }
        } catch (Exception e) {
          failures.incrementAndGet();
          System.err.println("raw loop thread " + thread + ": " + e);
          ready.countDown();
        }
      });
      ts.add(th);
      th.start();
    }
    ready.await();
    long start = setupTimed ? started : System.nanoTime();
    go.countDown();
    for (Thread th : ts) {
      th.join();
    }
    long end = System.nanoTime();
    if (failures.get() > 0) {
      throw new IllegalStateException(failures.get() + " raw loop threads failed");
    }
    if (warmupNanos > 0) {
      if (end - warmEnd.get() <= 0) {
        throw new IllegalStateException("the run ended inside its warm-up: give more operations");
      }
      System.out.println(String.format(Locale.ROOT, "[RAW] %s, warm-up %.1f s, %d operations counted", label,
          warmupNanos / 1e9, counted.sum()));
      System.out.println(String.format(Locale.ROOT, "[RAW] %s, Throughput(ops/sec), %.1f", label,
          counted.sum() * (double) unitsPerOp / ((end - warmEnd.get()) / 1e9)));
      return;
    }
    System.out.println(String.format(Locale.ROOT, "[RAW] %s, Throughput(ops/sec), %.1f", label,
        ops * (double) unitsPerOp / ((end - start) / 1e9)));
  }
}
