package site.ycsbx.tools.experiment;

import java.util.List;
import java.util.Map;

/**
 * One phase applied to every target: {@code load} or {@code run}, the workload's property files
 * and properties, the thread counts (a sweep inside the step when there are several) and repeats.
 */
record Step(String name, String command, List<String> propertyFiles, Map<String, String> props,
    List<Integer> threads, int repeats) {

  boolean isLoad() {
    return command.equals("load");
  }
}
