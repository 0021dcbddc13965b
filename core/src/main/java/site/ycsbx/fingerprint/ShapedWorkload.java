package site.ycsbx.fingerprint;

import java.util.Properties;

/**
 * A workload that says which of its properties shape the work ({@link WorkloadShape#of} asks it):
 * YCSB-X's workloads, through {@code site.ycsbx.workloads.Validating}. Here, beside the
 * fingerprint, so that the fingerprint never reaches up into the workloads.
 */
public interface ShapedWorkload {
  /** The properties that shape the work, with the values used, for the fingerprint. */
  WorkloadShape shape(Properties props);
}
