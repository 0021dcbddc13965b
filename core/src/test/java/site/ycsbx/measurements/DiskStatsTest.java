package site.ycsbx.measurements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.util.UserError;

@Tag("fast")
class DiskStatsTest {
  // major minor name reads merged sectors-read ms writes merged sectors-written ...
  private static final String STATS =
      " 253       0 vda 100 0 2000 50 300 0 4000 60 0 70 110 0 0 0 0\n"
      + " 253       1 vda1 90 0 1800 40 290 0 3900 50 0 60 90 0 0 0 0\n"
      + "   7       0 loop0 1 0 8 0 0 0 0 0 0 0 0 0 0 0 0\n"
      + " 259       0 nvme0n1 5 0 10 1 7 0 1000 2 0 3 3 0 0 0 0\n";

  private static String stats(long vdaReads, long vdaRead, long vdaWritten, long vda1Written, long nvmeWritten) {
    return " 253       0 vda " + vdaReads + " 0 " + vdaRead + " 50 300 0 " + vdaWritten + " 60 0 70 110 0 0 0 0\n"
        + " 253       1 vda1 90 0 1800 40 290 0 " + vda1Written + " 50 0 60 90 0 0 0 0\n"
        + "   7       0 loop0 1 0 8 0 0 0 999999 0 0 0 0 0 0 0 0\n"
        + (nvmeWritten < 0 ? "" : " 259       0 nvme0n1 5 0 10 1 7 0 " + nvmeWritten + " 2 0 3 3 0 0 0 0\n");
  }

  @Test
  void sumsTheCountersOfTheChosenDisksFromWhenItWasMade(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("diskstats");
    Files.writeString(f, STATS);
    DiskStats all = DiskStats.forDevices(f, List.of("nvme0n1", "vda"), "ycsbx.disks", "");
    DiskStats vda = DiskStats.forDevices(f, List.of("vda"), "ycsbx.disks", "/dev/vda");
    assertEquals(List.of("nvme0n1", "vda"), all.devices());
    assertEquals(0, all.bytesWritten(), "counts from its creation");
    // vda: 10 reads, 80 sectors read, 600 written; vda1 (a partition of it) and loop0 grow too
    Files.writeString(f, stats(110, 2080, 4600, 4500, 1100));
    assertEquals(new DiskStats.Counters(10, 80, 700), all.counters());
    assertEquals((600 + 100) * 512L, all.bytesWritten());
    assertEquals(600 * 512L, vda.bytesWritten(), "the partition is not added to its disk");
  }

  @Test
  void aCounterThatWrapsOrADiskThatComesBackNeverGoesBack(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("diskstats");
    long nearWrap = (1L << 32) - 100;
    Files.writeString(f, stats(100, 2000, nearWrap, 0, 1000));
    DiskStats d = DiskStats.forDevices(f, List.of("nvme0n1", "vda"), "ycsbx.disks", "");
    Files.writeString(f, stats(100, 2000, 50, 0, 1000)); // a 32-bit counter wrapped: +150
    assertEquals(150, d.counters().sectorsWritten());
    Files.writeString(f, stats(100, 2000, 60, 0, -1)); // nvme0n1 detached
    assertEquals(160, d.counters().sectorsWritten());
    Files.writeString(f, stats(100, 2000, 70, 0, 40)); // back, counting from 0: its 40 is the baseline
    assertEquals(170, d.counters().sectorsWritten());
    Files.writeString(f, stats(100, 2000, 70, 0, 45));
    assertEquals(175, d.counters().sectorsWritten());
    long big = 1L << 40; // a 64-bit counter far above 2^32 that drops was reset: counts from 0
    Files.writeString(f, stats(100, 2000, big, 0, 45));
    long before = d.counters().sectorsWritten();
    Files.writeString(f, stats(100, 2000, 10, 0, 45));
    assertEquals(before + 10, d.counters().sectorsWritten());
  }

  @Test
  void unknownDiskIsOneLineNamingTheDisks(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("diskstats");
    Files.writeString(f, STATS);
    UserError e = assertThrows(UserError.class, () -> DiskStats.forDevices(f, List.of("vda"), "iibench.disks", "sdz"));
    assertEquals("iibench.disks: unknown disk sdz; disks here: vda", e.getMessage());
    // a partition is taken when named
    assertEquals(List.of("vda1"), DiskStats.forDevices(f, List.of("vda"), "ycsbx.disks", "vda1").devices());
  }

  @Test
  void iibenchDisksIsAnAliasOfYcsbxDisks() {
    String disk = DiskStats.forDevices("ycsbx.disks", "").devices().get(0);
    Properties p = new Properties();
    p.setProperty("iibench.disks", disk);
    assertEquals(List.of(disk), DiskStats.forRun(p).devices());
    p.setProperty("ycsbx.disks", "/dev/" + disk);
    assertEquals(List.of(disk), DiskStats.forRun(p).devices(), "the same disks spelt two ways agree");
    p.setProperty("iibench.disks", disk + ",loop0");
    UserError e = assertThrows(UserError.class, () -> DiskStats.forRun(p));
    assertEquals("ycsbx.disks=/dev/" + disk + " and iibench.disks=" + disk + ",loop0 disagree; iibench.disks is an"
        + " alias of ycsbx.disks: give one of them", e.getMessage());
  }

  @Test
  void thisHostsPhysicalDisksAreFoundWithoutLoopOrZramDevicesOrPartitions() throws Exception {
    DiskStats d = DiskStats.forDevices("ycsbx.disks", "");
    assertEquals(false, d.devices().isEmpty(), "this Linux host has a disk");
    for (String dev : d.devices()) {
      // /sys/block lists whole disks only (no partitions); virtual devices have no device link
      assertEquals(true, Files.exists(Path.of("/sys/block", dev, "device")), dev);
      assertEquals(false, dev.matches("(loop|zram|ram|dm-|md).*"), dev);
    }
    long before = d.bytesWritten();
    Path f = Files.createTempFile("ycsbx-disk", ".bin");
    Files.write(f, new byte[1 << 20], java.nio.file.StandardOpenOption.SYNC);
    Files.delete(f);
    assertEquals(true, d.bytesWritten() >= before, "a counter of bytes written never goes back");
  }
}
