package site.ycsbx.db.mongodb.port;

/**
 * A driver's failure on either line: its message is the binding's one short line for it (what
 * the error logs print), the driver's exception its cause.
 */
public final class PortException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final boolean duplicateKey;
  private final int storedBefore;

  public PortException(String line, Throwable cause, boolean duplicateKey, int storedBefore) {
    super(line, cause);
    this.duplicateKey = duplicateKey;
    this.storedBefore = storedBefore;
  }

  /** A failure of the port's own, not the driver's (no duplicate key, nothing stored). */
  public PortException(String line) {
    this(line, null, false, 0);
  }

  /** Whether a write failed on a unique index (error 11000 and its older codes). */
  public boolean duplicateKey() {
    return duplicateKey;
  }

  /**
   * Of an ordered batch, how many documents were stored before the failed write: 0 unless the
   * server said which write failed and acknowledged the others with the write concern asked for
   * (driver 3.5's getLastError on wire version 0 never does).
   */
  public int storedBefore() {
    return storedBefore;
  }
}
