package site.ycsbx.workloads.iibench;

import org.junit.jupiter.api.Tag;
import site.ycsbx.store.iibench.RowBatch;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

@Tag("fast")
class RowGeneratorTest {
  @Test
  void valuesFollowTheSpecRanges() {
    RowBatch b = new RowBatch(20_000, 0);
    new RowGenerator(7, () -> 123_456L, 10, 90).fill(b, 20_000);
    assertEquals(20_000, b.size());
    Set<Integer> registers = new HashSet<>();
    for (int i = 0; i < b.size(); i++) {
      assertEquals(123_456L, b.dateAndTime(i));
      assertTrue(b.cashRegisterId(i) >= 0 && b.cashRegisterId(i) < 1000);
      assertTrue(b.customerId(i) >= 0 && b.customerId(i) < 100_000);
      assertTrue(b.productId(i) >= 0 && b.productId(i) < 10_000);
      double low = b.customerId(i) / 100.0;
      assertTrue(b.price(i) >= low && b.price(i) < low + 5.0, "price = (u*500 + customerid)/100");
      registers.add(b.cashRegisterId(i));
    }
    assertEquals(1000, registers.size(), "uniform over all 1000 registers");
  }

  @Test
  void paddingHasTheLengthAndCompressibleShare() {
    RowBatch b = new RowBatch(100, 2);
    new RowGenerator(1, () -> 0L, 200, 90).fill(b, 100);
    Set<String> distinct = new HashSet<>();
    for (int f = 0; f < 2; f++) {
      for (int i = 0; i < 100; i++) {
        String p = b.padding(f, i);
        assertEquals(200, p.length());
        assertTrue(p.endsWith("x".repeat(180)), "90% one repeated character");
        distinct.add(p);
      }
    }
    assertTrue(distinct.size() > 190, "the random part differs from row to row: " + distinct.size());
  }

  @Test
  void sameSeedSameRows() {
    RowBatch a = new RowBatch(50, 1);
    RowBatch b = new RowBatch(50, 1);
    new RowGenerator(99, () -> 5L, 20, 50).fill(a, 50);
    new RowGenerator(99, () -> 5L, 20, 50).fill(b, 50);
    for (int i = 0; i < 50; i++) {
      assertEquals(a.price(i), b.price(i));
      assertEquals(a.padding(0, i), b.padding(0, i));
    }
  }
}
