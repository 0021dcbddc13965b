package site.ycsbx.measurements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.util.UserError;

class DiskStatsTest {
  private static final String STATS =
      " 253       0 vda 100 0 2000 50 300 0 4000 60 0 70 110 0 0 0 0\n"
      + " 253       1 vda1 90 0 1800 40 290 0 3900 50 0 60 90 0 0 0 0\n"
      + "   7       0 loop0 1 0 8 0 0 0 0 0 0 0 0 0 0 0 0\n"
      + " 259       0 nvme0n1 5 0 10 1 7 0 1000 2 0 3 3 0 0 0 0\n";

  @Test
  void sumsSectorsWrittenOfTheChosenDisks(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("diskstats");
    Files.writeString(f, STATS);
    DiskStats all = DiskStats.forDevices(f, List.of("nvme0n1", "vda"), "iibench.disks", "");
    assertEquals(List.of("nvme0n1", "vda"), all.devices());
    assertEquals((4000 + 1000) * 512L, all.bytesWritten());
    assertEquals(4000 * 512L, DiskStats.forDevices(f, List.of("vda"), "iibench.disks", "/dev/vda").bytesWritten());
  }

  @Test
  void unknownDiskIsOneLineNamingTheDisks(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("diskstats");
    Files.writeString(f, STATS);
    UserError e = assertThrows(UserError.class, () -> DiskStats.forDevices(f, List.of("vda"), "iibench.disks", "sdz"));
    assertEquals("iibench.disks: unknown disk sdz; disks here: vda", e.getMessage());
  }

  @Test
  void thisHostsPhysicalDisksAreFoundWithoutLoopOrZramDevices() throws Exception {
    DiskStats d = DiskStats.forDevices("iibench.disks", "");
    assertEquals(false, d.devices().isEmpty(), "this Linux host has a disk");
    for (String dev : d.devices()) {
      assertEquals(false, dev.startsWith("loop") || dev.startsWith("zram") || dev.startsWith("ram"), dev);
    }
    long before = d.bytesWritten();
    Path f = Files.createTempFile("ycsbx-disk", ".bin");
    Files.write(f, new byte[1 << 20], java.nio.file.StandardOpenOption.SYNC);
    Files.delete(f);
    assertEquals(true, d.bytesWritten() >= before, "a counter of bytes written never goes back");
  }
}
