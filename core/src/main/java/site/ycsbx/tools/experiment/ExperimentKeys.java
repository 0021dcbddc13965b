package site.ycsbx.tools.experiment;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import site.ycsbx.util.OwnedProperties;
import site.ycsbx.util.UserError;

/**
 * The keys of an experiment sorted by scope (every cell, a target, a step, a target at a step),
 * and nothing silently ignored: a key that is neither a variable, an experiment key, a target's or
 * a step's own key, nor a property some binding or workload reads is refused in one line with the
 * nearest name ({@code -p scal=1}: did you mean scale?; {@code -p step.load.treads=2}: did you mean
 * step.load.threads?). YCSB would run such a key at the default and say nothing. Keys that reach
 * the cells of a binding or workload class YCSB-X knows no list of are let through: that class
 * may read them. Keys of steps or targets the file declares but the command line leaves out
 * ({@code --steps}, {@code -p steps=}, {@code -p targets=}) are set aside; a {@code -p} key of one
 * is refused, as it would change nothing.
 */
final class ExperimentKeys {
  /** A step's own keys, not properties of a run. */
  static final List<String> STEP_KEYS = List.of("command", "P", "threads", "repeats", PairedSteps.AFTER,
      PairedSteps.EFFICIENCY_THREADS, Step.LATENCY);
  /** Properties the experiment sets for each cell from its own keys: a file's would be overridden. */
  private static final Map<String, String> SET_BY_THE_EXPERIMENT = Map.of("threadcount", "step.NAME.threads",
      "db", "target.NAME.binding", "dotransactions", "step.NAME.command", "ycsbx.out", "--out (a run folder per cell)",
      "ycsbx.report", "bin/ycsb report on a cell's run folder");
  private static final String READERS = "a property any binding or workload reads";

  /** The keys of each scope, in the order of the names. */
  record Scoped(Map<String, String> common, Map<String, Map<String, String>> perTarget,
      Map<String, Map<String, String>> perStep, Map<String, Map<String, Map<String, String>>> perTargetStep) {
  }

  private final KnownProperties known;
  private final Set<String> fromCommandLine;
  private final Set<String> vars;
  private final List<String> declaredTargets;
  private final List<String> targets;
  private final List<String> declaredSteps;
  private final List<String> steps;
  private final Map<String, String> resolved;
  private final Map<String, Boolean> unknownWorkloads = new TreeMap<>();

  ExperimentKeys(KnownProperties known, Set<String> fromCommandLine, Set<String> vars, List<String> declaredTargets,
      List<String> targets, List<String> declaredSteps, List<String> steps, Map<String, String> resolved) {
    this.known = known;
    this.fromCommandLine = fromCommandLine;
    this.vars = vars;
    this.declaredTargets = declaredTargets;
    this.targets = targets;
    this.declaredSteps = declaredSteps;
    this.steps = steps;
    this.resolved = resolved;
  }

  /** The run property a key after {@code target.NAME.} sets, or null for the target's own keys. */
  static String targetProperty(String rest) {
    if (rest.equals("binding") || rest.equals("P") || rest.equals(TargetSwitch.ENABLED) || rest.startsWith("expect.")) {
      return null;
    }
    if (rest.startsWith("step.")) {
      int dot = rest.indexOf('.', 5);
      return dot < 0 ? null : rest.substring(dot + 1);
    }
    return rest;
  }

  /**
   * Every key but the experiment's name, lists and variables, in its scope. Steps the file declares
   * but that do not run keep their keys (a load's graph size goes to the run steps after it).
   */
  Scoped split() {
    Map<String, String> common = new TreeMap<>();
    Map<String, Map<String, String>> perTarget = new LinkedHashMap<>();
    Map<String, Map<String, String>> perStep = new LinkedHashMap<>();
    Map<String, Map<String, Map<String, String>>> perTargetStep = new LinkedHashMap<>();
    targets.forEach(t -> perTarget.put(t, new TreeMap<>()));
    targets.forEach(t -> perTargetStep.put(t, new LinkedHashMap<>()));
    for (String s : union(declaredSteps, steps)) {
      perStep.put(s, new TreeMap<>());
    }
    for (Map.Entry<String, String> e : resolved.entrySet()) {
      String k = e.getKey();
      if (k.equals(ExperimentFile.NAME) || k.equals(ExperimentFile.TARGETS) || k.equals(ExperimentFile.STEPS)) {
        continue;
      }
      if (k.startsWith("target.")) {
        String t = scopeName(k, "target.", ExperimentFile.TARGETS, declaredTargets, targets, false);
        if (t == null) {
          continue;
        }
        String rest = k.substring(("target." + t + ".").length());
        if (rest.startsWith("step.")) {
          targetStep(k, t, rest, e.getValue(), perTargetStep.get(t));
        } else {
          if (targetProperty(rest) != null) {
            property(k, rest, e.getValue(), "not a target key (binding, P, enabled, expect.KEY, step.STEP.KEY) nor "
                + READERS, exemptTarget(t), List.of("target." + t + ".binding", "target." + t + ".P",
                TargetSwitch.key(t)), "target." + t + ".");
          }
          perTarget.get(t).put(rest, e.getValue());
        }
      } else if (k.startsWith("step.")) {
        String s = scopeName(k, "step.", ExperimentFile.STEPS, declaredSteps, steps, true);
        if (s == null) {
          continue;
        }
        String rest = k.substring(("step." + s + ".").length());
        if (!STEP_KEYS.contains(rest)) {
          property(k, rest, e.getValue(), "not a step key (" + String.join(", ", STEP_KEYS) + ") nor " + READERS,
              exemptStep(s), STEP_KEYS.stream().map(x -> "step." + s + "." + x).toList(), "step." + s + ".");
        }
        perStep.get(s).put(rest, e.getValue());
      } else if (k.startsWith("experiment.") || k.equals("target") || k.equals("step") || k.startsWith(ExperimentFile.VAR)) {
        String near = OwnedProperties.suggestion(k, new LinkedHashSet<>(List.of(ExperimentFile.NAME)));
        throw new UserError(origin(k, e.getValue()) + ": unknown key '" + k + "'" + (near == null ? ""
            : " (did you mean " + near + "?)") + "; experiment keys: experiment.name, targets, steps, var.NAME,"
            + " target.NAME.*, step.NAME.*");
      } else {
        List<String> near = new ArrayList<>();
        if (fromCommandLine.contains(k)) {
          near.addAll(vars);
        }
        near.addAll(List.of(ExperimentFile.NAME, ExperimentFile.TARGETS, ExperimentFile.STEPS));
        property(k, k, e.getValue(), "not " + (vars.isEmpty() ? "" : "a variable of the file (" + String.join(", ", vars)
            + "), ") + "an experiment key (experiment.name, targets, steps, target.NAME.*, step.NAME.*) nor " + READERS,
            exemptCommon(), near, "");
        common.put(k, e.getValue());
      }
    }
    return new Scoped(common, perTarget, perStep, perTargetStep);
  }

  private void targetStep(String key, String target, String rest, String value,
      Map<String, Map<String, String>> byStep) {
    String s = scopeName(key, "target." + target + ".step.", ExperimentFile.STEPS, declaredSteps, steps, false);
    if (s == null) {
      return;
    }
    String property = rest.substring(("step." + s + ".").length());
    if (STEP_KEYS.contains(property)) {
      throw new UserError(origin(key, value) + ": a step's " + property + " is the same for every target; set step." + s
          + "." + property);
    }
    property(key, property, value, "not " + READERS, exemptTarget(target) || unknownWorkload(s), List.of(),
        "target." + target + ".step." + s + ".");
    byStep.computeIfAbsent(s, x -> new TreeMap<>()).put(property, value);
  }

  /**
   * The target or step a scoped key names. One the file declares but the command line leaves out:
   * its file keys are set aside (null), or kept when {@code keepDeclared} (a step's: a load left out
   * still sized the data the run steps read). Refused when unknown, or when {@code -p} sets a key of
   * one that does not run.
   */
  private String scopeName(String key, String prefix, String listKey, List<String> declared, List<String> running,
      boolean keepDeclared) {
    int dot = key.indexOf('.', prefix.length());
    String name = dot < 0 ? key.substring(prefix.length()) : key.substring(prefix.length(), dot);
    String kind = listKey.equals(ExperimentFile.TARGETS) ? "target" : "step";
    if (!running.contains(name)) {
      if (declared.contains(name) && !fromCommandLine.contains(key)) {
        return keepDeclared ? name : null;
      }
      if (declared.contains(name)) {
        throw new UserError(origin(key, resolved.get(key)) + ": " + kind + " " + name + " does not run ("
            + listKey + ": " + String.join(",", running) + "); it would change nothing");
      }
      String near = OwnedProperties.suggestion(name, new LinkedHashSet<>(union(running, declared)));
      throw new UserError(origin(key, resolved.get(key)) + ": " + key + " names " + kind + " '" + name + "', which is not in "
          + listKey + "=" + String.join(",", running) + (near == null ? "" : " (did you mean " + near + "?)"));
    }
    if (dot < 0 || dot == key.length() - 1) {
      throw new UserError("experiment file: " + key + " needs a property after the name, e.g. " + prefix + name
          + (kind.equals("target") ? ".binding" : prefix.startsWith("target.") ? ".KEY" : ".command"));
    }
    return name;
  }

  /** Refuses a property no binding or workload reads, with the nearest name among {@code first} and the known ones. */
  private void property(String key, String property, String value, String what, boolean exempt, List<String> first,
      String prefix) {
    String instead = SET_BY_THE_EXPERIMENT.get(property);
    if (instead != null) {
      throw new UserError(origin(key, value) + ": the experiment sets " + property + " for each cell; use " + instead);
    }
    if (exempt || known.reads(property)) {
      return;
    }
    Set<String> candidates = new LinkedHashSet<>(first);
    known.all().forEach(p -> candidates.add(prefix + p));
    String near = OwnedProperties.suggestion(key, candidates);
    throw new UserError(origin(key, value) + ": unknown key " + key + (near == null ? "" : " (did you mean " + near + "?)")
        + ": " + what);
  }

  private String origin(String key, String value) {
    return (fromCommandLine.contains(key) ? "-p " : "experiment file: ") + key + "=" + value;
  }

  // Keys that reach the cells of a binding or workload YCSB-X knows no list of: that class may read them

  private boolean exemptCommon() {
    return targets.stream().anyMatch(this::unknownBinding) || steps.stream().anyMatch(this::unknownWorkload);
  }

  private boolean exemptTarget(String t) {
    return unknownBinding(t) || steps.stream().anyMatch(this::unknownWorkload);
  }

  private boolean exemptStep(String s) {
    return unknownWorkload(s) || targets.stream().anyMatch(this::unknownBinding);
  }

  private boolean unknownBinding(String target) {
    String binding = resolved.get("target." + target + ".binding");
    return binding != null && !binding.isEmpty() && !known.knowsBinding(binding);
  }

  private boolean unknownWorkload(String step) {
    return unknownWorkloads.computeIfAbsent(step, s -> {
      String w = workloadOf(s);
      return w != null && !known.knowsWorkload(w);
    });
  }

  /**
   * The workload class of a step's cells: set as a key, or by the last of its property files that
   * names one; null when none does (the cells' check says so) or a file cannot be read (likewise).
   */
  private String workloadOf(String step) {
    String set = resolved.getOrDefault("step." + step + ".workload", resolved.get("workload"));
    if (set != null) {
      return set;
    }
    String files = resolved.get("step." + step + ".P");
    String found = null;
    for (String f : files == null ? new String[0] : files.split(",")) {
      if (f.isBlank()) {
        continue;
      }
      Properties p = new Properties();
      try (Reader r = Files.newBufferedReader(Path.of(f.trim()))) {
        p.load(r);
      } catch (IOException | RuntimeException e) {
        return null;
      }
      found = p.getProperty("workload", found);
    }
    return found == null ? null : found.trim();
  }

  private static List<String> union(List<String> a, List<String> b) {
    Set<String> out = new LinkedHashSet<>(a);
    out.addAll(b);
    return List.copyOf(out);
  }
}
