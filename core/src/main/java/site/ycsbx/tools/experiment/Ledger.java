package site.ycsbx.tools.experiment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import site.ycsbx.util.UserError;

/**
 * The experiment folder's record of finished cells ({@code ledger.tsv}, one line appended per
 * cell as it ends), which lets the same command continue where a stopped experiment stopped. The
 * last line of a cell wins: a cell run again after a failure is judged by its last run.
 */
final class Ledger {
  static final String FILE = "ledger.tsv";
  static final String NAME_FILE = "experiment.name";
  static final String CELLS = "cells";
  private static final String HEADER = "# cell\tdefinition\tstatus\texit\tseconds";

  enum Status { OK, FAILED, INTERRUPTED, NOT_RUN }

  record Entry(String cell, String definition, Status status, int exitCode, double seconds, String why) {
  }

  private final Path dir;
  private final Map<String, Entry> entries;

  private Ledger(Path dir, Map<String, Entry> entries) {
    this.dir = dir;
    this.entries = entries;
  }

  /**
   * The ledger of {@code dir} for experiment {@code name}; empty when the folder is new. A folder
   * that holds another experiment, or files that are not an experiment's, is refused: nothing in
   * it is overwritten.
   */
  static Ledger open(Path dir, String name) {
    Map<String, Entry> entries = new LinkedHashMap<>();
    if (!Files.exists(dir)) {
      return new Ledger(dir, entries);
    }
    if (!Files.isDirectory(dir)) {
      throw new UserError("--out " + dir + " is a file, not a folder");
    }
    Path nameFile = dir.resolve(NAME_FILE);
    try {
      if (!Files.exists(nameFile)) {
        try (Stream<Path> s = Files.list(dir)) {
          if (s.findAny().isPresent()) {
            throw new UserError("--out " + dir + " holds files but no experiment (" + NAME_FILE + "); choose an empty or"
                + " a new folder");
          }
        }
        return new Ledger(dir, entries);
      }
      String held = Files.readString(nameFile, StandardCharsets.UTF_8).trim();
      if (!held.equals(name)) {
        throw new UserError("--out " + dir + " holds experiment '" + held + "', not '" + name + "'; choose another folder");
      }
      Path file = dir.resolve(FILE);
      if (Files.exists(file)) {
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
          if (line.isBlank() || line.startsWith("#")) {
            continue;
          }
          String[] f = line.split("\t", 6);
          if (f.length < 5) {
            continue; // a line cut by a crash while it was written
          }
          entries.put(f[0], new Entry(f[0], f[1], Status.valueOf(f[2]), Integer.parseInt(f[3]),
              Double.parseDouble(f[4]), f.length > 5 ? f[5] : ""));
        }
      }
    } catch (IOException | RuntimeException e) {
      if (e instanceof UserError u) {
        throw u;
      }
      throw new UserError("--out " + dir + ": cannot read its " + FILE + ": " + e.getMessage());
    }
    return new Ledger(dir, entries);
  }

  /** Creates the folder on the first cell of a new experiment. */
  void create(String name) {
    try {
      Files.createDirectories(dir.resolve(CELLS));
      Path nameFile = dir.resolve(NAME_FILE);
      if (!Files.exists(nameFile)) {
        Files.writeString(nameFile, name + "\n", StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(FILE), HEADER + "\n", StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      throw UserError.target("--out " + dir + ": cannot create the experiment's folder: " + e.getMessage());
    }
  }

  Path dir() {
    return dir;
  }

  Path cellDir(Cell c) {
    return dir.resolve(CELLS).resolve(c.id());
  }

  Entry get(Cell c) {
    return entries.get(c.id());
  }

  Map<String, Entry> entries() {
    return entries;
  }

  void record(Entry e) {
    entries.put(e.cell(), e);
    String line = String.join("\t", e.cell(), e.definition(), e.status().name(), String.valueOf(e.exitCode()),
        String.format(Locale.ROOT, "%.1f", e.seconds()), e.why() == null ? "" : e.why().replace('\t', ' ')
            .replace('\n', ' ')) + "\n";
    try {
      Files.writeString(dir.resolve(FILE), line, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException e2) {
      throw UserError.target("cannot write " + dir.resolve(FILE) + ": " + e2.getMessage());
    }
  }

  /** Seconds of the cells that finished before, for the plan's estimate. */
  Map<String, Double> measured() {
    Map<String, Double> out = new LinkedHashMap<>();
    entries.values().stream().filter(e -> e.status() == Status.OK).forEach(e -> out.put(e.cell(), e.seconds()));
    return out;
  }
}
