package site.ycsbx.db.mongodb.port;

import java.util.Iterator;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * A side of the port's calls into its driver, the driver's failures (of type {@code E}) thrown
 * as {@link PortException}s; other exceptions pass unchanged.
 */
public abstract class DriverCalls<E extends RuntimeException> {
  private final Class<E> failureType;
  private final Function<Throwable, String> describe;

  /** {@code describe} gives a failure's one line, as the binding's error logs print it. */
  protected DriverCalls(Class<E> failureType, Function<Throwable, String> describe) {
    this.failureType = failureType;
    this.describe = describe;
  }

  /** The binding's one line for {@code e}, the message of the port's failure. */
  protected final String describe(Throwable e) {
    return describe.apply(e);
  }

  /** The driver's failure as the port's. */
  public abstract PortException failure(E e);

  /** {@code driver}'s result. */
  public final <T> T call(Supplier<T> driver) {
    try {
      return driver.get();
    } catch (RuntimeException e) {
      throw translated(e);
    }
  }

  /** Runs {@code driver}. */
  public final void run(Runnable driver) {
    try {
      driver.run();
    } catch (RuntimeException e) {
      throw translated(e);
    }
  }

  /** A driver's cursor as the port's, each document through {@code read}; {@code close} closes the driver's. */
  public final <D> PortCursor cursor(Iterator<D> documents, Function<D, Map<String, Object>> read, Runnable close) {
    return new PortCursor() {
      @Override
      public boolean hasNext() {
        return call(documents::hasNext);
      }

      @Override
      public Map<String, Object> next() {
        return call(() -> read.apply(documents.next()));
      }

      @Override
      public void close() {
        run(close);
      }
    };
  }

  private RuntimeException translated(RuntimeException e) {
    return failureType.isInstance(e) ? failure(failureType.cast(e)) : e;
  }
}
