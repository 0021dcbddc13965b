package site.ycsbx.testing;

import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.TimeUnit;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * A stock-style binding (named by its class) that is slow while it warms: every operation in the
 * first {@code warmingdb.ms} milliseconds after the JVM's first operation sleeps 25 ms, later ones
 * 1 ms (about 900 a second: a rate that needs no -target, whose catch-up would hide the ramp), as a
 * server with cold caches and a JIT still compiling would.
 */
public class WarmingDb extends DB {
  private static volatile long firstNanos;

  private void maybeWarm() {
    long now = System.nanoTime();
    synchronized (WarmingDb.class) {
      if (firstNanos == 0) {
        firstNanos = now;
      }
    }
    long warmingMs = Long.parseLong(getProperties().getProperty("warmingdb.ms", "0"));
    try {
      Thread.sleep(now - firstNanos < TimeUnit.MILLISECONDS.toNanos(warmingMs) ? 25 : 1);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    maybeWarm();
    return Status.OK;
  }

  @Override
  public Status scan(String table, String startkey, int recordcount, Set<String> fields,
      Vector<java.util.HashMap<String, ByteIterator>> result) {
    maybeWarm();
    return Status.OK;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    maybeWarm();
    return Status.OK;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    maybeWarm();
    return Status.OK;
  }

  @Override
  public Status delete(String table, String key) {
    maybeWarm();
    return Status.OK;
  }
}
