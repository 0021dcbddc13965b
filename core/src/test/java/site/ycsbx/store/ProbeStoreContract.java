package site.ycsbx.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/**
 * What every binding's {@link ProbeStore} must do, on a real server. A binding's test
 * subclasses this and supplies a store on a fresh, empty database it owns.
 */
public abstract class ProbeStoreContract {
  /** A store on an empty database created for this test. */
  protected abstract ProbeStore store() throws Exception;

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
}
