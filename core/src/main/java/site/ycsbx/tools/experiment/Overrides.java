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
    return new Merged(keys, fromCommandLine, notes);
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
