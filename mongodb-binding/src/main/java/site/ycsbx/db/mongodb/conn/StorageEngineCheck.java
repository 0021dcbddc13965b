package site.ycsbx.db.mongodb.conn;

import org.bson.Document;
import site.ycsbx.util.UserError;

/**
 * Compares the storage engine the user expects ({@value MongoOptions#STORAGE_ENGINE_PROPERTY})
 * with the one the server reports in {@code serverStatus.storageEngine.name}, before any
 * write: numbers measured on the wrong engine are worse than none.
 */
public final class StorageEngineCheck {
  /** What the fingerprint says when serverStatus has no storageEngine section. */
  public static final String NOT_REPORTED = "not reported by server";

  private StorageEngineCheck() {
  }

  /** The only engine of MongoDB before 3.0. */
  public static final String MMAPV1 = "mmapv1";

  /**
   * Whether buildInfo names a version before 3.0: those servers have no storageEngine section
   * in serverStatus because MMAPv1 was their only engine (2.6 against 3.0 is a comparison
   * people publish, so the engine must be known there too).
   */
  public static boolean beforeEngines(Document buildInfo) {
    Object array = buildInfo == null ? null : buildInfo.get("versionArray");
    if (array instanceof java.util.List<?> l && !l.isEmpty() && l.get(0) instanceof Number major) {
      return major.intValue() < 3;
    }
    Object version = buildInfo == null ? null : buildInfo.get("version");
    if (version instanceof String v && v.matches("\\d+(\\..*)?")) {
      return Integer.parseInt(v.split("\\.")[0]) < 3;
    }
    return false;
  }

  /** The engine name in a serverStatus reply, or null when the reply has none. */
  public static String reported(Document serverStatus) {
    if (serverStatus == null) {
      return null;
    }
    Object section = serverStatus.get("storageEngine");
    if (!(section instanceof Document)) {
      return null;
    }
    Object name = ((Document) section).get("name");
    return name instanceof String && !((String) name).isBlank() ? (String) name : null;
  }

  /** serverStatus.storageEngine.persistent, or null when not reported. */
  public static Boolean persistent(Document serverStatus) {
    Object section = serverStatus == null ? null : serverStatus.get("storageEngine");
    if (section instanceof Document && ((Document) section).get("persistent") instanceof Boolean) {
      return ((Document) section).getBoolean("persistent");
    }
    return null;
  }

  /**
   * Passes when nothing was asked or the names match (case-insensitive).
   *
   * @param requested the user's engine, or null
   * @param reported the server's engine, or null when it does not report one
   * @param whyUnknown why the engine is unknown (e.g. serverStatus not authorized), or null
   * @param maskedUrl the server, for the message
   * @throws UserError (target unusable) on a mismatch, or when an engine was asked but cannot be verified
   */
  public static void verify(String requested, String reported, String whyUnknown, String maskedUrl) {
    if (requested == null) {
      return;
    }
    if (reported == null) {
      throw UserError.target(MongoOptions.STORAGE_ENGINE_PROPERTY + "=" + requested + " cannot be verified: the server at "
          + maskedUrl + " does not report its storage engine ("
          + (whyUnknown == null ? "serverStatus has no storageEngine section" : whyUnknown)
          + "); remove " + MongoOptions.STORAGE_ENGINE_PROPERTY + " to run without the check");
    }
    if (!requested.equalsIgnoreCase(reported)) {
      throw UserError.target(MongoOptions.STORAGE_ENGINE_PROPERTY + "=" + requested + " but the server at " + maskedUrl
          + " runs storage engine " + reported + " (serverStatus.storageEngine.name); nothing was written");
    }
  }
}
