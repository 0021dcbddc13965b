package site.ycsbx.workloads.linkbench;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import site.ycsb.Workload;
import site.ycsbx.family.CellCount;
import site.ycsbx.family.ClientSplit;
import site.ycsbx.family.WorkloadFamily;
import site.ycsbx.measurements.Warmup;
import site.ycsbx.store.linkbench.LinkBenchStore;

/** LinkBench's social graph. */
public final class LinkBenchFamily extends WorkloadFamily {
  public LinkBenchFamily() {
    super("linkbench", LinkBenchStore.class, "LinkBench's social graph, load and requests", "linkbench",
        "linkbench-small");
  }

  @Override
  public Class<? extends Workload> workloadClass() {
    return LinkBenchWorkload.class;
  }

  @Override
  public String filesHelp() {
    return "linkbench, linkbench-small: LinkBench load and request phases";
  }

  /**
   * Load: client i loads its contiguous share of the loader chunks of ids (each chunk is generated
   * from its number alone, so the graph is the one a single loader makes). Run: the clients'
   * threads are LinkBench's requesters, numbered over all clients (their random streams differ),
   * each over the whole graph. The workload reads its share itself.
   */
  @Override
  public Optional<ClientSplit> clientSplit() {
    return Optional.of(ClientSplit.ITSELF);
  }

  /** LinkBench's names of the warm-up (its warmup_time); one clock for both. */
  @Override
  public List<Alias> aliases() {
    return List.of(new Alias(RequestSettings.WARMUP, Warmup.PROPERTY),
        new Alias(RequestSettings.WARMUP_LINKBENCH, Warmup.PROPERTY));
  }

  /** The ids of the stored graph: a run's requests must pick from the same. */
  @Override
  public List<String> loadedShape() {
    return List.of(LinkBenchSettings.STARTID1, LinkBenchSettings.MAXID1);
  }

  /** A load counts its nodes ({@code linkbench.maxid1 - linkbench.startid1}); a run its operations. */
  @Override
  public Optional<CellCount> cellCount() {
    return Optional.of(CellCount.ofLoads(p -> {
      long start = CellCount.number(p, LinkBenchSettings.STARTID1, LinkBenchSettings.STARTID1_DEFAULT);
      long max = CellCount.number(p, LinkBenchSettings.MAXID1, LinkBenchSettings.MAXID1_DEFAULT);
      return new CellCount.Count(max - start, "nodes", LinkBenchSettings.MAXID1 + " - " + LinkBenchSettings.STARTID1,
          0);
    }));
  }

  @Override
  public Map<String, Double> documentedRates() {
    return Map.of("load nodes", 1_500.0);
  }

  /** Links/s: its link chunks; requests/s every request. */
  @Override
  public List<Rate> rates() {
    return List.of(new Rate("links", true, LinkLoad.LOAD_LINKS));
  }
}
