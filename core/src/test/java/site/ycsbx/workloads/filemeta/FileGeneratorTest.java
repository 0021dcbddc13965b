package site.ycsbx.workloads.filemeta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.store.filemeta.FileRow;
import site.ycsbx.workloads.Zipf;
import site.ycsbx.workloads.filemeta.FileMetaSettings.Distribution;

/** The generated files have the spec's shape, and are a function of the seed and the id. */
@Tag("fast")
class FileGeneratorTest {
  private static final int N = 200_000;

  @Test
  void filesHaveTheSpecsShape() {
    FileGenerator g = new FileGenerator(1, 1000, Distribution.ZIPFIAN, 0.99);
    int deleted = 0;
    Set<Integer> servers = new HashSet<>();
    Set<Integer> lengths = new HashSet<>();
    for (long id = 0; id < N; id++) {
      FileRow f = g.file(id);
      assertEquals(id, f.id());
      int len = f.path().length();
      assertTrue(len >= 32 && len <= 128, f.path());
      assertTrue(f.path().chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '/' || c == '_'), f.path());
      lengths.add(len);
      assertTrue(f.serverId() >= 0 && f.serverId() <= 32, f.toString());
      servers.add(f.serverId());
      assertTrue(f.created() <= f.lastUpdated(), f.toString());
      assertTrue(f.lastUpdated() <= FileGenerator.LOAD_TIME, f.toString());
      assertTrue(f.created() > FileGenerator.LOAD_TIME - 3651 * 86_400L, f.toString());
      assertTrue(f.size() >= 0 && f.size() < FileGenerator.MAX_SIZE);
      assertTrue(f.userId() >= 0 && f.userId() < 1000);
      deleted += f.deleted() ? 1 : 0;
    }
    assertEquals(97, lengths.size(), "every length 32..128");
    assertEquals(33, servers.size(), "every server 0..32");
    assertEquals(0.01, deleted / (double) N, 0.001, "1% deleted");
  }

  @Test
  void theSameSeedAndIdGiveTheSameFileAndAnotherSeedAnotherOne() {
    FileGenerator a = new FileGenerator(7, 500, Distribution.ZIPFIAN, 0.99);
    FileGenerator b = new FileGenerator(7, 500, Distribution.ZIPFIAN, 0.99);
    FileGenerator c = new FileGenerator(8, 500, Distribution.ZIPFIAN, 0.99);
    for (long id : new long[] {0, 1, 999, Long.MAX_VALUE / 3}) {
      assertEquals(a.file(id), b.file(id));
      assertNotEquals(a.file(id).path(), c.file(id).path());
    }
  }

  @Test
  void zipfianOwnersPileOnTheFirstUsersAndUniformOnesDoNot() {
    int users = 1000;
    long[] zipf = new long[users];
    long[] uniform = new long[users];
    FileGenerator z = new FileGenerator(3, users, Distribution.ZIPFIAN, 0.99);
    FileGenerator u = new FileGenerator(3, users, Distribution.UNIFORM, 0.99);
    for (long id = 0; id < N; id++) {
      zipf[(int) z.userOf(id)]++;
      uniform[(int) u.userOf(id)]++;
    }
    double first = new Zipf(users, 0.99).probability(0);
    assertEquals(first, zipf[0] / (double) N, 0.01, "user 0's share as Zipf's law says");
    assertTrue(zipf[0] > zipf[1] && zipf[1] > zipf[10] && zipf[10] > zipf[500], "decreasing with the rank");
    long max = 0;
    long min = Long.MAX_VALUE;
    for (long n : uniform) {
      max = Math.max(max, n);
      min = Math.min(min, n);
    }
    assertTrue(min > 120 && max < 290, "about 200 files each: " + min + ".." + max);
  }

  @Test
  void oneUserOwnsEverything() {
    FileGenerator g = new FileGenerator(0, 1, Distribution.ZIPFIAN, 0.99);
    for (long id = 0; id < 1000; id++) {
      assertEquals(0, g.userOf(id));
    }
  }
}
