package site.ycsbx.db.mongodb.conn;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * A library version a MongoDB binding was built with, from the versions.properties its build
 * writes beside its classes (no driver jar says its version at run time).
 */
public final class BuildVersion {
  private BuildVersion() {
  }

  /** The version under {@code key} in the versions.properties of {@code anchor}'s package; "unknown" when absent. */
  public static String of(Class<?> anchor, String key) {
    Properties p = new Properties();
    try (InputStream in = anchor.getResourceAsStream("versions.properties")) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      // the fingerprint then says "unknown"
    }
    return p.getProperty(key, "unknown");
  }
}
