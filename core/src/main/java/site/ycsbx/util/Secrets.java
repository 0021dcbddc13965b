package site.ycsbx.util;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Keeps passwords out of everything YCSB prints. YCSB's Client echoes its command line, so
 * the launcher replaces secret values by {@link #MASK} before handing the arguments over and
 * keeps the real values here; bindings read them back through {@link #resolve}.
 */
public final class Secrets {
  public static final String MASK = "*****";

  // user:password@ in URLs (mongodb://, jdbc:mysql://, postgresql://)
  private static final Pattern URL_USERINFO = Pattern.compile("(//[^/:@\\s]*):([^@/\\s]*)@");
  // password=... / passwd=... / pwd=... as URL or connection-string parameters
  private static final Pattern URL_PARAM = Pattern.compile("(?i)([?&;](?:password|passwd|pwd)=)([^&;\\s]*)");

  private static final Map<String, String> HELD = new ConcurrentHashMap<>();

  private Secrets() {
  }

  /** True for property names whose values are secrets. */
  public static boolean isSecretKey(String key) {
    String k = key.toLowerCase(java.util.Locale.ROOT);
    return k.contains("passw") || k.endsWith(".pwd") || k.contains("secret") || k.contains("token")
        || k.contains("credential");
  }

  /** The value with any password removed; safe to print. */
  public static String mask(String key, String value) {
    if (value == null) {
      return null;
    }
    if (isSecretKey(key)) {
      return value.isEmpty() ? "" : MASK;
    }
    return maskUrl(value);
  }

  /** A URL or connection string with its password replaced by {@link #MASK}. */
  public static String maskUrl(String url) {
    if (url == null) {
      return null;
    }
    String s = URL_USERINFO.matcher(url).replaceAll("$1:" + Matcher.quoteReplacement(MASK) + "@");
    return URL_PARAM.matcher(s).replaceAll("$1" + Matcher.quoteReplacement(MASK));
  }

  /** True when printing the value would show a secret. */
  public static boolean needsMasking(String key, String value) {
    return value != null && !value.equals(mask(key, value));
  }

  /** Remembers the real value of a property whose printed form is masked. */
  public static void hold(String key, String realValue) {
    HELD.put(key, realValue);
  }

  /**
   * The real value of a property: the held one when the launcher masked it, else the one in
   * the properties.
   */
  public static String resolve(Properties props, String key, String defaultValue) {
    String v = props.getProperty(key);
    String held = HELD.get(key);
    if (held != null && v != null && v.equals(mask(key, held))) {
      return held;
    }
    return v == null ? defaultValue : v;
  }

  /** YCSB's command-line arguments with the value of every {@code -p key=value} masked, to print or record. */
  public static List<String> masked(List<String> args) {
    return maskOptions(args, false);
  }

  /**
   * As {@link #masked(List)}, the real values of those it masks held for {@link #resolve}: the
   * arguments the launcher hands to YCSB's Client, which echoes them.
   */
  public static List<String> hideOptions(List<String> args) {
    return maskOptions(args, true);
  }

  private static List<String> maskOptions(List<String> args, boolean hold) {
    List<String> out = new ArrayList<>(args);
    for (int i = 0; i + 1 < out.size(); i++) {
      if (out.get(i).equals("-p")) {
        String kv = out.get(i + 1);
        int eq = kv.indexOf('=');
        String key = kv.substring(0, eq);
        String value = kv.substring(eq + 1);
        if (needsMasking(key, value)) {
          if (hold) {
            hold(key, value);
          }
          out.set(i + 1, key + "=" + mask(key, value));
        }
      }
    }
    return out;
  }

  /** The properties with every secret masked, for fingerprints and logs. */
  public static Properties masked(Properties props) {
    Properties out = new Properties();
    for (String k : props.stringPropertyNames()) {
      out.setProperty(k, mask(k, props.getProperty(k)));
    }
    return out;
  }
}
