package site.ycsbx.workloads;

import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import site.ycsb.DB;
import site.ycsb.WorkloadException;
import site.ycsb.workloads.CoreWorkload;
import site.ycsbx.faults.Deadline;
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
 * {@value CoreWorkload#INSERTION_RETRY_LIMIT} retries, 0 by default): said once, when it happens.</li>
 * </ul>
 */
public class StoppableCoreWorkload extends CoreWorkload {
  private static final AtomicBoolean TOLD = new AtomicBoolean();
  private int retries;

  @Override
  public void init(Properties p) throws WorkloadException {
    super.init(p);
    retries = Integer.parseInt(p.getProperty(INSERTION_RETRY_LIMIT, INSERTION_RETRY_LIMIT_DEFAULT).trim());
    Outages.onGiveUp(this::requestStop);
  }

  /** YCSB's Client calls this once its client threads are done. */
  @Override
  public void cleanup() throws WorkloadException {
    Deadline.clientThreadsDone();
    super.cleanup();
  }

  @Override
  public boolean doInsert(DB db, Object threadstate) {
    boolean ok = super.doInsert(db, threadstate);
    if (!ok && !Outages.hasGivenUp() && TOLD.compareAndSet(false, true)) {
      System.err.println("[YCSB-X] a failed insert ended a load thread (YCSB's CoreWorkload stops a loader thread"
          + " at its first insert that fails " + (retries + 1) + " time" + (retries == 0 ? "" : "s") + "; "
          + INSERTION_RETRY_LIMIT + " and " + INSERTION_RETRY_INTERVAL + " make it retry): that thread's remaining"
          + " rows are not attempted");
    }
    return ok;
  }
}
