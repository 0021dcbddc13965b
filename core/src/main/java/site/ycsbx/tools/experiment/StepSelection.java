package site.ycsbx.tools.experiment;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import site.ycsbx.util.OwnedProperties;
import site.ycsbx.util.UserError;

/**
 * The steps that run: the file's {@code steps=}, or a subset the command line names with
 * {@code --steps a,b} (in the file's order) or {@code -p steps=a,b} (in the order given), with the
 * steps they cannot run without added and said: a run step that goes count by count with a load
 * ({@code after=LOAD}) gets its load. A run step whose loads do not run runs on what they stored
 * before, and the console says so.
 */
final class StepSelection {
  static final String OPTION = "--steps";

  private StepSelection() {
  }

  /**
   * @param declared the file's steps=, in its order (empty when the file has none)
   * @param fromP the value of {@code -p steps=}, or null
   * @param option the names {@code --steps} gives, or null
   * @param keys the experiment's keys after variables (a step's {@code command} and {@code after})
   * @param notes what the console says about the selection
   */
  static List<String> select(List<String> declared, List<String> fromP, List<String> option, Map<String, String> keys,
      List<String> notes) {
    if (fromP != null && option != null) {
      throw new UserError(OPTION + " and -p steps= both name the steps that run: give one");
    }
    List<String> asked = option != null ? option : fromP;
    if (asked == null) {
      return declared;
    }
    String how = option != null ? OPTION + " " + String.join(",", option) : "-p steps=" + String.join(",", fromP);
    for (String s : asked) {
      boolean defined = keys.containsKey("step." + s + ".command");
      if (!declared.contains(s) && !(fromP != null && defined)) {
        String near = OwnedProperties.suggestion(s, new LinkedHashSet<>(declared));
        throw new UserError(how + ": no step '" + s + "'" + (near == null ? "" : " (did you mean " + near + "?)")
            + "; the file's steps: " + String.join(",", declared));
      }
    }
    List<String> chosen = new ArrayList<>(option != null ? declared.stream().filter(asked::contains).toList() : asked);
    for (int i = 0; i < chosen.size(); i++) {
      String s = chosen.get(i);
      String load = keys.get("step." + s + "." + PairedSteps.AFTER);
      if (load != null && !load.isEmpty() && !chosen.contains(load) && keys.containsKey("step." + load + ".command")) {
        chosen.add(i, load);
        notes.add(how + ": added step " + load + ": step " + s + " goes count by count with it (step." + s + "."
            + PairedSteps.AFTER + "=" + load + ")");
        i++;
      }
    }
    Set<String> running = new LinkedHashSet<>(chosen);
    for (String s : chosen) {
      // the loads left out since the last load that runs before it
      List<String> before = loadsBefore(s, declared, keys);
      int lastRunning = -1;
      for (int i = 0; i < before.size(); i++) {
        lastRunning = running.contains(before.get(i)) ? i : lastRunning;
      }
      List<String> loads = before.subList(lastRunning + 1, before.size());
      if ("run".equals(keys.get("step." + s + ".command")) && !loads.isEmpty()) {
        notes.add(how + ": step " + s + " runs on the data already stored (the load step" + (loads.size() == 1 ? " " : "s ")
            + String.join(", ", loads) + " before it in the file do" + (loads.size() == 1 ? "es" : "") + " not run now)");
      }
    }
    return List.copyOf(chosen);
  }

  private static List<String> loadsBefore(String step, List<String> declared, Map<String, String> keys) {
    int at = declared.indexOf(step);
    List<String> out = new ArrayList<>();
    for (int i = 0; i < at; i++) {
      if ("load".equals(keys.get("step." + declared.get(i) + ".command"))) {
        out.add(declared.get(i));
      }
    }
    return out;
  }
}
