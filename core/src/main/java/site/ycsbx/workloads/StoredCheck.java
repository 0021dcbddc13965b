package site.ycsbx.workloads;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import site.ycsbx.store.StoreException;

/**
 * What {@code bin/ycsb verify} found when it compared the data already stored with what the
 * generator of the given properties makes. Printed in the order a reader needs: what is checked,
 * in neutral words ({@code checking ...}), then the mismatches (the first {@value #LISTED} listed,
 * the rest counted), then one line that concludes, with what the check covered and, when it
 * sampled, that it sampled and how to cover everything.
 */
public final class StoredCheck {
  /** Mismatches listed one by one; beyond these, only counted. */
  public static final int LISTED = 20;
  /**
   * Set by {@code verify --full}: every family checks all of its data instead of a sample. A
   * family's own sample-size property still works; this one overrides it.
   */
  public static final String FULL = "verify.full";

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

  /**
   * A family whose check runs on one of its stores: {@code bin/ycsb verify} opens a store of its
   * own ({@link FreshStore}) for it and closes it after.
   *
   * @param <S> the store interface
   */
  public interface OnStore<S> extends Verifiable {
    /** The store interface the check takes. */
    Class<S> storeType();

    /** Compares the data on {@code store} with the generator's for these properties; reads only. */
    StoredCheck verifyStored(Properties props, S store) throws StoreException;

    @Override
    default StoredCheck verifyStored(Properties props) throws Exception {
      try (FreshStore<S> fresh = FreshStore.open(props, storeType())) {
        return verifyStored(props, fresh.store());
      }
    }
  }

  private final String tag;
  private final List<String> checking = new ArrayList<>();
  private final List<String> listed = new ArrayList<>();
  private final List<String> covered = new ArrayList<>();
  private String sampleNote;
  private long found;

  /** @param tag the lines' prefix, e.g. {@code IIBENCH-VERIFY} */
  public StoredCheck(String tag) {
    this.tag = tag;
  }

  /**
   * What is compared, in neutral words (a plan, not a finding), e.g. "sbtest1..sbtest4: rows with
   * ids 1..10000 once each, the k index against the table"; printed before any mismatch.
   */
  public StoredCheck checking(String what) {
    checking.add(what);
    return this;
  }

  /** What was read to the end, for the concluding line, e.g. "4 tables, 40000 rows". */
  public StoredCheck covered(String what) {
    covered.add(what);
    return this;
  }

  /**
   * The check read a sample, not everything: {@code what} says what fraction (e.g. "1000 of 10000
   * users (10%)"), {@code howAll} how to cover all (e.g. "--full"). The concluding line says so.
   */
  public StoredCheck sampled(String what, String howAll) {
    sampleNote = "sampled " + what + "; " + howAll + " checks all";
    return this;
  }

  public boolean isSampled() {
    return sampleNote != null;
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

  public List<String> checkingLines() {
    return List.copyOf(checking);
  }

  /**
   * The lines before the conclusion: what is checked, the listed mismatches, how many more. The
   * conclusion ({@link #conclusion()}) is the caller's last line.
   */
  public void print(PrintStream out) {
    String p = "[" + tag + "] ";
    checking.forEach(c -> out.println(p + "checking " + c));
    listed.forEach(m -> out.println(p + "MISMATCH " + m));
    if (found > listed.size()) {
      out.println(p + "... and " + (found - listed.size()) + " more");
    }
  }

  /**
   * The one line that concludes, e.g. "OK: 4 tables, 40000 rows" or "FAILED: 3 mismatches in 4
   * tables, 40000 rows (listed above)"; a sampled check adds what it sampled and how to check all.
   */
  public String conclusion() {
    String what = covered.isEmpty() ? "" : String.join(", ", covered);
    String sample = sampleNote == null ? "" : (what.isEmpty() ? "" : "; ") + sampleNote;
    if (found == 0) {
      return "OK" + (what.isEmpty() && sample.isEmpty() ? "" : ": " + what + sample);
    }
    return "FAILED: " + found + (found == 1 ? " mismatch" : " mismatches") + " (listed above)"
        + (what.isEmpty() && sample.isEmpty() ? "" : " in " + what + sample);
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
