package site.ycsbx.tools.experiment;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import site.ycsbx.util.UserError;

/**
 * The command line of {@code ycsb experiment}: the file, its folder, what to do ({@code --dry-run}
 * prints the plan, {@code --check} checks every target's server too; neither runs a cell or
 * creates the folder), the steps to run, the cells to run again, the {@code -p} keys in order.
 */
record ExperimentArgs(Path file, Path out, boolean dryRun, boolean check, List<String> steps, Set<String> redo,
    Map<String, String> overrides) {

  static final String USAGE = "experiment FILE [--out DIR] [--dry-run] [--check] [--steps a,b] [--redo CELL]..."
      + " [-p key=value]...";

  static ExperimentArgs parse(List<String> args) {
    Path file = null;
    Path out = null;
    boolean dryRun = false;
    boolean check = false;
    List<String> steps = null;
    Set<String> redo = new LinkedHashSet<>();
    Map<String, String> overrides = new LinkedHashMap<>();
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      switch (a) {
        case "--dry-run" -> dryRun = true;
        case "--check" -> check = true;
        case "--out" -> out = Path.of(value(args, ++i, a));
        case "--redo" -> redo.add(value(args, ++i, a));
        case StepSelection.OPTION -> {
          if (steps != null) {
            throw new UserError(a + " is given twice; name every step once: " + a + " a,b");
          }
          steps = names(value(args, ++i, a));
        }
        case "-p" -> {
          String kv = value(args, ++i, a);
          int eq = kv.indexOf('=');
          if (eq <= 0) {
            throw new UserError("-p " + kv + ": expected key=value (an empty value removes the file's key)");
          }
          overrides.put(kv.substring(0, eq).trim(), kv.substring(eq + 1).trim());
        }
        default -> {
          if (a.startsWith("-") || file != null) {
            throw new UserError("experiment: unexpected argument '" + a + "'; usage: ycsb " + USAGE);
          }
          file = Path.of(a);
        }
      }
    }
    if (file == null) {
      throw new UserError("experiment needs a file; usage: ycsb " + USAGE + " (examples in experiments/)");
    }
    if (!Files.isRegularFile(file)) {
      throw new UserError("experiment file " + file + " does not exist");
    }
    return new ExperimentArgs(file, out, dryRun, check, steps, redo, overrides);
  }

  private static List<String> names(String list) {
    List<String> out = new ArrayList<>();
    for (String s : list.split(",")) {
      String name = s.trim();
      if (name.isEmpty() || out.contains(name)) {
        throw new UserError(StepSelection.OPTION + " " + list + ": each step once, comma-separated (e.g. "
            + StepSelection.OPTION + " load,query)");
      }
      out.add(name);
    }
    return out;
  }

  private static String value(List<String> args, int i, String option) {
    if (i >= args.size()) {
      throw new UserError(option + " needs a value; usage: ycsb " + USAGE);
    }
    return args.get(i);
  }
}
