package site.ycsbx.measurements;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Stream;
import site.ycsbx.family.WorkloadFamilies;
import site.ycsbx.util.UserError;

/**
 * Reads, sectors read and sectors written on this host's chosen disks, from
 * {@code /proc/diskstats}, as iostat shows them while the database runs beside the client. The
 * one reader of these counters: iibench's rounds ({@link #bytesWritten}) and the efficiency
 * sampler ({@link #counters}) both call it. Each instance keeps its own running totals, so a
 * 32-bit counter that wraps, or a disk that disappears and comes back, never makes a total go back.
 */
public final class DiskStats {
  /** The disks whose counters are summed; empty: every physical disk. */
  public static final String DISKS_PROPERTY = "ycsbx.disks";
  private static final Path DISKSTATS = Path.of("/proc/diskstats");
  private static final Path SYS_BLOCK = Path.of("/sys/block");
  private static final int SECTOR_BYTES = 512;
  // /proc/diskstats fields are unsigned long on 64-bit kernels but unsigned int on 32-bit ones
  private static final long WRAP_32 = 1L << 32;

  /** Counters summed over the chosen disks since this instance was made (sectors of 512 bytes). */
  public record Counters(long reads, long sectorsRead, long sectorsWritten) {
  }

  private final Path source;
  private final List<String> devices;
  // device -> last raw fields (reads, sectors read, sectors written); running totals beside them
  private final Map<String, long[]> last = new HashMap<>();
  private final long[] totals = new long[3];

  DiskStats(Path source, List<String> devices) {
    this.source = source;
    this.devices = List.copyOf(devices);
    counters(); // the baseline: totals count from here
  }

  /**
   * The disks the run names in {@value #DISKS_PROPERTY} or a family's alias of it (iibench's older
   * {@code iibench.disks}; both given and different: a {@link UserError}), or every physical disk.
   * Null when this host has no /proc/diskstats. Reads only: safe to call before anything is created.
   */
  public static DiskStats forRun(Properties props) {
    String mine = props.getProperty(DISKS_PROPERTY, "").trim();
    String property = DISKS_PROPERTY;
    String spec = mine;
    for (String name : WorkloadFamilies.aliasesOf(DISKS_PROPERTY)) {
      String alias = props.getProperty(name, "").trim();
      if (!mine.isEmpty() && !alias.isEmpty() && !names(mine).equals(names(alias))) {
        throw new UserError(DISKS_PROPERTY + "=" + mine + " and " + name + "=" + alias + " disagree; "
            + name + " is an alias of " + DISKS_PROPERTY + ": give one of them");
      }
      if (spec.isEmpty() && !alias.isEmpty()) {
        property = name;
        spec = alias;
      }
    }
    return forDevices(property, spec);
  }

  private static List<String> names(String spec) {
    LinkedHashSet<String> out = new LinkedHashSet<>();
    for (String d : spec.split(",")) {
      if (!d.isBlank()) {
        out.add(d.trim().replaceFirst("^/dev/", ""));
      }
    }
    return List.copyOf(out);
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
    Map<String, long[]> now = read(diskstats);
    List<String> chosen = new ArrayList<>();
    if (spec == null || spec.isBlank()) {
      physical.stream().filter(now::containsKey).forEach(chosen::add);
    } else {
      for (String name : names(spec)) {
        if (!now.containsKey(name)) {
          throw new UserError(property + ": unknown disk " + name + "; disks here: "
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

  /** e.g. {@code disks vda (/proc/diskstats)}. */
  public String describe() {
    return devices.isEmpty() ? "no disk found in " + source : "disks " + String.join(",", devices) + " (" + source + ")";
  }

  /** Bytes written to the chosen devices since this instance was made. */
  public long bytesWritten() {
    return counters().sectorsWritten() * SECTOR_BYTES;
  }

  /**
   * The counters of the chosen devices since this instance was made: one read of the file. A
   * raw counter that went back wrapped at 32 bits (when it was below 2^32) or restarted (a disk
   * re-attached: it counts from 0); a disk absent from the file adds nothing until it is back.
   */
  public synchronized Counters counters() {
    Map<String, long[]> now = read(source);
    for (String d : devices) {
      long[] cur = now.get(d);
      if (cur == null) {
        last.remove(d); // gone: when it comes back its counters start from what it shows then
        continue;
      }
      long[] prev = last.put(d, cur);
      if (prev == null) {
        continue;
      }
      for (int i = 0; i < 3; i++) {
        totals[i] += delta(prev[i], cur[i]);
      }
    }
    return new Counters(totals[0], totals[1], totals[2]);
  }

  static long delta(long prev, long cur) {
    if (cur >= prev) {
      return cur - prev;
    }
    return prev < WRAP_32 ? cur + WRAP_32 - prev : cur;
  }

  // device -> {reads completed, sectors read, sectors written} (fields 4, 6 and 10 of a line)
  static Map<String, long[]> read(Path diskstats) {
    Map<String, long[]> out = new TreeMap<>();
    try {
      for (String line : Files.readAllLines(diskstats)) {
        String[] f = line.trim().split("\\s+");
        if (f.length >= 10) {
          out.put(f[2], new long[] {Long.parseLong(f[3]), Long.parseLong(f[5]), Long.parseLong(f[9])});
        }
      }
    } catch (IOException | NumberFormatException e) {
      throw new IllegalStateException("cannot read " + diskstats + ": " + e.getMessage(), e);
    }
    return out;
  }

  /**
   * Whole disks backed by a device: /sys/block lists no partitions, and loop, ram, zram, dm and
   * md devices have no {@code device} link (they would count the same writes twice).
   */
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
