package site.ycsbx.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import site.ycsbx.fingerprint.Fingerprint;

/** The fingerprint a run printed at its start, read back from its stdout as YCSB-X's own readers do. */
public final class PrintedFingerprint {
  private PrintedFingerprint() {
  }

  /** The entries of the first printed block; an empty map when there is none. */
  public static Map<String, String> of(String stdout) {
    List<String> lines = stdout.lines().toList();
    int start = lines.indexOf("[FINGERPRINT]");
    if (start < 0) {
      return Map.of();
    }
    List<String> block = new ArrayList<>();
    for (String l : lines.subList(start + 1, lines.size())) {
      if (!l.startsWith("  ")) {
        break;
      }
      block.add(l);
    }
    Map<String, String> out = Fingerprint.parse(block);
    if (out == null) {
      throw new AssertionError("not a printed fingerprint: " + block);
    }
    return out;
  }
}
