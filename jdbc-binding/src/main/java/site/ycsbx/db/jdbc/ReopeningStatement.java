package site.ycsbx.db.jdbc;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A statement of a {@link ReopeningConnection}: prepared again on the current connection at its
 * first use after a re-open, with the settings it was given (fetch size, query timeout, ...).
 * Parameters and batches do not survive a re-open: they belonged to the operation that failed.
 */
final class ReopeningStatement implements InvocationHandler {
  private static final Set<String> MOOT_WHEN_STALE = Set.of("close", "clearBatch", "clearParameters",
      "clearWarnings", "cancel");

  private final ReopeningConnection owner;
  private final Method create;
  private final Object[] createArgs;
  // the last value of each statement-wide setting, by method name
  private final Map<String, Map.Entry<Method, Object[]>> settings = new LinkedHashMap<>();
  private Statement real;
  private int generation;
  private boolean closed;

  private ReopeningStatement(ReopeningConnection owner, Method create, Object[] createArgs, Statement real, int generation) {
    this.owner = owner;
    this.create = create;
    this.createArgs = createArgs;
    this.real = real;
    this.generation = generation;
  }

  static Statement wrap(ReopeningConnection owner, Class<?> type, Method create, Object[] args, Statement real,
      int generation) {
    return (Statement) Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type},
        new ReopeningStatement(owner, create, args, real, generation));
  }

  @Override
  public Object invoke(Object p, Method m, Object[] args) throws Throwable {
    String name = m.getName();
    switch (name) {
      case "isClosed":
        return closed;
      case "equals":
        return p == args[0];
      case "hashCode":
        return System.identityHashCode(p);
      case "toString":
        return String.valueOf(real);
      case "close":
        closed = true;
        break;
      default:
        break;
    }
    boolean stale = owner.isBroken() || generation != owner.generation();
    if (stale && MOOT_WHEN_STALE.contains(name)) {
      return null;
    }
    if (name.startsWith("set") && m.getDeclaringClass() == Statement.class) {
      // statement-wide settings (setFetchSize, setQueryTimeout, setMaxRows, ...), not parameters
      settings.put(name, Map.entry(m, args));
    }
    Statement s = current();
    try {
      return m.invoke(s, args);
    } catch (InvocationTargetException e) {
      throw owner.failed(e.getCause());
    }
  }

  private Statement current() throws SQLException {
    Connection c = owner.current();
    if (generation == owner.generation()) {
      return real;
    }
    Statement fresh;
    try {
      fresh = (Statement) create.invoke(c, createArgs);
      for (Map.Entry<Method, Object[]> e : settings.values()) {
        e.getKey().invoke(fresh, e.getValue());
      }
    } catch (InvocationTargetException e) {
      Throwable t = owner.failed(e.getCause());
      if (t instanceof SQLException s) {
        throw s;
      }
      throw new SQLException(t);
    } catch (IllegalAccessException e) {
      throw new SQLException(e);
    }
    real = fresh;
    generation = owner.generation();
    return real;
  }
}
