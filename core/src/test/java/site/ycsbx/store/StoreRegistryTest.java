package site.ycsbx.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsb.WorkloadException;

/** A store offered lazily is built on the taking thread, once, and only when taken. */
@Tag("fast")
class StoreRegistryTest {
  @AfterEach
  void clear() {
    StoreRegistry.clear();
  }

  @Test
  void aLazyStoreIsBuiltOnlyWhenTakenAndOnce() throws Exception {
    AtomicInteger builtA = new AtomicInteger();
    AtomicInteger builtB = new AtomicInteger();
    StoreRegistry.offerLazily(StringBuilder.class, () -> {
      builtA.incrementAndGet();
      return new StringBuilder("a");
    });
    StoreRegistry.offerLazily(Integer.class, () -> builtB.incrementAndGet());
    assertEquals(0, builtA.get());
    StringBuilder first = StoreRegistry.take(StringBuilder.class);
    assertSame(first, StoreRegistry.take(StringBuilder.class));
    assertEquals(1, builtA.get());
    assertEquals(0, builtB.get(), "a family the workload does not take is never built");
  }

  @Test
  void aStoreThatCannotBeBuiltFailsTheTakeInOneLine() {
    StoreRegistry.offerLazily(StringBuilder.class, () -> {
      throw new IllegalStateException("no connection");
    });
    WorkloadException e = assertThrows(WorkloadException.class, () -> StoreRegistry.take(StringBuilder.class));
    assertEquals("cannot create the binding's StringBuilder: no connection", e.getMessage());
  }

  @Test
  void nothingOfferedSaysSo() {
    WorkloadException e = assertThrows(WorkloadException.class, () -> StoreRegistry.take(StringBuilder.class));
    assertEquals("the binding offered no StringBuilder on this thread (did its init() fail?)", e.getMessage());
  }
}
