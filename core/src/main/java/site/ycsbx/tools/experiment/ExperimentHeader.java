package site.ycsbx.tools.experiment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import site.ycsbx.report.PageHeader;
import site.ycsbx.report.ReportHtml;

/**
 * The experiment's header ({@link PageHeader}): its purpose (the file's first sentence), when it ran
 * and for how long, the versions, the host, the server each target ran on and what its check
 * expected, what every target shared, the command line and the verdict ({@link ExperimentVerdict}).
 * The facts come from the cells' fingerprints; what is not known yet (no cell has a run folder) says so.
 */
final class ExperimentHeader {
  private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT)
      .withZone(ZoneOffset.UTC);
  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm", Locale.ROOT)
      .withZone(ZoneOffset.UTC);
  static final String NOT_YET = "not known yet: no cell has a run folder";
  /** Groups of the fingerprint whose shared entries the header lists as the targets' shared settings. */
  private static final List<String> SHARED_GROUPS = List.of("server", "durability");

  private ExperimentHeader() {
  }

  /**
   * The header. {@code fps}: each target's first fingerprint by name; {@code span}: the first cell's
   * start and the last's end in ms (null before any); {@code command}: the arguments as given.
   */
  static PageHeader of(Experiment e, String purpose, List<String> command, List<Outcome> outcomes,
      Map<String, Map<String, String>> fps, long[] span, int cells) {
    PageHeader.Builder b = PageHeader.builder(purpose);
    long ok = outcomes.stream().filter(Outcome::ok).count();
    if (span != null) {
      b.fact(PageHeader.DATE, "Date", DAY.format(Instant.ofEpochMilli(span[0])) + " to "
          + TIME.format(Instant.ofEpochMilli(span[1])) + " UTC");
      b.fact(PageHeader.DURATION, "Duration", String.format(Locale.ROOT, "%s from the first cell's start to the last"
          + " one's end; %d of %d cells finished", duration((span[1] - span[0]) / 1000), ok, cells));
    } else {
      b.fact(PageHeader.DATE, "Date", NOT_YET);
    }
    Map<String, String> shared = PageHeader.shared(fps.values());
    b.client(shared);
    if (fps.isEmpty()) {
      // before any run folder: this JVM's own version, and the host not known yet
      b.fact(PageHeader.YCSBX_VERSION, "YCSB-X", site.ycsbx.fingerprint.Fingerprint.version());
      b.fact(PageHeader.HOST, "Host", NOT_YET);
    }
    if (!fps.isEmpty() && !shared.containsKey("ycsbx.version")) {
      // cells of a continued experiment ran on another build: each target's
      List<String> versions = new ArrayList<>();
      fps.forEach((n, fp) -> versions.add(n + ": " + fp.getOrDefault("ycsbx.version", "not in its fingerprint")));
      b.fact(PageHeader.YCSBX_VERSION, "YCSB-X", String.join("; ", versions));
    }
    if (!fps.isEmpty() && PageHeader.host(shared) == null) {
      // the targets' cells ran on different hosts: each its own
      List<String> hosts = new ArrayList<>();
      fps.forEach((n, fp) -> hosts.add(n + ": " + PageHeader.host(fp)));
      b.fact(PageHeader.HOST, "Host", String.join("; ", hosts));
    }
    b.fact(PageHeader.SERVER, "Server", server(fps, shared));
    fps.forEach((n, fp) -> b.fact("target." + n, "Target " + n, target(e, n, fp, shared)));
    Map<String, String> settings = new LinkedHashMap<>();
    ReportHtml.groups(shared).forEach((g, kv) -> {
      if (SHARED_GROUPS.contains(g)) {
        kv.forEach((k, v) -> {
          if (!k.equals("server.version") && !k.equals("server.product")) {
            settings.put(k, v);
          }
        });
      }
    });
    if (!settings.isEmpty() && fps.size() > 1) {
      b.fact("shared", "Every target", String.join(", ", settings.entrySet().stream().map(x -> x.getKey() + "="
          + x.getValue()).toList()));
    }
    b.fact(PageHeader.COMMAND, "Command", command.isEmpty() ? null : PageHeader.command(command));
    ExperimentVerdict.sentences(e, outcomes).forEach(b::verdict);
    return b.build();
  }

  private static String server(Map<String, Map<String, String>> fps, Map<String, String> shared) {
    if (fps.isEmpty()) {
      return NOT_YET;
    }
    String one = PageHeader.server(shared);
    if (one != null) {
      return one + (fps.size() > 1 ? " (every target)" : "");
    }
    List<String> each = new ArrayList<>();
    fps.forEach((n, fp) -> each.add(n + ": " + java.util.Objects.requireNonNullElse(PageHeader.server(fp),
        "version not in its fingerprint")));
    return String.join("; ", each);
  }

  /** A target's line: its engine and binding, its server when the targets' differ, what its check expected. */
  private static String target(Experiment e, String name, Map<String, String> fp, Map<String, String> shared) {
    Target t = e.targets().stream().filter(x -> x.name().equals(name)).findFirst().orElseThrow();
    List<String> parts = new ArrayList<>();
    String engine = fp.get("storage.engine");
    parts.add((engine == null ? "" : engine + ", ") + "binding " + t.binding());
    if (PageHeader.server(shared) == null && PageHeader.server(fp) != null) {
      parts.add(PageHeader.server(fp));
    }
    if (!t.expect().isEmpty()) {
      parts.add("checked " + String.join(", ", t.expect().entrySet().stream().map(x -> x.getKey() + "=" + x.getValue())
          .toList()));
    }
    return String.join("; ", parts);
  }

  static String duration(long secs) {
    return secs >= 3600 ? String.format(Locale.ROOT, "%d h %d min", secs / 3600, secs % 3600 / 60)
        : secs >= 60 ? String.format(Locale.ROOT, "%d min %d s", secs / 60, secs % 60) : secs + " s";
  }

  /**
   * The purpose: the experiment file's first sentence, from the comment lines it starts with; null when it
   * has none.
   */
  static String purpose(Path file) {
    try {
      StringBuilder sb = new StringBuilder();
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        if (!line.startsWith("#")) {
          break;
        }
        sb.append(line.substring(1).strip()).append(' ');
        int end = sb.indexOf(". ");
        if (end > 0) {
          return sb.substring(0, end + 1);
        }
      }
      String all = sb.toString().strip();
      return all.isEmpty() ? null : all;
    } catch (IOException | RuntimeException ex) {
      return null;
    }
  }
}
