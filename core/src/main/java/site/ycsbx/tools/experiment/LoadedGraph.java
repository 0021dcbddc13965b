package site.ycsbx.tools.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import site.ycsbx.family.WorkloadFamilies;
import site.ycsbx.family.WorkloadFamily;
import site.ycsbx.util.UserError;

/**
 * A run step runs on what the load step before it stored, so the properties that size a LinkBench
 * graph go from that load step to the run steps after it: {@code -p step.load.linkbench.maxid1=N}
 * sizes the requests' graph too (the run's own value, from the file, would name another graph,
 * which the binding's check refuses only when the run cell starts, after every load). A run step's
 * own value given on the command line that differs is refused: the user named two graphs.
 */
final class LoadedGraph {
  /** What sizes the stored data, every family's ({@link WorkloadFamily#loadedShape()}); a run must take the same. */
  static final List<String> KEYS = WorkloadFamilies.all().stream().flatMap(f -> f.loadedShape().stream()).toList();

  private LoadedGraph() {
  }

  /**
   * Sets each run step's graph keys to those of the last load step before it that sets them.
   *
   * @param overrides the command line's -p keys
   * @return a line per run step value replaced, for the console
   */
  static List<String> carry(List<Step> steps, Map<String, String> overrides) {
    return carry(steps, overrides, steps.stream().map(Step::name).collect(java.util.stream.Collectors.toSet()));
  }

  /**
   * As {@link #carry(List, Map)} over every step of the file, those that do not run now
   * ({@code --steps}) included: a load left out still sized the graph the run steps read. Only
   * the steps in {@code running} get a note.
   */
  static List<String> carry(List<Step> steps, Map<String, String> overrides, java.util.Set<String> running) {
    List<String> notes = new ArrayList<>();
    Step load = null;
    for (Step s : steps) {
      if (s.isLoad()) {
        load = s;
        continue;
      }
      if (load == null) {
        continue;
      }
      for (String key : KEYS) {
        String loaded = load.props().get(key);
        String own = s.props().get(key);
        if (loaded == null || loaded.equals(own)) {
          continue;
        }
        String runKey = "step." + s.name() + "." + key;
        String loadKey = "step." + load.name() + "." + key;
        if (own != null && overrides.containsKey(runKey)) {
          throw new UserError("experiment file: " + runKey + "=" + own + " (-p) differs from " + loadKey + "=" + loaded
              + ": step " + s.name() + " runs on the graph step " + load.name() + " loads; give both the same value, or"
              + " only " + loadKey);
        }
        s.props().put(key, loaded);
        if (own != null && running.contains(s.name())) {
          notes.add("step " + s.name() + " runs on the graph step " + load.name() + " loads: " + key + "=" + loaded
              + " (" + loadKey + "), not the file's " + own);
        }
      }
    }
    return notes;
  }
}
