package site.ycsbx.db.mongodb.conn;

import java.util.List;
import org.bson.Document;

/**
 * What kind of server answers the wire protocol (MongoDB, its Enterprise build, Percona Server,
 * a mongos, or the Java emulator mongo-java-server), from its buildInfo and serverStatus replies:
 * the preflight's fingerprint names it, and the kit asks it before trusting sizes the emulator
 * does not report.
 */
public final class ServerKind {
  /** The product name of the Java wire-protocol emulator. */
  public static final String EMULATOR = "mongo-java-server";
  /** isMaster's msg on a mongos. */
  public static final String MONGOS_MSG = "isdbgrid";

  private ServerKind() {
  }

  /** The product behind a wire-protocol server, from its buildInfo and serverStatus replies. */
  public static String product(Document build, Document status) {
    Object process = status == null ? null : status.get("process");
    String p = process == null ? "" : process.toString().toLowerCase(java.util.Locale.ROOT);
    if (p.equals("java")) {
      return EMULATOR;
    }
    String name = build.containsKey("psmdbVersion") ? "Percona Server for MongoDB"
        : isEnterprise(build) ? "MongoDB Enterprise" : "MongoDB";
    if (p.contains("mongos")) {
      return name + " (mongos)";
    }
    if (p.contains("mongod") || build.containsKey("gitVersion")) {
      return name;
    }
    return "unknown MongoDB-compatible server" + (process == null ? "" : " (serverStatus.process=" + process + ")");
  }

  private static boolean isEnterprise(Document build) {
    Object modules = build.get("modules");
    return modules instanceof List && ((List<?>) modules).contains("enterprise");
  }

  /** Whether the isMaster reply comes from a mongos. */
  public static boolean isMongos(Document isMaster) {
    return MONGOS_MSG.equals(isMaster.get("msg"));
  }

  /** Whether serverStatus (null when it failed) comes from mongo-java-server. */
  public static boolean isEmulator(Document status) {
    return product(new Document(), status).equals(EMULATOR);
  }
}
