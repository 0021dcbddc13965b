package site.ycsbx.measurements;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import site.ycsbx.util.UserError;

/**
 * Bytes written to this host's disks, from {@code /proc/diskstats} (sectors written x 512), as
 * the published runs measured with iostat while the database ran beside the client.
 */
public final class DiskStats {
  private static final Path DISKSTATS = Path.of("/proc/diskstats");
  private static final Path SYS_BLOCK = Path.of("/sys/block");
  private static final int SECTOR_BYTES = 512;

  private final Path source;
  private final List<String> devices;

  DiskStats(Path source, List<String> devices) {
    this.source = source;
    this.devices = List.copyOf(devices);
  }

  /**
   * The devices named in {@code spec} (comma-separated), or every physical disk when blank;
   * an unknown name is a {@link UserError}. Null when this host has no /proc/diskstats.
   */
  public static DiskStats forDevices(String property, String spec) {
    if (!Files.isReadable(DISKSTATS)) {
      if (spec != null && !spec.isBlank()) {
        throw new UserError(property + "=" + spec + " needs /proc/diskstats, which this host does not have");
      }
      return null;
    }
    return forDevices(DISKSTATS, physicalDisks(), property, spec);
  }

  static DiskStats forDevices(Path diskstats, List<String> physical, String property, String spec) {
    Map<String, Long> now = read(diskstats);
    List<String> chosen = new ArrayList<>();
    if (spec == null || spec.isBlank()) {
      physical.stream().filter(now::containsKey).forEach(chosen::add);
    } else {
      for (String d : spec.split(",")) {
        String name = d.trim().replaceFirst("^/dev/", "");
        if (!now.containsKey(name)) {
          throw new UserError(property + ": unknown disk " + d.trim() + "; disks here: "
              + String.join(", ", physical.isEmpty() ? now.keySet() : physical));
        }
        chosen.add(name);
      }
    }
    return new DiskStats(diskstats, chosen);
  }

  /** The devices summed. */
  public List<String> devices() {
    return devices;
  }

  /** Bytes written so far to the chosen devices. */
  public long bytesWritten() {
    Map<String, Long> now = read(source);
    long sum = 0;
    for (String d : devices) {
      sum += now.getOrDefault(d, 0L);
    }
    return sum;
  }

  // device -> bytes written
  private static Map<String, Long> read(Path diskstats) {
    Map<String, Long> out = new TreeMap<>();
    try {
      for (String line : Files.readAllLines(diskstats)) {
        String[] f = line.trim().split("\\s+");
        if (f.length >= 10) {
          out.put(f[2], Long.parseLong(f[9]) * SECTOR_BYTES);
        }
      }
    } catch (IOException | NumberFormatException e) {
      throw new IllegalStateException("cannot read " + diskstats + ": " + e.getMessage(), e);
    }
    return out;
  }

  // whole disks backed by a device (not loop, ram, dm or md devices, which would double count)
  private static List<String> physicalDisks() {
    List<String> out = new ArrayList<>();
    try (Stream<Path> s = Files.list(SYS_BLOCK)) {
      s.filter(p -> Files.exists(p.resolve("device"))).map(p -> p.getFileName().toString()).sorted().forEach(out::add);
    } catch (IOException e) {
      return out;
    }
    return out;
  }
}
