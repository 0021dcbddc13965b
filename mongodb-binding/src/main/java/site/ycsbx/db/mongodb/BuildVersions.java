package site.ycsbx.db.mongodb;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** Library versions this binding was built with (neither jar says it at run time). */
final class BuildVersions {
  private static final Properties VERSIONS = load();

  private BuildVersions() {
  }

  static String driver() {
    return VERSIONS.getProperty("mongodb.driver.version", "unknown");
  }

  static String mongoJavaServer() {
    return VERSIONS.getProperty("mongo-java-server.version", "unknown");
  }

  private static Properties load() {
    Properties p = new Properties();
    try (InputStream in = BuildVersions.class.getResourceAsStream("versions.properties")) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      // the fingerprint then says "unknown"
    }
    return p;
  }
}
