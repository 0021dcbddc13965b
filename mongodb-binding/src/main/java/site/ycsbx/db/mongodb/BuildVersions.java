package site.ycsbx.db.mongodb;

import site.ycsbx.db.mongodb.conn.BuildVersion;

/** Library versions this binding was built with (neither jar says it at run time). */
final class BuildVersions {
  private BuildVersions() {
  }

  static String driver() {
    return BuildVersion.of(BuildVersions.class, "mongodb.driver.version");
  }

  static String mongoJavaServer() {
    return BuildVersion.of(BuildVersions.class, "mongo-java-server.version");
  }
}
