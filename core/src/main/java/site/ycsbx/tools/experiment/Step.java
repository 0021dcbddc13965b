package site.ycsbx.tools.experiment;

import java.util.List;
import java.util.Map;

/**
 * One phase applied to every target: {@code load} or {@code run}, the workload's property files
 * and properties, the thread counts (a sweep inside the step when there are several) and repeats.
 * A run step {@code after} a load runs count by count with it ({@link PairedSteps}): LinkBench's
 * load and request phases at each client count; {@code efficiencyThreads} is the count whose
 * efficiency rows the pair's table shows (0: the largest); {@code latencyOp} the operation whose
 * latency its table shows (null: the busiest).
 */
record Step(String name, String command, List<String> propertyFiles, Map<String, String> props,
    List<Integer> threads, int repeats, String after, int efficiencyThreads, String latencyOp) {
  /**
   * {@code step.S.latency=OP}: the operation whose latency the step's table shows (the YCSB 2.6 vs
   * 3.0 post's headline is UPDATE's p95 and p99 in a 95/5 mix, where READ is the busiest).
   */
  static final String LATENCY = "latency";

  Step(String name, String command, List<String> propertyFiles, Map<String, String> props, List<Integer> threads,
      int repeats) {
    this(name, command, propertyFiles, props, threads, repeats, null, 0, null);
  }

  boolean isLoad() {
    return command.equals("load");
  }
}
