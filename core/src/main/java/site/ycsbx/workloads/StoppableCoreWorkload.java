package site.ycsbx.workloads;

import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import site.ycsb.DB;
import site.ycsb.WorkloadException;
import site.ycsb.workloads.CoreWorkload;
import site.ycsbx.faults.Deadline;
import site.ycsbx.faults.Outages;

/**
 * YCSB's CoreWorkload, unchanged, with two additions for runs that meet a failing server and one
 * for run-phase inserts from several clients.
 * {@code bin/ycsb} hands it to YCSB's Client in place of {@code site.ycsb.workloads.CoreWorkload}.
 *
 * <ul>
 * <li>When a binding gives up on its server ({@code ycsbx.reconnect.giveupseconds}), the run
 * stops: YCSB's client threads check {@link #isStopRequested()} before each operation, so the
 * operations left are never attempted (the error table counts them) instead of each failing at
 * once.</li>
 * <li>YCSB's load ends a client thread at its first failed insert (after
 * {@value CoreWorkload#INSERTION_RETRY_LIMIT} retries, 0 by default): said once, when it happens.</li>
 * <li>A run with inserts as client i of N ({@code ycsbx.clients}; workloads d and e): every
 * client's CoreWorkload numbers its new keys from recordcount, so bin/ycsb gives client i a key
 * range of its own as {@code insertstart}/{@code insertcount} (the run phase's CoreWorkload would
 * read them as the key space of its reads: it gets the whole loaded key space instead) and each
 * new key number k, from recordcount up, becomes key {@code insertstart + k - recordcount}. Reads
 * of new keys ({@code requestdistribution=latest}) read the client's own, through the same map.</li>
 * </ul>
 */
public class StoppableCoreWorkload extends CoreWorkload {
  private static final AtomicBoolean TOLD = new AtomicBoolean();
  private int retries;
  // the first key of this client's own range for new keys in a run, -1: YCSB's numbering
  private long newKeyStart = -1;

  @Override
  public void init(Properties p) throws WorkloadException {
    Properties own = p;
    if (Boolean.parseBoolean(p.getProperty("dotransactions", "true")) && ClientShare.of(p).clients() > 1
        && p.getProperty(INSERT_START_PROPERTY) != null) {
      newKeyStart = Long.parseLong(p.getProperty(INSERT_START_PROPERTY).trim());
      own = new Properties();
      for (String k : p.stringPropertyNames()) {
        own.setProperty(k, p.getProperty(k));
      }
      own.remove(INSERT_START_PROPERTY);
      own.remove(INSERT_COUNT_PROPERTY);
    }
    super.init(own);
    retries = Integer.parseInt(p.getProperty(INSERTION_RETRY_LIMIT, INSERTION_RETRY_LIMIT_DEFAULT).trim());
    Outages.onGiveUp(this::requestStop);
  }

  /** Key {@code keynum}, a new key's number moved into this client's own range. */
  @Override
  protected String buildKeyName(long keynum) {
    return super.buildKeyName(newKeyStart >= 0 && keynum >= recordcount ? newKeyStart + keynum - recordcount : keynum);
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
