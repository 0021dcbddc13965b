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
 * target.a.expect.KEY=value     what target a's fingerprint must say
 * target.a.KEY=value            any property of a run (db.url, jdbc.engine, jdbc.before, ...)
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
 * A value whose text after substitution is a product of whole numbers ({@code 100000*4}) is that
 * product, so one variable grows an experiment. Anything else is refused in one line.
 */
final class ExperimentFile {
  static final String NAME = "experiment.name";
  static final String TARGETS = "targets";
  static final String STEPS = "steps";
  static final String VAR = "var.";
  private static final Pattern NAME_PATTERN = Pattern.compile("[A-Za-z0-9_-]+");
  private static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Za-z0-9_.-]+)}");
  private static final Pattern PRODUCT = Pattern.compile("\\d+(\\s*\\*\\s*\\d+)+");
  private static final Pattern NUMBERS = Pattern.compile("\\d+(\\s*,\\s*\\d+)*");

  private ExperimentFile() {
  }

  /** The experiment in {@code file} with {@code overrides} (-p key=value) applied. */
  static Experiment read(Path file, Map<String, String> overrides) {
    Properties raw = new Properties();
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      raw.load(r);
    } catch (IOException e) {
      throw new UserError("experiment file " + file + ": cannot read it: " + e.getMessage());
    }
    Map<String, String> keys = new TreeMap<>();
    raw.stringPropertyNames().forEach(k -> keys.put(k, raw.getProperty(k).trim()));
    String defaultName = file.getFileName().toString().replaceFirst("\\.[A-Za-z]+$", "");
    return parse(keys, overrides, defaultName);
  }

  static Experiment parse(Map<String, String> fileKeys, Map<String, String> overrides, String defaultName) {
    Map<String, String> keys = new TreeMap<>(fileKeys);
    overrides.forEach((k, v) -> keys.put(keys.containsKey(VAR + k) ? VAR + k : k, v));
    Map<String, String> vars = new TreeMap<>();
    keys.forEach((k, v) -> {
      if (k.startsWith(VAR)) {
        vars.put(k.substring(VAR.length()), v);
      }
    });
    Map<String, String> resolved = new TreeMap<>();
    keys.forEach((k, v) -> {
      if (!k.startsWith(VAR)) {
        resolved.put(k, value(k, v, vars));
      }
    });

    String name = resolved.getOrDefault(NAME, defaultName);
    checkName("experiment.name", name);
    List<String> targetNames = names(resolved, TARGETS);
    List<String> stepNames = names(resolved, STEPS);
    Map<String, Map<String, String>> perTarget = new LinkedHashMap<>();
    Map<String, Map<String, String>> perStep = new LinkedHashMap<>();
    targetNames.forEach(t -> perTarget.put(t, new TreeMap<>()));
    stepNames.forEach(s -> perStep.put(s, new TreeMap<>()));
    Map<String, String> common = new TreeMap<>();
    for (Map.Entry<String, String> e : resolved.entrySet()) {
      String k = e.getKey();
      if (k.equals(NAME) || k.equals(TARGETS) || k.equals(STEPS)) {
        continue;
      }
      if (k.startsWith("target.")) {
        scoped(k, "target.", TARGETS, perTarget).put(k.substring(k.indexOf('.', 7) + 1), e.getValue());
      } else if (k.startsWith("step.")) {
        scoped(k, "step.", STEPS, perStep).put(k.substring(k.indexOf('.', 5) + 1), e.getValue());
      } else if (k.startsWith("experiment.") || k.equals("target") || k.equals("step")) {
        throw new UserError("experiment file: unknown key '" + k + "'; experiment keys: experiment.name, targets, steps,"
            + " var.NAME, target.NAME.*, step.NAME.*");
      } else {
        common.put(k, e.getValue());
      }
    }
    List<Target> targets = new ArrayList<>();
    perTarget.forEach((t, props) -> targets.add(target(t, props)));
    List<Step> steps = new ArrayList<>();
    perStep.forEach((s, props) -> steps.add(step(s, props)));
    PairedSteps.check(steps);
    for (Step s : steps) {
      for (Target t : targets) {
        for (String k : s.props().keySet()) {
          if (t.props().containsKey(k)) {
            throw new UserError("experiment file: " + k + " is set by both target." + t.name() + " and step." + s.name()
                + "; set it in one place");
          }
        }
      }
    }
    List<String> notes = LoadedGraph.carry(steps, overrides);
    return new Experiment(name, common, targets, steps, vars, notes);
  }

  private static Map<String, String> scoped(String key, String prefix, String listKey,
      Map<String, Map<String, String>> byName) {
    int dot = key.indexOf('.', prefix.length());
    String name = dot < 0 ? key.substring(prefix.length()) : key.substring(prefix.length(), dot);
    Map<String, String> props = byName.get(name);
    if (props == null) {
      throw new UserError("experiment file: " + key + " names " + prefix.substring(0, prefix.length() - 1) + " '" + name
          + "', which is not in " + listKey + "=" + String.join(",", byName.keySet()));
    }
    if (dot < 0 || dot == key.length() - 1) {
      throw new UserError("experiment file: " + key + " needs a property after the name, e.g. " + prefix + name
          + (prefix.equals("target.") ? ".binding" : ".command"));
    }
    return props;
  }

  private static Target target(String name, Map<String, String> props) {
    Map<String, String> rest = new TreeMap<>(props);
    String binding = rest.remove("binding");
    if (binding == null || binding.isEmpty()) {
      throw new UserError("experiment file: target." + name + ".binding is missing (e.g. jdbc, mongodb, postgres-embedded)");
    }
    List<String> files = list(rest.remove("P"));
    Map<String, String> expect = new TreeMap<>();
    rest.entrySet().removeIf(e -> {
      if (e.getKey().startsWith("expect.")) {
        expect.put(e.getKey().substring(7), e.getValue());
        return true;
      }
      return false;
    });
    return new Target(name, binding, files, rest, expect);
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
    if (PRODUCT.matcher(out).matches()) {
      long p = 1;
      for (String f : out.split("\\*")) {
        p = Math.multiplyExact(p, Long.parseLong(f.trim()));
      }
      return String.valueOf(p);
    }
    return out;
  }
}
