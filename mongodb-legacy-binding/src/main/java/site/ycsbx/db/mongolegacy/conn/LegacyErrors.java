package site.ycsbx.db.mongolegacy.conn;

import site.ycsbx.util.Secrets;

/** The 3.5 driver's errors as this binding reports them: one line, any URL in them masked. */
public final class LegacyErrors {
  private LegacyErrors() {
  }

  /** The driver's message, one line, any URL in it masked. */
  public static String describe(Throwable e) {
    String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return Secrets.maskUrl(m.replace('\n', ' '));
  }
}
