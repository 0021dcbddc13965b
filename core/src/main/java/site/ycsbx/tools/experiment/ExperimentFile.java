package site.ycsbx.tools.experiment;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import site.ycsbx.util.UserError;

/**
 * Reads an experiment file: YCSB's own property-file syntax, so that a YCSB user reads it without
 * learning a language and every value is written as on {@code bin/ycsb}'s command line. Keys:
 *
 * <pre>
 * experiment.name=...           a name (default: the file's)
 * var.NAME=value                a variable: ${NAME} in any value; -p NAME=value sets it
 * targets=a,b                   the targets in table order (the first is the baseline)
 * target.a.binding=jdbc         each target's binding, property files (P) and properties
 * target.a.P=file,file
 * target.a.enabled=true|false   whether target a runs (default true): ${VAR} turns a group on (TargetSwitch)
 * target.a.expect.KEY=value     what target a's fingerprint must say
 * target.a.KEY=value            any property of a run (db.url, jdbc.engine, jdbc.before, ...)
 * target.a.step.load.KEY=value  a property of target a's cells of step load only
 * steps=load,query              the steps in the order they run
 * step.load.command=load|run
 * step.load.P=workloads/iibench
 * step.load.threads=1,4         one count, or a list: a sweep inside the step
 * step.load.repeats=1
 * step.load.KEY=value           any property of a run (iibench.rows, maxexecutiontime, ...)
 * step.q.after=load             run step q count by count with load (see PairedSteps)
 *                               (a load step's linkbench.maxid1 goes to the run steps after it: LoadedGraph)
 * KEY=value                     any property of a run, for every cell
 * </pre>
 *
 * Every key is one of these, or a property some binding or workload reads ({@link ExperimentKeys});
 * {@code -p} sets, replaces or (empty) removes a key ({@link Overrides}); {@code --steps} or
 * {@code -p steps=} run a subset ({@link StepSelection}).
 *
 * A value whose text after substitution is whole numbers with {@code *} and {@code +} between them
 * ({@code 100000*4}, {@code 2000*5000+1}) is their value (products first, in 64 bits), so one
 * variable grows an experiment. Anything else is refused in one line.
 */
final class ExperimentFile {
  static final String NAME = "experiment.name";
  static final String TARGETS = "targets";
  static final String STEPS = "steps";
  static final String VAR = "var.";
  private static final Pattern NAME_PATTERN = Pattern.compile("[A-Za-z0-9_-]+");
  private static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Za-z0-9_.-]+)}");
  /** Whole numbers with * and + between them (at least one): {@code 4*25000}, {@code 2000*5000+1}. */
  private static final Pattern ARITHMETIC = Pattern.compile("\\d+(\\s*[*+]\\s*\\d+)+");
  private static final Pattern NUMBERS = Pattern.compile("\\d+(\\s*,\\s*\\d+)*");

  private ExperimentFile() {
  }

  /** The experiment in {@code file} with {@code overrides} (-p key=value) applied; every key checked against {@code known}. */
  static Experiment read(Path file, Map<String, String> overrides, KnownProperties known, List<String> stepsOption) {
    Properties raw = new Properties();
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      raw.load(r);
    } catch (IOException e) {
      throw new UserError("experiment file " + file + ": cannot read it: " + e.getMessage());
    }
    Map<String, String> keys = new TreeMap<>();
    raw.stringPropertyNames().forEach(k -> keys.put(k, raw.getProperty(k).trim()));
    String defaultName = file.getFileName().toString().replaceFirst("\\.[A-Za-z]+$", "");
    return parse(keys, overrides, defaultName, known, stepsOption);
  }

  /** As {@link #read(Path, Map, KnownProperties, List)}, the keys unchecked and every step run: the file's own tests. */
  static Experiment read(Path file, Map<String, String> overrides) {
    return read(file, overrides, KnownProperties.UNCHECKED, null);
  }

  /** As {@link #parse(Map, Map, String, KnownProperties, List)}, the keys unchecked and every step run. */
  static Experiment parse(Map<String, String> fileKeys, Map<String, String> overrides, String defaultName) {
    return parse(fileKeys, overrides, defaultName, KnownProperties.UNCHECKED, null);
  }

  static Experiment parse(Map<String, String> fileKeys, Map<String, String> overrides, String defaultName,
      KnownProperties known, List<String> stepsOption) {
    Overrides.Merged merged = Overrides.apply(fileKeys, overrides, known);
    Map<String, String> vars = new TreeMap<>();
    merged.keys().forEach((k, v) -> {
      if (k.startsWith(VAR)) {
        vars.put(k.substring(VAR.length()), v);
      }
    });
    Map<String, String> resolved = new TreeMap<>();
    merged.keys().forEach((k, v) -> {
      if (!k.startsWith(VAR)) {
        resolved.put(k, value(k, v, vars));
      }
    });

    String name = resolved.getOrDefault(NAME, defaultName);
    checkName("experiment.name", name);
    List<String> notes = new ArrayList<>(merged.notes());
    List<String> targetNames = names(resolved, TARGETS);
    List<String> listed = names(resolved, STEPS);
    List<String> declaredSteps = declared(fileKeys, STEPS, vars);
    List<String> stepNames = StepSelection.select(declaredSteps.isEmpty() ? listed : declaredSteps,
        merged.fromCommandLine().contains(STEPS) ? listed : null, stepsOption, resolved, notes);
    ExperimentKeys.Scoped scoped = new ExperimentKeys(known, merged.fromCommandLine(), vars.keySet(),
        declared(fileKeys, TARGETS, vars), targetNames, declaredSteps, stepNames, resolved).split();
    List<Target> declared = new ArrayList<>();
    scoped.perTarget().forEach((t, props) -> declared.add(target(t, props, scoped.perTargetStep().get(t))));
    Map<String, Step> built = new LinkedHashMap<>();
    scoped.perStep().forEach((s, props) -> built.put(s, step(s, props)));
    List<Step> steps = stepNames.stream().map(built::get).toList();
    PairedSteps.check(steps);
    for (Step s : steps) {
      for (Target t : declared) {
        for (String k : s.props().keySet()) {
          if (t.props().containsKey(k)) {
            throw new UserError("experiment file: " + k + " is set by both target." + t.name() + " and step." + s.name()
                + "; set it in one place (target." + t.name() + ".step." + s.name() + "." + k + " sets it for one"
                + " target at one step)");
          }
        }
      }
    }
    // a load left out by --steps still sized the data that the run steps after it read
    boolean subset = isSubsequence(stepNames, declaredSteps);
    notes.addAll(LoadedGraph.carry(subset ? declaredSteps.stream().map(built::get).toList() : steps, overrides,
        Set.copyOf(stepNames)));
    // an off target's keys were checked as any target's above; it has no cells
    TargetSwitch.Split on = TargetSwitch.split(declared, merged.keys(), resolved, merged.fromCommandLine());
    notes.addAll(TargetSwitch.notes(on.off()));
    return new Experiment(name, scoped.common(), on.on(), steps, vars, notes, on.off());
  }

  /** The names a list key of the file gives (targets=, steps=), empty when the file has none. */
  private static List<String> declared(Map<String, String> fileKeys, String key, Map<String, String> vars) {
    String v = fileKeys.get(key);
    return v == null || v.isBlank() ? List.of() : names(Map.of(key, value(key, v, vars)), key);
  }

  /** True when {@code part} is {@code whole} with some names left out, in the same order. */
  private static boolean isSubsequence(List<String> part, List<String> whole) {
    int i = 0;
    for (String w : whole) {
      if (i < part.size() && part.get(i).equals(w)) {
        i++;
      }
    }
    return i == part.size();
  }

  private static Target target(String name, Map<String, String> props, Map<String, Map<String, String>> atSteps) {
    Map<String, String> rest = new TreeMap<>(props);
    String binding = rest.remove("binding");
    if (binding == null || binding.isEmpty()) {
      throw new UserError("experiment file: target." + name + ".binding is missing (e.g. jdbc, mongodb, postgres-embedded)");
    }
    List<String> files = list(rest.remove("P"));
    rest.remove(TargetSwitch.ENABLED); // read by TargetSwitch
    Map<String, String> expect = new TreeMap<>();
    rest.entrySet().removeIf(e -> {
      if (e.getKey().startsWith("expect.")) {
        expect.put(e.getKey().substring(7), e.getValue());
        return true;
      }
      return false;
    });
    return new Target(name, binding, files, rest, expect, atSteps);
  }

  private static Step step(String name, Map<String, String> props) {
    Map<String, String> rest = new TreeMap<>(props);
    String command = rest.remove("command");
    if (!"load".equals(command) && !"run".equals(command)) {
      throw new UserError("experiment file: step." + name + ".command must be load or run"
          + (command == null ? " (missing)" : ", not '" + command + "'"));
    }
    List<String> files = list(rest.remove("P"));
    String threadText = rest.remove("threads");
    List<Integer> threads = new ArrayList<>();
    if (threadText == null) {
      threads.add(1);
    } else if (!NUMBERS.matcher(threadText).matches()) {
      throw new UserError("experiment file: step." + name + ".threads=" + threadText
          + " is not a thread count or a comma-separated list of them (e.g. 1,4,16)");
    } else {
      for (String t : threadText.split(",")) {
        int n = Integer.parseInt(t.trim());
        if (n < 1 || threads.contains(n)) {
          throw new UserError("experiment file: step." + name + ".threads=" + threadText + ": each count once, 1 or more");
        }
        threads.add(n);
      }
    }
    String repeatText = rest.remove("repeats");
    int repeats = 1;
    if (repeatText != null) {
      if (!repeatText.matches("\\d{1,3}") || Integer.parseInt(repeatText) < 1) {
        throw new UserError("experiment file: step." + name + ".repeats=" + repeatText + " is not a count from 1 to 999");
      }
      repeats = Integer.parseInt(repeatText);
    }
    if (command.equals("load") && repeats > 1) {
      throw new UserError("experiment file: step." + name + ".repeats=" + repeats + ": a load changes the data, so it runs"
          + " once per target; repeat the run steps after it");
    }
    return PairedSteps.step(name, command, files, rest, List.copyOf(threads), repeats);
  }

  private static List<String> names(Map<String, String> keys, String key) {
    String v = keys.get(key);
    if (v == null || v.isBlank()) {
      throw new UserError("experiment file: " + key + "= is missing: the " + key + " in order, e.g. " + key + "="
          + (key.equals(TARGETS) ? "innodb,myrocks" : "load,query"));
    }
    List<String> out = new ArrayList<>();
    for (String n : v.split(",")) {
      String name = n.trim();
      checkName(key, name);
      if (out.contains(name)) {
        throw new UserError("experiment file: " + key + "=" + v + " names '" + name + "' twice");
      }
      out.add(name);
    }
    return out;
  }

  private static void checkName(String key, String name) {
    if (!NAME_PATTERN.matcher(name).matches()) {
      throw new UserError("experiment file: " + key + ": '" + name + "' is not a name (letters, digits, - and _)");
    }
  }

  private static List<String> list(String v) {
    List<String> out = new ArrayList<>();
    if (v != null) {
      for (String s : v.split(",")) {
        if (!s.isBlank()) {
          out.add(s.trim());
        }
      }
    }
    return out;
  }

  private static String value(String key, String v, Map<String, String> vars) {
    Matcher m = VARIABLE.matcher(v);
    StringBuilder sb = new StringBuilder();
    while (m.find()) {
      String var = vars.get(m.group(1));
      if (var == null) {
        throw new UserError("experiment file: " + key + "=" + v + " uses ${" + m.group(1) + "}, but there is no var."
            + m.group(1) + (vars.isEmpty() ? "" : " (variables: " + String.join(", ", vars.keySet()) + ")"));
      }
      m.appendReplacement(sb, Matcher.quoteReplacement(var));
    }
    m.appendTail(sb);
    String out = sb.toString();
    if (ARITHMETIC.matcher(out).matches()) {
      try {
        long sum = 0;
        for (String term : out.split("\\+")) {
          long p = 1;
          for (String f : term.split("\\*")) {
            p = Math.multiplyExact(p, Long.parseLong(f.trim()));
          }
          sum = Math.addExact(sum, p);
        }
        return String.valueOf(sum);
      } catch (ArithmeticException | NumberFormatException e) {
        throw new UserError("experiment file: " + key + "=" + v + " is " + out + ", beyond a 64-bit count ("
            + Long.MAX_VALUE + ")");
      }
    }
    return out;
  }
}
