package site.ycsbx.db.jdbc;

import java.util.Locale;
import java.util.regex.Pattern;

/** Adds driver options to a JDBC URL without overriding what the user wrote. */
final class JdbcUrls {
  private JdbcUrls() {
  }

  /** The URL with {@code name=value} appended, unless the URL already sets {@code name}. */
  static String withOption(String url, String name, String value) {
    if (has(url, name)) {
      return url;
    }
    return url + (url.indexOf('?') < 0 ? "?" : "&") + name + "=" + value;
  }

  /** Whether the URL's query sets the option (names compared case-insensitively, as drivers do). */
  static boolean has(String url, String name) {
    int q = url.indexOf('?');
    if (q < 0) {
      return false;
    }
    Pattern p = Pattern.compile("(?:^|[&;])" + Pattern.quote(name.toLowerCase(Locale.ROOT)) + "=");
    return p.matcher(url.substring(q + 1).toLowerCase(Locale.ROOT)).find();
  }
}
