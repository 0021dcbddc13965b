package site.ycsbx.workloads;

import java.util.Properties;
import site.ycsbx.fingerprint.ShapedWorkload;
import site.ycsbx.fingerprint.WorkloadShape;
import site.ycsbx.util.PropertyOwner;

/**
 * A workload whose properties can be checked without side effects. {@code bin/ycsb} calls it
 * before YCSB's Client starts, so a bad value is one line and exit 2 (the stock Client prints a
 * stack trace and exits 0 when {@code Workload.init()} throws).
 */
public interface Validating extends PropertyOwner, ShapedWorkload {
  /** Throws {@link site.ycsbx.util.UserError} naming the property and what it accepts. */
  void validate(Properties props);

  /** The properties that shape the work, with the values used, for the fingerprint; none unless told. */
  @Override
  default WorkloadShape shape(Properties props) {
    return new WorkloadShape();
  }
}
