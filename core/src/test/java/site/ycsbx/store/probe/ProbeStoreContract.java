package site.ycsbx.store.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;
import site.ycsbx.store.StoreContract;

/**
 * What every binding's {@link ProbeStore} must do, on a real server. A binding's test
 * subclasses this and supplies its DB on a fresh, empty database it owns.
 */
public abstract class ProbeStoreContract extends StoreContract<ProbeStore> {
  protected ProbeStoreContract() {
    super(ProbeStore.class);
  }

  @Test
  void putThenGetReturnsTheValue() throws Exception {
    ProbeStore s = store();
    s.prepare();
    s.put(1, 7);
    s.put(2, 14);
    assertEquals(7L, s.get(1));
    assertEquals(14L, s.get(2));
  }

  @Test
  void missingKeyIsNull() throws Exception {
    ProbeStore s = store();
    s.prepare();
    assertNull(s.get(42));
  }

  @Test
  void putReplacesAndCountCountsRows() throws Exception {
    ProbeStore s = store();
    s.prepare();
    assertEquals(0, s.count());
    s.put(5, 1);
    s.put(5, 2);
    s.put(6, 3);
    assertEquals(2, s.count());
    assertEquals(2L, s.get(5));
  }

  @Test
  void prepareTwiceKeepsRows() throws Exception {
    ProbeStore s = store();
    s.prepare();
    s.put(9, 63);
    s.prepare();
    assertEquals(1, s.count());
    assertEquals(63L, s.get(9));
  }

  @Test
  void storesOfTwoThreadsSeeTheSameTable() throws Exception {
    ProbeStore a = store();
    a.prepare();
    a.put(3, 21);
    ProbeStore b = store();
    b.prepare();
    assertEquals(21L, b.get(3), "a second store on the same database reads the first one's rows");
  }
}
