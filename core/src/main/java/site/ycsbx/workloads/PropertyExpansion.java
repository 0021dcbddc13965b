package site.ycsbx.workloads;

import java.util.Map;
import java.util.Properties;

/**
 * A workload that reads a file of settings named by one of its properties (linkbench's
 * {@code linkbench.config}, a LinkBench properties file). bin/ycsb expands it before YCSB's Client
 * starts, so that its values sit between the workload files and the command line: {@code -p} and
 * {@code -threads} win over the file, the file wins over {@code -P} files. Under YCSB's own Client
 * the workload reads the file itself.
 */
public interface PropertyExpansion {
  /**
   * The properties the file sets, YCSB's Client's own among them (threadcount, operationcount,
   * maxexecutiontime, target), or an empty expansion when the property is not given.
   *
   * @param props the properties as resolved so far (files and command line)
   */
  Expansion expand(Properties props);

  /**
   * @param property the property naming the file (replaced by the expansion)
   * @param values what the file sets
   * @param note one line for the user on what was read and what was not, or null
   */
  record Expansion(String property, Map<String, String> values, String note) {
    public static Expansion none() {
      return new Expansion(null, Map.of(), null);
    }
  }
}
