package site.ycsbx.tools.experiment;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import site.ycsbx.util.UserError;

/**
 * A run step that goes count by count with the load right before it ({@code step.q.after=load}):
 * at each thread count, every target's load, then the run step's cells at that count on the data
 * the load left. LinkBench's published table needs it: IPS from a load at N clients, QPS from a
 * request phase at N clients, the graph loaded afresh between counts when the load asks
 * ({@code linkbench.drop=true}). Both steps have the same thread counts;
 * {@code step.q.efficiency.threads} picks the count of the efficiency rows ({@link ClientsTable}).
 */
final class PairedSteps {
  static final String AFTER = "after";
  static final String EFFICIENCY_THREADS = "efficiency.threads";

  private PairedSteps() {
  }

  /** The step with its pairing keys taken out of {@code props}: they are the experiment's, not a run's. */
  static Step step(String name, String command, List<String> files, Map<String, String> props, List<Integer> threads,
      int repeats) {
    String after = props.remove(AFTER);
    String at = props.remove(EFFICIENCY_THREADS);
    String latency = props.remove(Step.LATENCY);
    if (latency != null && !latency.matches("[A-Za-z][A-Za-z0-9_-]*")) {
      throw new UserError("experiment file: step." + name + "." + Step.LATENCY + "=" + latency
          + " is not an operation name (e.g. UPDATE, READ, LATEST_BY_USER)");
    }
    if (after != null && command.equals("load")) {
      throw new UserError("experiment file: step." + name + ".after=" + after + ": only a run step goes after a load");
    }
    if (at != null && after == null) {
      throw new UserError("experiment file: step." + name + "." + EFFICIENCY_THREADS + " needs step." + name
          + ".after=LOADSTEP (the efficiency rows belong to a load and run pair)");
    }
    int efficiencyThreads = 0;
    if (at != null) {
      if (!at.matches("\\d{1,6}") || Integer.parseInt(at) < 1) {
        throw new UserError("experiment file: step." + name + "." + EFFICIENCY_THREADS + "=" + at
            + " is not a thread count");
      }
      efficiencyThreads = Integer.parseInt(at);
    }
    return new Step(name, command, files, props, threads, repeats, after == null || after.isEmpty() ? null : after,
        efficiencyThreads, latency == null || latency.isEmpty() ? null : latency);
  }

  /** Each pair: a run step right after the load it names in steps=, with the load's thread counts. */
  static void check(List<Step> steps) {
    for (int i = 0; i < steps.size(); i++) {
      Step s = steps.get(i);
      if (s.after() == null) {
        continue;
      }
      Step load = steps.stream().filter(x -> x.name().equals(s.after())).findFirst().orElseThrow(() -> new UserError(
          "experiment file: step." + s.name() + ".after=" + s.after() + " names no step (steps: "
              + String.join(",", steps.stream().map(Step::name).toList()) + ")"));
      if (!load.isLoad()) {
        throw new UserError("experiment file: step." + s.name() + ".after=" + s.after() + ": step " + s.after()
            + " is not a load (its command is " + load.command() + ")");
      }
      if (i == 0 || !steps.get(i - 1).equals(load)) {
        throw new UserError("experiment file: step." + s.name() + ".after=" + s.after() + ": " + s.name()
            + " must come right after " + s.after() + " in steps=");
      }
      if (!s.threads().equals(load.threads())) {
        throw new UserError("experiment file: step." + s.name() + ".threads=" + join(s.threads()) + " differs from step."
            + load.name() + ".threads=" + join(load.threads()) + ": a pair runs count by count, so give both the same");
      }
      if (s.efficiencyThreads() > 0 && !s.threads().contains(s.efficiencyThreads())) {
        throw new UserError("experiment file: step." + s.name() + "." + EFFICIENCY_THREADS + "=" + s.efficiencyThreads()
            + " is not one of the step's thread counts " + join(s.threads()));
      }
    }
  }

  /** The run step that goes count by count with {@code load}; null when none does. */
  static Step runAfter(Step load, List<Step> steps) {
    return steps.stream().filter(s -> load.name().equals(s.after())).findFirst().orElse(null);
  }

  /** The thread count of the pair's efficiency rows: the one the file gives, else the largest. */
  static int efficiencyThreads(Step run) {
    return run.efficiencyThreads() > 0 ? run.efficiencyThreads() : Collections.max(run.threads());
  }

  private static String join(List<Integer> threads) {
    return String.join(",", threads.stream().map(String::valueOf).toList());
  }
}
