package site.ycsbx.workloads;

import java.util.Properties;

/**
 * A workload whose load can or cannot run again on what the last load left (a load sweep runs it
 * once per point). One that writes fixed ids says why not, and which setting makes it repeatable.
 */
public interface RepeatableLoad {
  /** Why a second load with these properties would fail or mix graphs; null when it can repeat. */
  String whyLoadCannotRepeat(Properties props);
}
