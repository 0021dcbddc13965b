package site.ycsbx.tools.experiment;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import site.ycsbx.store.Bindings;
import site.ycsbx.store.DatabaseLock;
import site.ycsbx.store.PreflightOnce;
import site.ycsbx.store.Provides;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.tools.checks.CommandArgs;

/**
 * The experiment's locks on its targets' databases ({@link DatabaseLock}, through each target's
 * binding), taken after the targets' checks and before the first cell, held until the experiment
 * ends: another experiment or client on those databases is refused by its preflight, naming this
 * one. Its own cells carry the holder's token ({@link #arguments}). A target whose binding has no
 * lock is said to be unlocked, once.
 */
final class TargetLocks implements AutoCloseable {
  private final DatabaseLock.Holder holder;
  private final Map<String, DatabaseLock.Held> held = java.util.Collections.synchronizedMap(new LinkedHashMap<>());

  // a stopped experiment (Ctrl-C) lets its databases go before its JVM ends, not when the server sees it gone
  private final Thread atExit = new Thread(this::close, "ycsbx-experiment-locks");

  private TargetLocks(DatabaseLock.Holder holder) {
    this.holder = holder;
    Runtime.getRuntime().addShutdownHook(atExit);
  }

  /** Every target's lock for {@code holder}; the first refusal (a UserError, exit 2) releases those taken. */
  static TargetLocks take(Plan plan, DatabaseLock.Holder holder, PrintStream out, PrintStream err) {
    TargetLocks locks = new TargetLocks(holder);
    try {
      for (Target t : plan.experiment().targets()) {
        DatabaseLock lock = lockOf(t.binding());
        if (lock == null) {
          out.println("[EXPERIMENT] note: target " + t.name() + " is not locked: binding " + t.binding() + " has no"
              + " lock on its database (docs/tools/experiment.md#a-targets-own-tables): another client could work"
              + " there unseen, though rows found in its tables that no cell wrote still mark the cells");
          continue;
        }
        List<String> taken = new ArrayList<>();
        for (Cell c : plan.cells()) {
          if (!c.target().equals(t)) {
            continue;
          }
          Properties props = properties(plan.experiment().arguments(c));
          String what = lock.what(props);
          if (!locks.held.containsKey(what)) {
            DatabaseLock.Held h = lock.take(props, holder, err);
            locks.held.put(what, h);
            taken.add(h.what());
          }
        }
        if (!taken.isEmpty()) {
          out.println("[EXPERIMENT] target " + t.name() + ": locked " + String.join(", ", taken) + " for this experiment");
        }
      }
    } catch (RuntimeException e) {
      locks.close();
      throw e;
    }
    return locks;
  }

  /**
   * Refuses (exit 2, naming the holder) a target whose database someone else holds: before any
   * target's check, which may create a database or run a target's statements.
   */
  static void refuseHeld(Plan plan) {
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (Cell c : plan.cells()) {
      DatabaseLock lock = lockOf(c.target().binding());
      Properties props = lock == null ? null : properties(plan.experiment().arguments(c));
      if (lock != null && seen.add(lock.what(props))) {
        try {
          lock.refuseIfHeld(props);
        } catch (site.ycsbx.util.UserError e) {
          throw new site.ycsbx.util.UserError("target " + c.target().name() + ": " + e.getMessage(), e.exitCode());
        }
      }
    }
  }

  /** What each cell's command line gets: the holder's token, which lets it through the locks. */
  List<String> arguments() {
    return List.of("-p", DatabaseLock.HOLDER_PROPERTY + "=" + holder.token());
  }

  /** The lock of a binding, found as {@code bin/ycsb} finds its preflight; null when it has none. */
  static DatabaseLock lockOf(String binding) {
    Provides p = Bindings.byName(binding).map(b -> StoreRegistry.providesOf(b.className())).orElse(null);
    return p == null ? null : PreflightOnce.instantiate(p.preflight()).databaseLock();
  }

  /** A cell's properties as its {@code bin/ycsb <command> <binding> ...} reads them. */
  static Properties properties(List<String> args) {
    return CommandArgs.parse(args.subList(2, args.size())).props;
  }

  @Override
  public synchronized void close() {
    held.values().forEach(DatabaseLock.Held::close);
    held.clear();
    if (Thread.currentThread() != atExit) {
      try {
        Runtime.getRuntime().removeShutdownHook(atExit);
      } catch (IllegalStateException e) {
        // the JVM is shutting down: the hook runs (it finds nothing left to close)
      }
    }
  }
}
