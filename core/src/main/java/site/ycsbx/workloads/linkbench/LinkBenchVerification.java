package site.ycsbx.workloads.linkbench;

import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.Status;
import site.ycsbx.measurements.OpTimer;
import site.ycsbx.verdict.RunVerdict;
import site.ycsbx.store.linkbench.LinkBenchStore;
import site.ycsbx.workloads.FreshStore;

/**
 * {@code linkbench.verify}: after a load, a sample of this client's chunks (or all of them)
 * against the generated graph; after a run, the count table against the visible links of every
 * (id1, link_type) the run wrote. On a connection of its own (the requesters' connections are
 * closed, and may have broken); the result is the operation {@value #VERIFY}, timed, and fails
 * the run when it finds a mismatch.
 */
final class LinkBenchVerification {
  static final String VERIFY = "VERIFY";
  // the (id1, link_type) written in a run that a verify checks; beyond this, a sample of them
  static final int TOUCHED_LIMIT = 100_000;

  private final Set<List<Long>> touched = ConcurrentHashMap.newKeySet();
  private final AtomicLong touchedAll = new AtomicLong();

  /** A request of the run wrote links of (id1, type). */
  void touch(long id1, long type) {
    touchedAll.incrementAndGet();
    if (touched.size() < TOUCHED_LIMIT) {
      touched.add(List.of(id1, type));
    }
  }

  void run(Properties props, LinkBenchSettings settings, ChunkGenerator generator) {
    long start = System.nanoTime();
    Status status = Status.OK;
    try (FreshStore<LinkBenchStore> fresh = FreshStore.open(props, LinkBenchStore.class)) {
      GraphCheck check = new GraphCheck(fresh.store());
      String scope;
      if (settings.load) {
        // this client's chunks: the others check theirs
        long chunks = settings.endChunk() - settings.firstChunk();
        long k = settings.request.verifyChunks == 0 ? chunks : Math.min(chunks, settings.request.verifyChunks);
        long ids = 0;
        for (long i = 0; i < k; i++) {
          long chunk = settings.firstChunk() + i * chunks / k;
          check.chunk(generator, chunk);
          ids += generator.endId(chunk) - generator.firstId(chunk);
        }
        scope = String.format(Locale.ROOT, "load: %d of %d chunks (%d of %d ids%s): %d nodes, %d (id1, link_type) lists"
            + " and counts compared with the generated graph", k, chunks, ids, LinkLoad.ids(settings, generator),
            k == chunks ? "" : "; " + RequestSettings.VERIFY_CHUNKS + "=0 checks all", check.checkedNodes(),
            check.checkedPairs());
      } else {
        for (List<Long> pair : touched) {
          check.counts(pair.get(0), pair.get(1));
        }
        long all = touchedAll.get();
        scope = String.format(Locale.ROOT, "run: %d (id1, link_type) written by the run%s: count table against visible"
            + " links", touched.size(), touched.size() < TOUCHED_LIMIT ? "" : " (the first " + TOUCHED_LIMIT + " of " + all
            + " link writes' pairs)");
      }
      System.out.println("[LINKBENCH-VERIFY] " + scope + ": " + (check.found() == 0 ? "OK" : check.found()
          + " MISMATCHES"));
      for (String m : check.listed()) {
        System.out.println("[LINKBENCH-VERIFY] MISMATCH " + m);
      }
      if (check.found() > check.listed().size()) {
        System.out.println("[LINKBENCH-VERIFY] ... and " + (check.found() - check.listed().size()) + " more");
      }
      if (check.found() > 0) {
        status = Status.UNEXPECTED_STATE;
        RunVerdict.checkFailed("linkbench.verify found " + check.found() + " mismatches (listed above)");
      }
    } catch (Exception e) {
      status = Status.ERROR;
      String why = e.getMessage() != null ? e.getMessage() : e.toString();
      System.out.println("[LINKBENCH-VERIFY] cannot verify: " + why);
      RunVerdict.checkFailed("linkbench.verify could not run: " + why);
    }
    OpTimer.recordCheck(VERIFY, status, start);
  }
}
