package site.ycsbx.tools;

import java.io.PrintStream;
import java.util.List;
import java.util.Properties;
import java.util.Set;

/**
 * A workload file's {@code maxexecutiontime} bounds its runs, not its loads. The shipped sysbench
 * and filemeta files carry their runs' time (sysbench's --time=10), and the same file loads the
 * tables: under YCSB's rule a 16 x 10M-row load stopped after 10 s, exit 0, with a tenth of a table
 * and no index. A load stops at a time limit only when the command line gives it ({@code -p}).
 */
final class LoadTimeLimit {
  static final String PROPERTY = "maxexecutiontime";

  private LoadTimeLimit() {
  }

  /**
   * For a load: sets {@value #PROPERTY} to 0 in {@code props} and for YCSB's Client when it came
   * from a workload file, and says so in one line; leaves a {@code -p} one alone.
   */
  static void applyTo(Properties props, Set<String> explicit, List<String> clientArgs, PrintStream out) {
    String fromFile = props.getProperty(PROPERTY, "0").trim();
    if (explicit.contains(PROPERTY) || fromFile.isEmpty() || Long.parseLong(fromFile) == 0) {
      return;
    }
    props.setProperty(PROPERTY, "0");
    clientArgs.add("-p");
    clientArgs.add(PROPERTY + "=0");
    out.println("[YCSB-X] load: the workload file's " + PROPERTY + "=" + fromFile + " bounds its runs; this load"
        + " runs to its last row (-p " + PROPERTY + "=" + fromFile + " bounds a load)");
  }
}
