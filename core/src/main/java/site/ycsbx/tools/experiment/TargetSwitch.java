package site.ycsbx.tools.experiment;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import site.ycsbx.util.UserError;

/**
 * {@code target.T.enabled=true|false}: a target the file writes out in full but runs only when
 * asked, so that a shipped comparison can carry targets of servers most users do not have (the
 * insert benchmark's MongoDB and TokuMX targets beside its MariaDB ones). One variable turns a
 * group on: {@code target.mongo26-1db-lazy.enabled=${mongodb}} with {@code var.mongodb=false}, and
 * {@code -p mongodb=true}. An off target's keys are checked as any target's (a misspelt key in it is
 * refused today, not on the day it is turned on); it has no cells, its server is not contacted, and
 * the plan and the console say it is off and how to turn it on. A target that {@code -p targets=}
 * names is refused while off rather than turned on by it: the switch is the one way.
 */
final class TargetSwitch {
  /** The target key, after {@code target.NAME.}. */
  static final String ENABLED = "enabled";
  private static final Pattern ONE_VARIABLE = Pattern.compile("\\$\\{([A-Za-z0-9_.-]+)}");

  /** A target the file declares that does not run: its name, binding, and the {@code -p} that turns it on. */
  record Off(String name, String binding, String turnOn) {
  }

  /** The targets that run, in table order, and those that are off. */
  record Split(List<Target> on, List<Off> off) {
  }

  private TargetSwitch() {
  }

  /**
   * Splits {@code targets} (every target of {@code targets=}, their keys checked) by their
   * {@code enabled} key: {@code raw} holds the keys before substitution (to say which variable
   * turns a target on), {@code resolved} after, {@code fromCommandLine} the keys {@code -p} set.
   */
  static Split split(List<Target> targets, Map<String, String> raw, Map<String, String> resolved,
      Set<String> fromCommandLine) {
    List<Target> on = new ArrayList<>();
    List<Off> off = new ArrayList<>();
    for (Target t : targets) {
      String key = key(t.name());
      if (enabled(key, raw.get(key), resolved.get(key), fromCommandLine)) {
        on.add(t);
        continue;
      }
      if (fromCommandLine.contains(ExperimentFile.TARGETS)) {
        throw new UserError("-p " + ExperimentFile.TARGETS + "=" + resolved.get(ExperimentFile.TARGETS) + ": target "
            + t.name() + " is off (" + shown(key, raw.get(key), resolved.get(key)) + "); " + turnOn(t.name(), raw.get(key))
            + " turns it on");
      }
      off.add(new Off(t.name(), t.binding(), turnOn(t.name(), raw.get(key))));
    }
    if (on.isEmpty()) {
      throw new UserError("experiment file: every target is off (" + String.join(", ", off.stream().map(o ->
          o.name() + ": " + o.turnOn()).toList()) + "); turn one on");
    }
    return new Split(on, off);
  }

  /** What the console says before the plan: which targets are off, grouped by what turns them on. */
  static List<String> notes(List<Off> off) {
    Map<String, List<String>> byWay = new LinkedHashMap<>();
    off.forEach(o -> byWay.computeIfAbsent(o.turnOn(), w -> new ArrayList<>()).add(o.name()));
    List<String> out = new ArrayList<>();
    byWay.forEach((way, names) -> out.add((names.size() == 1 ? "target " + names.get(0) + " is" : "targets "
        + String.join(", ", names) + " are") + " off (not checked against a server, no cells); " + way + " turns "
        + (names.size() == 1 ? "it" : "them") + " on"));
    return out;
  }

  static String key(String target) {
    return "target." + target + "." + ENABLED;
  }

  private static boolean enabled(String key, String raw, String value, Set<String> fromCommandLine) {
    if (value == null) {
      return true;
    }
    String v = value.trim().toLowerCase(Locale.ROOT);
    if (v.equals("true") || v.equals("false")) {
      return v.equals("true");
    }
    throw new UserError((fromCommandLine.contains(key) ? "-p " : "experiment file: ") + shown(key, raw, value)
        + " is not true or false (whether the target runs)");
  }

  private static String shown(String key, String raw, String value) {
    return key + "=" + value + (raw != null && !raw.equals(value) ? " from " + raw : "");
  }

  /** {@code -p VAR=true} when the key is one variable, else {@code -p target.T.enabled=true}. */
  private static String turnOn(String target, String raw) {
    Matcher m = ONE_VARIABLE.matcher(raw == null ? "" : raw.trim());
    return m.matches() ? "-p " + m.group(1) + "=true" : "-p " + key(target) + "=true";
  }
}
