package site.ycsbx.workloads;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * What {@code bin/ycsb verify} found when it compared the data already stored with what the
 * generator of the given properties makes: what it compared (one line each) and the mismatches,
 * the first {@value #LISTED} listed, the rest counted.
 */
public final class StoredCheck {
  /** Mismatches listed one by one; beyond these, only counted. */
  public static final int LISTED = 20;

  /** A workload family whose stored data {@code bin/ycsb verify} can check. */
  public interface Verifiable {
    /**
     * Compares the data stored for these properties with the generator's, on a store of its own;
     * reads only. The binding's preflight has passed (the tables exist and have the family's shape).
     *
     * @param props the command's properties, as for a run ({@code dotransactions=true})
     * @throws Exception when the store cannot be opened or read (nothing was compared to the end)
     */
    StoredCheck verifyStored(Properties props) throws Exception;
  }

  private final String tag;
  private final List<String> compared = new ArrayList<>();
  private final List<String> listed = new ArrayList<>();
  private long found;

  /** @param tag the lines' prefix, e.g. {@code IIBENCH-VERIFY} */
  public StoredCheck(String tag) {
    this.tag = tag;
  }

  /** One line of what was compared, e.g. "purchases_index: 200000 rows, 200000 expected". */
  public StoredCheck compared(String what) {
    compared.add(what);
    return this;
  }

  public StoredCheck mismatch(String what) {
    found++;
    if (listed.size() < LISTED) {
      listed.add(what);
    }
    return this;
  }

  /** Mismatches found by a check that keeps its own list (linkbench's GraphCheck). */
  public StoredCheck mismatches(long count, List<String> first) {
    for (String m : first) {
      if (listed.size() < LISTED) {
        listed.add(m);
      }
    }
    found += count;
    return this;
  }

  public long found() {
    return found;
  }

  public List<String> listed() {
    return List.copyOf(listed);
  }

  public List<String> comparedLines() {
    return List.copyOf(compared);
  }

  /** The lines: what was compared, the verdict, the listed mismatches, how many more. */
  public void print(PrintStream out) {
    String p = "[" + tag + "] ";
    compared.forEach(c -> out.println(p + c));
    out.println(p + (found == 0 ? "OK: the stored data agrees with the generator" : found + " MISMATCHES"));
    listed.forEach(m -> out.println(p + "MISMATCH " + m));
    if (found > listed.size()) {
      out.println(p + "... and " + (found - listed.size()) + " more");
    }
  }

  /**
   * The properties as a load of them sees them: the generator's view of what a load stored
   * ({@code recordcount}, not {@code operationcount}), for settings classes that read the phase.
   */
  public static Properties asLoad(Properties props) {
    Properties p = new Properties();
    p.putAll(props);
    p.setProperty("dotransactions", "false");
    return p;
  }
}
