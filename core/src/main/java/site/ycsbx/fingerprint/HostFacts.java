package site.ycsbx.fingerprint;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The client host's memory, kernel, CPU model and disks, for the fingerprint: a published table
 * says what machine drove it (and, for a local server, ran it). Read from /proc and /sys; an entry
 * that cannot be read is "unknown", never a guess.
 */
public final class HostFacts {
  public static final String MEMORY = "client.memory_gb";
  public static final String KERNEL = "client.kernel";
  public static final String CPU = "client.cpu";
  public static final String DISKS = "client.disks";
  static final String UNKNOWN = "unknown";
  private static final Path MEMINFO = Path.of("/proc/meminfo");
  private static final Path CPUINFO = Path.of("/proc/cpuinfo");
  private static final Path SYS_BLOCK = Path.of("/sys/block");

  private HostFacts() {
  }

  /** Adds the host's entries to {@code fp}. */
  static void put(Fingerprint fp) {
    fp.put(MEMORY, memoryGb(MEMINFO));
    fp.put(KERNEL, System.getProperty("os.name") + " " + System.getProperty("os.version"));
    fp.put(CPU, cpu(CPUINFO));
    fp.put(DISKS, disks(SYS_BLOCK));
  }

  /** MemTotal in GB to one decimal; unknown when the file has none. */
  static String memoryGb(Path meminfo) {
    try (Stream<String> lines = Files.lines(meminfo)) {
      return lines.filter(l -> l.startsWith("MemTotal:")).findFirst()
          .map(l -> String.format(Locale.ROOT, "%.1f", Long.parseLong(l.replaceAll("\\D", "")) / 1024.0 / 1024.0))
          .orElse(UNKNOWN);
    } catch (IOException | RuntimeException e) {
      return UNKNOWN;
    }
  }

  /** The first CPU's model name. */
  static String cpu(Path cpuinfo) {
    try (Stream<String> lines = Files.lines(cpuinfo)) {
      return lines.filter(l -> l.startsWith("model name")).findFirst()
          .map(l -> l.substring(l.indexOf(':') + 1).trim()).orElse(UNKNOWN);
    } catch (IOException | RuntimeException e) {
      return UNKNOWN;
    }
  }

  /**
   * The whole disks backed by a device ({@code vda 256 GB non-rotational, sdb 4000 GB rotational}):
   * /sys/block's entries with a {@code device} link, as DiskStats counts them; size from 512-byte
   * sectors, the kind in the kernel's word ({@code queue/rotational}: a virtual disk may say
   * rotational over an SSD).
   */
  static String disks(Path sysBlock) {
    List<String> out = new ArrayList<>();
    try (Stream<Path> s = Files.list(sysBlock)) {
      for (Path p : s.filter(p -> Files.exists(p.resolve("device"))).sorted().toList()) {
        String size = read(p.resolve("size"));
        String rot = read(p.resolve("queue/rotational"));
        String gb = size == null ? "?" : String.format(Locale.ROOT, "%.0f GB", Long.parseLong(size) * 512 / 1e9);
        out.add(p.getFileName() + " " + gb + (rot == null ? "" : rot.equals("0") ? " non-rotational" : " rotational"));
      }
    } catch (IOException | RuntimeException e) {
      return UNKNOWN;
    }
    return out.isEmpty() ? UNKNOWN : String.join(", ", out);
  }

  private static String read(Path p) {
    try {
      return Files.readString(p).trim();
    } catch (IOException e) {
      return null;
    }
  }
}
