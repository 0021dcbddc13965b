package site.ycsbx.workloads.linkbench;

import java.util.Map;
import site.ycsbx.family.CellCount;
import site.ycsbx.family.WorkloadFamily;
import site.ycsbx.measurements.Warmup;
import site.ycsbx.store.linkbench.LinkBenchStore;

/**
 * LinkBench's social graph.
 *
 * <p>Its clients: load, client i loads its contiguous share of the loader chunks of ids (each
 * chunk is generated from its number alone, so the graph is the one a single loader makes). Run:
 * the clients' threads are LinkBench's requesters, numbered over all clients (their random
 * streams differ), each over the whole graph. The workload reads its share itself.
 *
 * <p>Its aliases: LinkBench's names of the warm-up (its warmup_time); one clock for both. Its
 * loaded shape: the ids of the stored graph, since a run's requests must pick from the same. A
 * load counts its nodes ({@code linkbench.maxid1 - linkbench.startid1}); a run its operations.
 * Links/s: its link chunks; requests/s every request.
 */
public final class LinkBenchFamily extends WorkloadFamily {
  public LinkBenchFamily() {
    super(new Declaration("linkbench", LinkBenchStore.class, "LinkBench's social graph, load and requests",
        "linkbench", "linkbench-small")
        .workload(() -> LinkBenchWorkload.class)
        .filesHelp("linkbench, linkbench-small: LinkBench load and request phases")
        .splitsItself()
        .aliases(new Alias(RequestSettings.WARMUP, Warmup.PROPERTY),
            new Alias(RequestSettings.WARMUP_LINKBENCH, Warmup.PROPERTY))
        .loadedShape(LinkBenchSettings.STARTID1, LinkBenchSettings.MAXID1)
        .cellCount(CellCount.ofLoads(p -> {
          long start = CellCount.number(p, LinkBenchSettings.STARTID1, LinkBenchSettings.STARTID1_DEFAULT);
          long max = CellCount.number(p, LinkBenchSettings.MAXID1, LinkBenchSettings.MAXID1_DEFAULT);
          return new CellCount.Count(max - start, "nodes",
              LinkBenchSettings.MAXID1 + " - " + LinkBenchSettings.STARTID1, 0);
        }))
        .documentedRates(Map.of("load nodes", 1_500.0))
        .rates(new Rate("links", true, LinkLoad.LOAD_LINKS)));
  }
}
