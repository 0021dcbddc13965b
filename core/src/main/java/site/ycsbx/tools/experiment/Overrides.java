package site.ycsbx.tools.experiment;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import site.ycsbx.util.OwnedProperties;
import site.ycsbx.util.UserError;

/**
 * The command line's {@code -p key=value} over the file's keys. {@code -p NAME=v} sets the file's
 * {@code var.NAME}; any other key is set or replaced; an empty value removes the file's key (its
 * stand-in {@code mongodb.embedded.dir} when the target goes to a real server). A target whose
 * binding the command line changes loses the file's keys that only its old binding reads, each
 * named in a note: the file's stand-in settings would otherwise stop the real-server form with
 * "unknown property" before any cell.
 */
final class Overrides {
  private static final Pattern BINDING = Pattern.compile("target\\.([^.]+)\\.binding");

  /** The keys after the command line, which of them it set, and what the console says about it. */
  record Merged(Map<String, String> keys, Set<String> fromCommandLine, List<String> notes) {
  }

  private Overrides() {
  }

  static Merged apply(Map<String, String> fileKeys, Map<String, String> overrides, KnownProperties known) {
    Map<String, String> keys = new TreeMap<>(fileKeys);
    Set<String> fromCommandLine = new LinkedHashSet<>();
    List<String> notes = new ArrayList<>();
    for (Map.Entry<String, String> o : overrides.entrySet()) {
      String key = fileKeys.containsKey(ExperimentFile.VAR + o.getKey()) ? ExperimentFile.VAR + o.getKey() : o.getKey();
      if (key.startsWith(ExperimentFile.VAR) && !fileKeys.containsKey(key)) {
        List<String> vars = fileKeys.keySet().stream().filter(k -> k.startsWith(ExperimentFile.VAR)).toList();
        String near = OwnedProperties.suggestion(key, new java.util.LinkedHashSet<>(vars));
        throw new UserError("-p " + key + "=" + o.getValue() + ": the file declares no variable "
            + key.substring(ExperimentFile.VAR.length()) + (near == null ? "" : " (did you mean " + near + "?)")
            + (vars.isEmpty() ? "" : "; its variables: " + String.join(", ", vars)));
      }
      if (!o.getValue().isEmpty()) {
        keys.put(key, o.getValue());
        fromCommandLine.add(key);
        continue;
      }
      if (key.startsWith(ExperimentFile.VAR)) {
        throw new UserError("-p " + o.getKey() + "=: variable " + key.substring(ExperimentFile.VAR.length())
            + " needs a value (an empty value removes a key of the file, and every ${...} needs its variable)");
      }
      String old = keys.remove(key);
      if (old == null) {
        String near = OwnedProperties.suggestion(key, fileKeys.keySet());
        throw new UserError("-p " + key + "=: the file sets no " + key + (near == null ? "" : " (did you mean " + near
            + "?)") + "; an empty value removes a key of the file, and there is none to remove");
      }
      notes.add("-p " + key + "= removes the file's " + key + "=" + old);
    }
    dropOldBindingKeys(fileKeys, overrides, keys, fromCommandLine, known, notes);
    refuseShadowed(keys, fromCommandLine);
    return new Merged(keys, fromCommandLine, notes);
  }

  /** A key as its scope and property: {@code target.T.step.S.PROP}, {@code target.T.PROP}, {@code step.S.PROP}, {@code PROP}. */
  private record Scoped(String target, String step, String property) {
    static Scoped of(String key) {
      String target = null;
      String step = null;
      String rest = key;
      if (rest.startsWith("target.") && rest.indexOf('.', 7) > 0) {
        target = rest.substring(7, rest.indexOf('.', 7));
        rest = rest.substring(rest.indexOf('.', 7) + 1);
      }
      if (rest.startsWith("step.") && rest.indexOf('.', 5) > 0) {
        step = rest.substring(5, rest.indexOf('.', 5));
        rest = rest.substring(rest.indexOf('.', 5) + 1);
      }
      return new Scoped(target, step, rest);
    }

    // the experiment's own keys of a target or step are not run properties: no narrower key shadows them
    boolean runProperty() {
      return !property.startsWith(ExperimentFile.VAR) && !property.startsWith("experiment.")
          && !property.equals(ExperimentFile.TARGETS) && !property.equals(ExperimentFile.STEPS)
          && (target == null || step != null || ExperimentKeys.targetProperty(property) != null)
          && (step == null || !ExperimentKeys.STEP_KEYS.contains(property));
    }

    /** Whether {@code other} sets the same property for a part of the cells this key sets it for. */
    boolean narrowedBy(Scoped other) {
      return other.property.equals(property) && (target == null || target.equals(other.target))
          && (step == null || step.equals(other.step)) && (other.target != null ? 1 : 0) + (other.step != null ? 1 : 0)
          > (target != null ? 1 : 0) + (step != null ? 1 : 0);
    }
  }

  /**
   * A {@code -p} key the file sets more narrowly would not reach those cells (each cell takes a key
   * where it is set most narrowly): {@code -p db.user=bench} beside the file's
   * {@code target.a.db.user=ycsbx} would run target a as ycsbx, said nowhere. Refused, naming the
   * file's key and the {@code -p} that reaches it.
   */
  private static void refuseShadowed(Map<String, String> keys, Set<String> fromCommandLine) {
    for (String given : fromCommandLine) {
      Scoped g = Scoped.of(given);
      if (!g.runProperty()) {
        continue;
      }
      for (Map.Entry<String, String> k : keys.entrySet()) {
        if (!fromCommandLine.contains(k.getKey()) && g.narrowedBy(Scoped.of(k.getKey()))) {
          throw new UserError("-p " + given + "=" + keys.get(given) + " would not reach every cell: the file sets "
              + k.getKey() + "=" + k.getValue() + ", which its cells take instead; give -p " + k.getKey() + "=... too"
              + " (or -p " + k.getKey() + "= to remove the file's)");
        }
      }
    }
  }

  /** A target the command line moves to another binding keeps none of the file's keys only its old binding reads. */
  private static void dropOldBindingKeys(Map<String, String> fileKeys, Map<String, String> overrides,
      Map<String, String> keys, Set<String> fromCommandLine, KnownProperties known, List<String> notes) {
    for (Map.Entry<String, String> o : overrides.entrySet()) {
      Matcher m = BINDING.matcher(o.getKey());
      String before = fileKeys.get(o.getKey());
      if (!m.matches() || before == null || o.getValue().isEmpty() || before.equals(o.getValue())) {
        continue;
      }
      String target = m.group(1);
      String prefix = "target." + target + ".";
      List<String> dropped = new ArrayList<>();
      for (String k : new ArrayList<>(keys.keySet())) {
        if (!k.startsWith(prefix) || fromCommandLine.contains(k)) {
          continue;
        }
        String property = ExperimentKeys.targetProperty(k.substring(prefix.length()));
        if (property != null && known.onlyOldBindingReads(property, before, o.getValue())) {
          dropped.add(k + "=" + keys.remove(k));
        }
      }
      if (!dropped.isEmpty()) {
        notes.add("target " + target + " runs on " + o.getValue() + " (-p), not the file's " + before + ": dropped "
            + String.join(", ", dropped) + " (only " + before + " reads " + (dropped.size() == 1 ? "it" : "them") + ")");
      }
    }
  }
}
