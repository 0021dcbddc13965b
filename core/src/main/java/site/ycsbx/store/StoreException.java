package site.ycsbx.store;

/** A store operation failed; the workload records it as an error of that operation. */
public class StoreException extends Exception {
  public StoreException(String message) {
    super(message);
  }

  public StoreException(String message, Throwable cause) {
    super(message, cause);
  }
}
