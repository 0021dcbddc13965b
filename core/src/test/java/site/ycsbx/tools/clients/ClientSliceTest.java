package site.ycsbx.tools.clients;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsb.workloads.CoreWorkload;
import site.ycsbx.family.WorkloadFamilies;
import site.ycsbx.family.WorkloadFamily;
import site.ycsbx.util.UserError;
import site.ycsbx.workloads.iibench.IIBenchWorkload;
import site.ycsbx.workloads.filemeta.FileMetaWorkload;
import site.ycsbx.workloads.linkbench.LinkBenchWorkload;

@Tag("fast")
class ClientSliceTest {
  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  private static String refused(Runnable r) {
    return assertThrows(UserError.class, r::run).getMessage();
  }

  @Test
  void coreLoadSlicesCoverEveryKeyOnce() {
    for (int n : new int[] {1, 2, 3, 7}) {
      Set<Long> keys = new HashSet<>();
      long next = 0;
      for (int i = 0; i < n; i++) {
        Properties p = props("recordcount", "1000", "ycsbx.clients", "" + n, "ycsbx.client", "" + i);
        Map<String, String> set = ClientSlice.read(p).properties(CoreWorkload.class, p, true);
        long start = Long.parseLong(set.get("insertstart"));
        long count = Long.parseLong(set.get("insertcount"));
        assertEquals(next, start, "slices are contiguous");
        for (long k = start; k < start + count; k++) {
          keys.add(k);
        }
        next = start + count;
      }
      assertEquals(1000, keys.size());
      assertEquals(1000, next);
    }
  }

  @Test
  void coreRunKeepsTheWholeKeySpaceAndGivesEachClientItsOwnNewKeys() {
    Properties p = props("recordcount", "1000", "operationcount", "500", "ycsbx.clients", "3", "ycsbx.client", "1",
        "readproportion", "0.5");
    assertEquals(Map.of(), ClientSlice.read(p).properties(CoreWorkload.class, p, false));
    p.setProperty("insertproportion", "0.05");
    // client 1's new keys: after client 0's 500 (a client inserts at most operationcount keys)
    assertEquals(Map.of("insertstart", "1500", "insertcount", "500"),
        ClientSlice.read(p).properties(CoreWorkload.class, p, false));
    p.setProperty("operationcount", "0");
    assertEquals(Map.of("insertstart", String.valueOf(1000L + Integer.MAX_VALUE), "insertcount",
        String.valueOf(Integer.MAX_VALUE)), ClientSlice.read(p).properties(CoreWorkload.class, p, false));
    p.setProperty("insertstart", "7");
    assertEquals("insertstart=7 conflicts with ycsbx.clients, which sets insertstart for each client; leave insertstart"
        + " out", refused(() -> ClientSlice.read(p).properties(CoreWorkload.class, p, false)));
    p.remove("insertstart");
    // a subclass of the user's numbers its keys as it likes: refused as before
    class Mine extends CoreWorkload {
    }
    assertEquals("ycsbx.clients=3 with insertproportion=0.05: " + Mine.class.getName() + " numbers new keys from"
        + " recordcount in every client, so the clients would insert the same keys; run inserts with one client, or"
        + " with site.ycsb.workloads.CoreWorkload", refused(() -> ClientSlice.read(p).properties(Mine.class, p, false)));
  }

  @Test
  void badInputIsOneLine() {
    assertEquals("ycsbx.clients=3 needs ycsbx.client=<this client's index, 0 to 2>",
        refused(() -> ClientSlice.read(props("ycsbx.clients", "3"))));
    assertEquals("ycsbx.client=1 needs ycsbx.clients=<number of clients>",
        refused(() -> ClientSlice.read(props("ycsbx.client", "1"))));
    assertEquals("ycsbx.client=3 is outside 0 to 2 (0-based, below ycsbx.clients=3)",
        refused(() -> ClientSlice.read(props("ycsbx.clients", "3", "ycsbx.client", "3"))));
    assertEquals("ycsbx.client=one is not a whole number; it accepts 0 to 2",
        refused(() -> ClientSlice.read(props("ycsbx.clients", "3", "ycsbx.client", "one"))));
    Properties p = props("recordcount", "1000", "insertstart", "500", "ycsbx.clients", "2", "ycsbx.client", "0");
    assertEquals("insertstart=500 conflicts with ycsbx.clients, which sets insertstart for each client; leave insertstart"
        + " out", refused(() -> ClientSlice.read(p).properties(CoreWorkload.class, p, true)));
    Properties few = props("recordcount", "2", "ycsbx.clients", "3", "ycsbx.client", "0");
    assertEquals("recordcount=2 cannot be split over ycsbx.clients=3; it needs at least one record per client",
        refused(() -> ClientSlice.read(few).properties(CoreWorkload.class, few, true)));
    Properties lb = props("ycsbx.clients", "2", "ycsbx.client", "0");
    assertEquals("ycsbx.clients=2: " + site.ycsbx.workloads.probe.ProbeWorkload.class.getName() + " cannot be split over"
        + " clients (YCSB's core workloads, iibench, linkbench, filemeta and sysbench can); run it with one client",
        refused(() -> ClientSlice.read(lb).properties(site.ycsbx.workloads.probe.ProbeWorkload.class, lb, true)));
    assertEquals(Map.of(), ClientSlice.read(lb).properties(FileMetaWorkload.class, lb, true));
    // linkbench splits its own chunks and numbers its requesters: no property set for it
    assertEquals(Map.of(), ClientSlice.read(lb).properties(LinkBenchWorkload.class, lb, true));
    assertNull(ClientSlice.read(props("recordcount", "5")));
  }

  @Test
  void iibenchClientsShareTheRows() {
    long sum = 0;
    for (int i = 0; i < 3; i++) {
      Properties p = props("recordcount", "1000", "ycsbx.clients", "3", "ycsbx.client", "" + i);
      sum += Long.parseLong(ClientSlice.read(p).properties(IIBenchWorkload.class, p, true).get("iibench.rows"));
    }
    assertEquals(1000, sum);
    Properties p = props("iibench.rows", "10", "iibench.tableperthread", "true", "ycsbx.clients", "2", "ycsbx.client", "0");
    assertEquals("iibench.tableperthread=true with ycsbx.clients=2: every client would use the same table names; use one"
        + " shared table with several clients", refused(() -> ClientSlice.read(p).properties(IIBenchWorkload.class, p, true)));
  }

  /** Which workloads split, and how, is each family's descriptor's say; one without a split is refused. */
  @Test
  void eachFamilySplitsAsItsDescriptorSays() {
    assertEquals("YCSB's core workloads, iibench, linkbench, filemeta and sysbench", ClientSlice.splitting());
    Properties p = props("recordcount", "1000", "ycsbx.clients", "2", "ycsbx.client", "1");
    for (WorkloadFamily f : WorkloadFamilies.all()) {
      Class<?> w = f.workloadClass();
      if (f.clientSplit().isEmpty()) {
        assertTrue(refused(() -> ClientSlice.read(p).properties(w, p, true)).contains("cannot be split"), f.name());
        continue;
      }
      assertEquals(f.clientSplit().get().properties(w, p, true, 2, 1), ClientSlice.read(p).properties(w, p, true),
          f.name());
    }
    // a subclass of a family's workload is split as the family's
    assertEquals(Map.of("insertstart", "500", "insertcount", "500"),
        ClientSlice.read(p).properties(site.ycsbx.workloads.StoppableCoreWorkload.class, p, true));
  }
}
