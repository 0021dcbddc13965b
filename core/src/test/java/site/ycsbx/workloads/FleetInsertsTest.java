package site.ycsbx.workloads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.CoreWorkload;
import site.ycsbx.tools.clients.ClientSlice;

/**
 * Workload d (5% inserts, reads of the latest keys) from three clients in one shared table: each
 * client's new keys land in its own range, none collides with another's or with a loaded key,
 * and every read finds its key. The clients run in this JVM, one after the other, each with the
 * properties bin/ycsb gives it.
 */
@Tag("fast")
class FleetInsertsTest {
  private static final int RECORDS = 300;
  private static final int OPS = 400;

  /** One table for every client; what each inserted, and reads that found nothing. */
  static final class Table extends DB {
    static final Map<String, Integer> ROWS = new ConcurrentHashMap<>();
    final int client;
    final Set<String> inserted = new HashSet<>();
    int reads;
    int misses;

    Table(int client) {
      this.client = client;
    }

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
      reads++;
      if (!ROWS.containsKey(key)) {
        misses++;
        return Status.NOT_FOUND;
      }
      return Status.OK;
    }

    @Override
    public Status scan(String table, String startkey, int n, Set<String> fields,
        Vector<HashMap<String, ByteIterator>> result) {
      return Status.OK;
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
      return ROWS.containsKey(key) ? Status.OK : Status.NOT_FOUND;
    }

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
      if (ROWS.putIfAbsent(key, client) != null) {
        return Status.ERROR; // a duplicate key, as a primary key would refuse it
      }
      inserted.add(key);
      return Status.OK;
    }

    @Override
    public Status delete(String table, String key) {
      return Status.OK;
    }
  }

  private static Properties workloadD(boolean run) {
    Properties p = new Properties();
    p.setProperty("recordcount", String.valueOf(RECORDS));
    p.setProperty("operationcount", String.valueOf(OPS));
    p.setProperty("readproportion", "0.9");
    p.setProperty("updateproportion", "0");
    p.setProperty("insertproportion", "0.1");
    p.setProperty("requestdistribution", "latest");
    p.setProperty("fieldcount", "1");
    p.setProperty("fieldlength", "8");
    p.setProperty("dotransactions", String.valueOf(run));
    return p;
  }

  @Test
  void threeClientsInsertTheirOwnKeysAndReadOnlyKeysThatExist() throws Exception {
    Measurements.setProperties(new Properties());
    Table.ROWS.clear();
    Table loader = new Table(-1);
    CoreWorkload load = new StoppableCoreWorkload();
    load.init(workloadD(false));
    for (int i = 0; i < RECORDS; i++) {
      assertTrue(load.doInsert(loader, null));
    }
    Set<String> loaded = Set.copyOf(Table.ROWS.keySet());
    Table[] clients = new Table[3];
    for (int c = 0; c < 3; c++) {
      Properties p = workloadD(true);
      p.setProperty(ClientSlice.CLIENTS_PROPERTY, "3");
      p.setProperty(ClientSlice.CLIENT_PROPERTY, String.valueOf(c));
      ClientSlice.read(p).properties(CoreWorkload.class, p, false).forEach(p::setProperty);
      CoreWorkload w = new StoppableCoreWorkload();
      w.init(p);
      clients[c] = new Table(c);
      for (int i = 0; i < OPS; i++) {
        assertTrue(w.doTransaction(clients[c], null), "client " + c + " operation " + i);
      }
    }
    Set<String> all = new HashSet<>();
    int inserted = 0;
    for (Table t : clients) {
      assertTrue(t.inserted.size() > 10, "client " + t.client + " inserted " + t.inserted.size());
      inserted += t.inserted.size();
      all.addAll(t.inserted);
      assertEquals(0, t.misses, "client " + t.client + ": reads of keys never inserted, of " + t.reads);
    }
    assertEquals(inserted, all.size(), "no two clients inserted the same key");
    all.retainAll(loaded);
    assertEquals(Set.of(), all, "no new key is a loaded one");
    assertEquals(RECORDS + inserted, Table.ROWS.size());
  }
}
