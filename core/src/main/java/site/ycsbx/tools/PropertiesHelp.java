package site.ycsbx.tools;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import site.ycsbx.util.PropertyDef;
import site.ycsbx.util.UserError;

/**
 * {@code bin/ycsb help properties [--markdown] [GROUP]}: every property the code owns, with its
 * default and meaning, as aligned columns or as the Markdown of docs/properties.md.
 */
final class PropertiesHelp {
  /** The command that writes docs/properties.md; its first line names it, and its test's message. */
  static final String GENERATE = "bin/ycsb help properties --markdown > docs/properties.md";
  /** A longer default puts its row's meaning on the next line, so that one long class name does not push every row. */
  private static final int DEFAULT_WIDTH_MAX = 24;

  private PropertiesHelp() {
  }

  /** {@code args}: what follows {@code help properties}. */
  static int run(List<String> args, PrintStream out) {
    boolean markdown = false;
    String name = null;
    for (String a : args) {
      if (a.equals("--markdown")) {
        markdown = true;
      } else if (a.startsWith("-")) {
        throw new UserError("unknown option '" + a + "' of help properties; usage: ycsb help properties [--markdown]"
            + " [GROUP]");
      } else if (name != null) {
        throw new UserError("help properties takes one group, not '" + name + "' and '" + a + "'; groups: "
            + String.join(", ", PropertyReference.names()));
      } else {
        name = a;
      }
    }
    List<PropertyReference.Group> groups = PropertyReference.groups();
    if (name != null) {
      String wanted = name;
      PropertyReference.Group g = groups.stream().filter(x -> x.name().equals(wanted)).findFirst()
          .orElseThrow(() -> new UserError("unknown property group '" + wanted + "'; groups: "
              + String.join(", ", PropertyReference.names())));
      groups = List.of(g);
    }
    if (markdown) {
      out.print(name == null ? markdown(groups) : section(groups.get(0)));
    } else {
      for (int i = 0; i < groups.size(); i++) {
        if (i > 0) {
          out.println();
        }
        out.print(text(groups.get(i)));
      }
    }
    return 0;
  }

  /** One group as aligned columns: name, default, meaning. */
  static String text(PropertyReference.Group g) {
    StringBuilder sb = new StringBuilder();
    sb.append(g.name()).append(": ").append(g.about()).append('\n');
    sb.append("  (").append(g.check()).append(")\n");
    if (g.properties().isEmpty()) {
      return sb.toString();
    }
    int nameWidth = "property".length();
    int defaultWidth = "default".length();
    for (PropertyDef d : g.properties()) {
      nameWidth = Math.max(nameWidth, d.name().length());
      if (d.defaultValue().length() <= DEFAULT_WIDTH_MAX) {
        defaultWidth = Math.max(defaultWidth, d.defaultValue().length());
      }
    }
    String indent = " ".repeat(2 + nameWidth + 2 + defaultWidth + 2);
    sb.append(String.format("  %-" + nameWidth + "s  %-" + defaultWidth + "s  %s%n", "property", "default", "meaning"));
    for (PropertyDef d : g.properties()) {
      if (d.defaultValue().length() > defaultWidth) {
        sb.append(String.format("  %-" + nameWidth + "s  %s%n", d.name(), d.defaultValue()));
        sb.append(indent).append(d.meaning()).append('\n');
      } else {
        sb.append(String.format("  %-" + nameWidth + "s  %-" + defaultWidth + "s  %s%n", d.name(), d.defaultValue(),
            d.meaning()));
      }
    }
    return sb.toString();
  }

  /** The whole of docs/properties.md. */
  static String markdown(List<PropertyReference.Group> groups) {
    StringBuilder sb = new StringBuilder();
    sb.append("# Every property\n\n");
    sb.append("Generated from the code's own definitions by `").append(GENERATE).append("`: do not edit it by hand (a"
        + " test fails when it is stale). The names listed are the ones `bin/ycsb` accepts: under a group's prefix,"
        + " a name no group of the run lists is refused in one line with the nearest one. `bin/ycsb help properties"
        + " GROUP` prints one group in the terminal.\n\n");
    List<String> links = new ArrayList<>();
    for (PropertyReference.Group g : groups) {
      links.add("[" + g.name() + "](#" + g.name() + ")");
    }
    sb.append("Groups: ").append(String.join(", ", links)).append(".\n");
    for (PropertyReference.Group g : groups) {
      sb.append('\n').append(section(g));
    }
    return sb.toString();
  }

  /** One group: a heading (its name, the anchor the docs link to), what owns it, a table. */
  static String section(PropertyReference.Group g) {
    StringBuilder sb = new StringBuilder();
    sb.append("## ").append(g.name()).append("\n\n");
    sb.append(escape(g.about())).append("; ").append(escape(g.check())).append(".\n");
    if (g.properties().isEmpty()) {
      return sb.toString();
    }
    sb.append("\n| property | default | meaning |\n|---|---|---|\n");
    for (PropertyDef d : g.properties()) {
      sb.append("| `").append(d.name()).append("` | ").append(escape(d.defaultValue())).append(" | ")
          .append(escape(d.meaning())).append(" |\n");
    }
    return sb.toString();
  }

  /** Text that Markdown would read as a table cell's end, emphasis or an HTML tag. */
  private static String escape(String s) {
    return s.replace("\\", "\\\\").replace("|", "\\|").replace("*", "\\*").replace("<", "&lt;").replace(">", "&gt;");
  }
}
