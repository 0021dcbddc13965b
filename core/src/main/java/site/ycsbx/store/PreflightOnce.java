package site.ycsbx.store;

import java.util.List;
import java.util.Properties;
import site.ycsbx.faults.StartWait;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.util.OwnedProperties;
import site.ycsbx.util.UserError;

/**
 * Runs a binding's {@link Preflight} once per JVM. {@code bin/ycsb} runs it before YCSB's Client
 * starts; under a stock YCSB install the binding's first {@code init()} runs it, and every other
 * thread gets the same outcome.
 */
public final class PreflightOnce {
  private static boolean done;
  private static UserError failure;

  private PreflightOnce() {
  }

  /**
   * Runs the check if no thread has, then prints the fingerprint; rethrows the first run's
   * failure to every caller.
   */
  public static synchronized void run(Class<? extends Preflight> type, Properties props) {
    if (!done) {
      done = true;
      try {
        Fingerprint fp = Fingerprint.current();
        if (fp.get("ycsbx.version") == null) {
          String db = props.getProperty("db", "");
          fp.putClient(props, Bindings.byClassName(db).map(Bindings.Binding::name).orElse(db));
        }
        Preflight p = instantiate(type);
        // bin/ycsb has checked every owner already; under YCSB's stock Client this is the only check
        OwnedProperties.check(props, List.of(p));
        // a server away as the run starts is waited for when the run asks (an experiment's cells do)
        StartWait.run(props, () -> p.check(props, Preflight.Phase.of(props), StoreDemand.of(props), fp), System.err);
        fp.printOnce(System.out);
      } catch (UserError e) {
        failure = e;
      }
    }
    if (failure != null) {
      throw failure;
    }
  }

  /**
   * Forgets the outcome, so the next command in this JVM checks again: for a JVM that runs the
   * launcher's checks more than once (tests run Main.run in-process, one command after another).
   */
  public static synchronized void forget() {
    done = false;
    failure = null;
  }

  /** A new instance of a binding's preflight. */
  public static Preflight instantiate(Class<? extends Preflight> type) {
    try {
      return type.getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("preflight " + type.getName() + " cannot be created", e);
    }
  }
}
