package site.ycsbx.bench;

import java.util.HashMap;
import java.util.Map;

/** {@code --name value} pairs of a raw loop's command line. */
final class Args {
  private final Map<String, String> values = new HashMap<>();

  Args(String[] args) {
    for (int i = 0; i + 1 < args.length; i += 2) {
      if (!args[i].startsWith("--")) {
        throw new IllegalArgumentException("expected --name value, got " + args[i]);
      }
      values.put(args[i].substring(2), args[i + 1]);
    }
  }

  String get(String name, String def) {
    return values.getOrDefault(name, def);
  }

  String require(String name) {
    String v = values.get(name);
    if (v == null) {
      throw new IllegalArgumentException("missing --" + name);
    }
    return v;
  }

  int getInt(String name, int def) {
    return Integer.parseInt(get(name, String.valueOf(def)));
  }

  long getLong(String name, long def) {
    return Long.parseLong(get(name, String.valueOf(def)));
  }
}
