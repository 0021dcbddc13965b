package site.ycsbx.tools.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The rates earlier experiments measured on this host, for the estimate of a first run: the
 * finished cells of the experiment folders beside this one (the {@code --out} folder's parent) and
 * under {@code runs/}, each as its family's count (the {@code [HEADLINE]} rows, nodes or files; a
 * YCSB load's records, a run's operations) over its seconds. The nearest cell wins: the same step
 * and target of an experiment of the same name, else the same family, phase and binding, else the
 * same family and phase; of those, one at the same thread count, the latest.
 */
final class MeasuredRates {
  /** No earlier measurement: the estimate falls back on the documented rates. */
  static final MeasuredRates NONE = new MeasuredRates(List.of());
  /** Folders read at most, the most recently written first: a long-lived runs/ stays quick to plan. */
  private static final int FOLDERS = 30;
  private static final ObjectMapper JSON = new ObjectMapper();

  /** One finished cell of an earlier experiment, as a rate. */
  record Measured(String experiment, Path folder, String cell, String step, String target, int threads, String phase,
      String binding, String family, String unit, double count, double seconds, long endMs) {
    double perSecond() {
      return count / seconds;
    }

    /** Where the rate comes from, for the plan. */
    String source() {
      return String.format(Locale.ROOT, "measured on this host: cell %s of %s, %s %s in %s s", cell, folder,
          PlannedWork.grouped(Math.round(count)), unit, StepTable.number(seconds));
    }
  }

  private final List<Measured> cells;

  private MeasuredRates(List<Measured> cells) {
    this.cells = cells;
  }

  /** The cells of the experiment folders beside {@code out} and under {@code runs}. */
  static MeasuredRates near(Path out, Path runs) {
    Set<Path> roots = new LinkedHashSet<>();
    Path parent = out.toAbsolutePath().getParent();
    if (parent != null) {
      roots.add(parent);
    }
    roots.add(runs.toAbsolutePath());
    List<Path> folders = new ArrayList<>();
    for (Path root : roots) {
      if (!Files.isDirectory(root)) {
        continue;
      }
      try (Stream<Path> s = Files.list(root)) {
        s.filter(d -> Files.isRegularFile(d.resolve(Ledger.FILE)) && Files.isRegularFile(d.resolve(Ledger.NAME_FILE)))
            .forEach(folders::add);
      } catch (IOException e) {
        // a folder that cannot be listed has no rate to give
      }
    }
    folders.sort(Comparator.comparing(MeasuredRates::modified).reversed());
    List<Measured> cells = new ArrayList<>();
    for (Path f : folders.subList(0, Math.min(FOLDERS, folders.size()))) {
      read(f, cells);
    }
    return new MeasuredRates(cells);
  }

  /** The nearest earlier cell to {@code c} measured in {@code w}'s unit, or null. */
  Measured find(String experiment, Cell c, PlannedWork w) {
    String phase = c.step().command();
    List<java.util.function.Predicate<Measured>> levels = List.of(
        m -> m.experiment().equals(experiment) && m.step().equals(c.step().name())
            && m.target().equals(c.target().name()),
        m -> m.family().equals(w.family()) && m.phase().equals(phase) && m.binding().equals(c.target().binding()),
        m -> m.family().equals(w.family()) && m.phase().equals(phase));
    for (java.util.function.Predicate<Measured> level : levels) {
      // at the cell's thread count when there is one, else the latest
      Measured best = cells.stream().filter(m -> m.unit().equals(w.unit())).filter(level)
          .max(Comparator.comparingInt((Measured m) -> m.threads() == c.threads() ? 1 : 0)
              .thenComparingLong(Measured::endMs)).orElse(null);
      if (best != null) {
        return best;
      }
    }
    return null;
  }

  private static void read(Path folder, List<Measured> out) {
    try {
      String experiment = Files.readString(folder.resolve(Ledger.NAME_FILE)).trim();
      Ledger ledger = Ledger.open(folder, experiment);
      for (Ledger.Entry e : ledger.entries().values()) {
        if (e.status() != Ledger.Status.OK) {
          continue;
        }
        Measured m = cell(experiment, folder, e.cell());
        if (m != null) {
          out.add(m);
        }
      }
    } catch (IOException | RuntimeException e) {
      // a folder that cannot be read has no rate to give
    }
  }

  private static Measured cell(String experiment, Path folder, String id) throws IOException {
    String[] parts = id.split("\\.");
    Path json = folder.resolve(Ledger.CELLS).resolve(id).resolve("result.json");
    if (parts.length != 4 || !parts[2].matches("t\\d{1,6}") || !Files.isRegularFile(json)) {
      return null;
    }
    JsonNode r = JSON.readTree(json.toFile());
    String family = PlannedWork.family(r.path("workload").asText(""));
    if (family == null) {
      return null;
    }
    String phase = r.path("phase").asText("");
    JsonNode headline = r.path("headline");
    String unit = null;
    for (String u : List.of("rows", "nodes", "files")) {
      if (headline.path(u).asDouble(0) > 0) {
        unit = u;
        break;
      }
    }
    double count;
    double seconds;
    if (unit != null && headline.path("secs").asDouble(0) > 0) {
      count = headline.path(unit).asDouble();
      seconds = headline.path("secs").asDouble();
    } else {
      unit = phase.equals("load") && family.equals("ycsb") ? "records" : "operations";
      count = r.path("overall").path("operations").asDouble(0);
      seconds = r.path("overall").path("runtime_ms").asDouble(0) / 1000.0;
    }
    if (count <= 0 || seconds <= 0) {
      return null;
    }
    return new Measured(experiment, folder, id, parts[0], parts[1], Integer.parseInt(parts[2].substring(1)), phase, r.path("binding").asText(""), family, unit,
        count, seconds, r.path("end_ms").asLong(0));
  }

  private static long modified(Path folder) {
    try {
      return Files.getLastModifiedTime(folder.resolve(Ledger.FILE)).toMillis();
    } catch (IOException e) {
      return 0;
    }
  }
}
