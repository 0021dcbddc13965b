package site.ycsbx.workloads;

import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import site.ycsb.DB;
import site.ycsb.WorkloadException;
import site.ycsb.workloads.CoreWorkload;
import site.ycsbx.faults.Outages;

/**
 * YCSB's CoreWorkload, unchanged, with two additions for runs that meet a failing server.
 * {@code bin/ycsb} hands it to YCSB's Client in place of {@code site.ycsb.workloads.CoreWorkload}.
 *
 * <ul>
 * <li>When a binding gives up on its server ({@code ycsbx.reconnect.giveupseconds}), the run
 * stops: YCSB's client threads check {@link #isStopRequested()} before each operation, so the
 * operations left are never attempted (the error table counts them) instead of each failing at
 * once.</li>
 * <li>YCSB's load ends a client thread at its first failed insert (after
 * {@value #RETRY_LIMIT_PROPERTY} retries, 0 by default): said once, when it happens.</li>
 * </ul>
 */
public class StoppableCoreWorkload extends CoreWorkload {
  /** YCSB's retries of a failed insert in a load. */
  public static final String RETRY_LIMIT_PROPERTY = "core_workload_insertion_retry_limit";
  /** YCSB's wait between those retries, in seconds. */
  public static final String RETRY_INTERVAL_PROPERTY = "core_workload_insertion_retry_interval";

  private static final AtomicBoolean TOLD = new AtomicBoolean();
  private int retries;

  @Override
  public void init(Properties p) throws WorkloadException {
    super.init(p);
    retries = Integer.parseInt(p.getProperty(RETRY_LIMIT_PROPERTY, "0").trim());
    Outages.onGiveUp(this::requestStop);
  }

  @Override
  public boolean doInsert(DB db, Object threadstate) {
    boolean ok = super.doInsert(db, threadstate);
    if (!ok && !Outages.hasGivenUp() && TOLD.compareAndSet(false, true)) {
      System.err.println("[YCSB-X] a failed insert ended a load thread (YCSB's CoreWorkload stops a loader thread"
          + " at its first insert that fails " + (retries + 1) + " time" + (retries == 0 ? "" : "s") + "; "
          + RETRY_LIMIT_PROPERTY + " and " + RETRY_INTERVAL_PROPERTY + " make it retry): that thread's remaining"
          + " rows are not attempted");
    }
    return ok;
  }
}
