package site.ycsbx.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** A page's absolute paths become the run folder's relative ones or a name; URLs, units and tags stay. */
@Tag("fast")
class LocalPathsTest {
  private static final Path RUN = Path.of("/home/ann/bench/r1");

  @Test
  void aPathInTheRunFolderIsRelativeAndAnotherIsItsName() {
    assertEquals("ycsbx.out=r1", LocalPaths.shown("ycsbx.out=/home/ann/bench/r1", RUN));
    assertEquals("see r1/summary.txt", LocalPaths.shown("see /home/ann/bench/r1/summary.txt", RUN));
    assertEquals("dir=\u2026/postgres-embedded", LocalPaths.shown("dir=/tmp/x/ycsbx-data/postgres-embedded/", RUN));
    assertEquals("-P \u2026/workloada", LocalPaths.shown("-P /work/ycsb/workloads/workloada", RUN));
    assertEquals("<td>\u2026/data</td>", LocalPaths.shown("<td>/var/lib/data</td>", RUN));
    assertEquals("(\u2026/a, \u2026/b)", LocalPaths.shown("(/x/a, /y/b)", RUN));
    // a folder that merely starts like the run folder is not in it
    assertEquals("\u2026/r10", LocalPaths.shown("/home/ann/bench/r10", RUN));
  }

  @Test
  void urlsUnitsAndTagsAreLeftAlone() {
    for (String s : new String[] {"jdbc:mysql://127.0.0.1:3306/ibench?x=1", "mongodb://u:*****@db1:27017/ycsb",
        "<svg xmlns='http://www.w3.org/2000/svg'><path d='M0,0L1,1'/></svg>", "</td></tr>", "rows/s ops/s KB/s us/sy/wa",
        "p50/p99", "a / b"}) {
      assertEquals(s, LocalPaths.shown(s, RUN));
    }
  }
}
