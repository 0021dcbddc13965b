package site.ycsbx.util;

import java.util.Locale;
import java.util.Properties;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Strict readers for properties: a bad value is a {@link UserError} naming the property and
 * what it accepts, never a NumberFormatException from deep inside a thread.
 */
public final class Props {
  private Props() {
  }

  public static String get(Properties p, String key, String def) {
    return Secrets.resolve(p, key, def);
  }

  public static int getInt(Properties p, String key, int def, int min, int max) {
    long v = getLong(p, key, def, min, max);
    return (int) v;
  }

  public static long getLong(Properties p, String key, long def, long min, long max) {
    return number(p, key, def, v -> Long.parseLong(v.replace("_", "")), v -> v >= min && v <= max, "a whole number",
        range(min, max));
  }

  public static double getDouble(Properties p, String key, double def, double min, double max) {
    // written so that NaN is out of range
    return number(p, key, def, Double::parseDouble, v -> v >= min && v <= max, "a number", min + " to " + max);
  }

  /**
   * {@code key}'s value as {@code parse} reads it (trimmed), {@code def} when absent or blank; a
   * UserError, saying it accepts {@code accepts}, when it is not {@code kind} or not in range.
   */
  private static <T> T number(Properties p, String key, T def, Function<String, T> parse, Predicate<T> inRange,
      String kind, String accepts) {
    String s = p.getProperty(key);
    if (s == null || s.isBlank()) {
      return def;
    }
    T v;
    try {
      v = parse.apply(s.trim());
    } catch (NumberFormatException e) {
      throw new UserError(key + "=" + s + " is not " + kind + "; " + key + " accepts " + accepts);
    }
    if (!inRange.test(v)) {
      throw new UserError(key + "=" + s + " is out of range; " + key + " accepts " + accepts);
    }
    return v;
  }

  /**
   * A table (collection) name: letters, digits and _, not starting with a digit, at most 51
   * characters (room for the suffixes a family adds per thread or per index on every server).
   */
  public static String getTableName(Properties p, String key, String def) {
    String t = p.getProperty(key, def).trim();
    if (!t.matches("[A-Za-z_][A-Za-z0-9_]{0,50}")) {
      throw new UserError(key + "=" + t + " is not accepted; " + key
          + " accepts letters, digits and _ (at most 51 characters, not starting with a digit)");
    }
    return t;
  }

  public static boolean getBoolean(Properties p, String key, boolean def) {
    String s = p.getProperty(key);
    if (s == null || s.isBlank()) {
      return def;
    }
    switch (s.trim().toLowerCase(Locale.ROOT)) {
      case "true":
        return true;
      case "false":
        return false;
      default:
        throw new UserError(key + "=" + s + " is not a boolean; " + key + " accepts true or false");
    }
  }

  private static String range(long min, long max) {
    if (max == Long.MAX_VALUE || max == Integer.MAX_VALUE) {
      return "a whole number >= " + min;
    }
    return "a whole number from " + min + " to " + max;
  }
}
