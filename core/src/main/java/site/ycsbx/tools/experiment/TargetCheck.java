package site.ycsbx.tools.experiment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.tools.child.ChildJvm;
import site.ycsbx.util.UserError;

/**
 * Every target checked before the first cell: its first cell's command line through
 * {@code bin/ycsb check} in a JVM of its own (the server's preflight, the binding's statements,
 * the fingerprint; nothing runs), then its expectations against that fingerprint. A target whose
 * server contradicts its name stops the experiment in one line before any cell ran.
 */
final class TargetCheck {
  private TargetCheck() {
  }

  /** The check of each target, in table order; the first refusal is a UserError. */
  static void all(Plan plan, ChildJvm runner, java.io.PrintStream out) {
    for (Target t : plan.experiment().targets()) {
      Cell first = plan.cells().stream().filter(c -> c.target().equals(t)).findFirst().orElseThrow();
      List<String> args = new ArrayList<>(List.of("check"));
      args.addAll(plan.experiment().arguments(first));
      Path log;
      try {
        log = Files.createTempFile("ycsbx-check-" + t.name(), ".log");
      } catch (IOException e) {
        throw UserError.target("cannot create a temporary file for the check of target " + t.name() + ": "
            + e.getMessage());
      }
      try {
        ChildJvm.Exit exit = runner.run(args, log);
        if (exit.code() != 0) {
          throw new UserError("target " + t.name() + " (" + first.step().command() + " " + t.binding() + "): "
              + ChildJvm.lastLine(log).replaceFirst("^ycsb: ", ""), exit.code() == 2 ? 2 : 1);
        }
        Map<String, String> fp = printedFingerprint(Files.readAllLines(log, StandardCharsets.UTF_8));
        String contradiction = contradiction(t, fp);
        if (contradiction != null) {
          throw new UserError(contradiction);
        }
        String server = String.join(", ", java.util.stream.Stream.of((fp.getOrDefault("server.product", "?") + " "
            + fp.getOrDefault("server.version", "")).trim(), fp.getOrDefault("storage.engine", ""))
            .filter(v -> !v.isEmpty()).toList());
        out.printf(Locale.ROOT, "[EXPERIMENT] target %s: %s%s%n", t.name(), server,
            t.expect().isEmpty() ? "" : "; as expected (" + t.expect().size() + " entr"
                + (t.expect().size() == 1 ? "y" : "ies") + ")");
      } catch (IOException e) {
        throw UserError.target("cannot read the check of target " + t.name() + ": " + e.getMessage());
      } finally {
        try {
          Files.deleteIfExists(log);
        } catch (IOException e) {
          // a temporary file left behind is harmless
        }
      }
    }
  }

  /**
   * Null when every {@code expect.KEY=value} of the target holds in {@code fingerprint}, else the
   * line that says which does not. Values are compared without case; an expected value without a
   * parenthesis holds for the fingerprint's value with its source in parentheses after it
   * ({@code off} for {@code off (nojournal)}, {@code mmapv1} for {@code mmapv1 (implied by version
   * 2.6.12)}), since the source is not what the target's name claims; one that ends in {@code *} holds
   * for every value that starts with the rest ({@code 2.6.*}: any 2.6 release).
   */
  static String contradiction(Target t, Map<String, String> fingerprint) {
    for (Map.Entry<String, String> e : t.expect().entrySet()) {
      String actual = fingerprint.get(e.getKey());
      if (actual == null) {
        return "target " + t.name() + " expects " + e.getKey() + "=" + e.getValue() + ", but its fingerprint has no "
            + e.getKey() + " (bin/ycsb check prints the fingerprint: the keys are on the left)";
      }
      if (!holds(e.getValue(), actual)) {
        return "target " + t.name() + " expects " + e.getKey() + "=" + e.getValue() + ", but its server says "
            + e.getKey() + "=" + actual;
      }
    }
    return null;
  }

  static boolean holds(String expected, String actual) {
    String want = expected.trim().toLowerCase(java.util.Locale.ROOT);
    String have = actual.trim().toLowerCase(java.util.Locale.ROOT);
    if (want.endsWith("*")) {
      return have.startsWith(want.substring(0, want.length() - 1));
    }
    int source = have.indexOf(" (");
    return have.equals(want) || !want.contains("(") && source > 0 && have.substring(0, source).equals(want);
  }

  /** The entries of the first fingerprint block a command printed. */
  static Map<String, String> printedFingerprint(List<String> lines) {
    int start = lines.indexOf("[FINGERPRINT]");
    if (start < 0) {
      return Map.of();
    }
    List<String> block = new ArrayList<>();
    for (String l : lines.subList(start + 1, lines.size())) {
      if (!l.startsWith("  ")) {
        break;
      }
      block.add(l);
    }
    Map<String, String> out = Fingerprint.parse(block);
    return out == null ? Map.of() : out;
  }
}
