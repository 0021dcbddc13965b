package site.ycsbx.util;

/**
 * Bad input or an unusable environment, reported to the user as one line (no stack trace)
 * with a non-zero exit code, before anything is created or dropped.
 */
public class UserError extends RuntimeException {
  /** Bad command line, property or value. */
  public static final int BAD_INPUT = 2;
  /** The input was fine but the target is unusable (unreachable, wrong engine, missing table). */
  public static final int TARGET_UNUSABLE = 1;

  private final int exitCode;

  public UserError(String message) {
    this(message, BAD_INPUT);
  }

  public UserError(String message, int exitCode) {
    super(message);
    this.exitCode = exitCode;
  }

  public static UserError target(String message) {
    return new UserError(message, TARGET_UNUSABLE);
  }

  public int exitCode() {
    return exitCode;
  }
}
