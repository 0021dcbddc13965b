package site.ycsbx.fingerprint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The host's memory, CPU and disks as /proc and /sys give them; unknown, never a guess, where they do not. */
@Tag("fast")
class HostFactsTest {
  @Test
  void readsMemoryCpuAndWholeDisks(@TempDir Path tmp) throws Exception {
    Path meminfo = Files.writeString(tmp.resolve("meminfo"), "MemTotal:       24684096 kB\nMemFree: 1 kB\n");
    assertEquals("23.5", HostFacts.memoryGb(meminfo));
    Path cpuinfo = Files.writeString(tmp.resolve("cpuinfo"), "processor\t: 0\nmodel name\t: AMD EPYC 7B13\n");
    assertEquals("AMD EPYC 7B13", HostFacts.cpu(cpuinfo));
    Path block = tmp.resolve("block");
    for (String d : new String[] {"vda", "sdb", "loop0"}) {
      Files.createDirectories(block.resolve(d).resolve("queue"));
    }
    // loop0 has no device link: not a disk of its own
    for (String[] d : new String[][] {{"vda", "536870912", "0"}, {"sdb", "7814037168", "1"}}) {
      Files.createDirectories(block.resolve(d[0]).resolve("device"));
      Files.writeString(block.resolve(d[0]).resolve("size"), d[1] + "\n");
      Files.writeString(block.resolve(d[0]).resolve("queue/rotational"), d[2] + "\n");
    }
    assertEquals("sdb 4001 GB rotational, vda 275 GB non-rotational", HostFacts.disks(block));
  }

  @Test
  void whatCannotBeReadIsUnknown(@TempDir Path tmp) {
    assertEquals(HostFacts.UNKNOWN, HostFacts.memoryGb(tmp.resolve("none")));
    assertEquals(HostFacts.UNKNOWN, HostFacts.cpu(tmp.resolve("none")));
    assertEquals(HostFacts.UNKNOWN, HostFacts.disks(tmp.resolve("none")));
    assertTrue(new Fingerprint().putClient(new java.util.Properties(), "basic").get(HostFacts.KERNEL)
        .startsWith(System.getProperty("os.name")));
  }
}
