package site.ycsbx.db.jdbc.conn;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A statement of a {@link ReopeningConnection} (its {@link Owner}): prepared again on the current connection at its
 * first use after a re-open, with the settings it was given (fetch size, query timeout, ...).
 * Parameters and batches do not survive a re-open: they belonged to the operation that failed.
 * Every statement that writes counts its rows into {@link SentRows}.
 */
public final class ReopeningStatement implements InvocationHandler {
  private static final Set<String> MOOT_WHEN_STALE = Set.of("close", "clearBatch", "clearParameters",
      "clearWarnings", "cancel");
  /** What {@link #direct} returns for a call it does not make. */
  private static final Object NOT_DIRECT = new Object();

  private final Owner owner;
  private final Method create;
  private final Object[] createArgs;
  // the last value of each statement-wide setting, by method name
  private final Map<String, Map.Entry<Method, Object[]>> settings = new LinkedHashMap<>();
  private Statement real;
  // entries added since the last executeBatch: what a failed batch may have written
  private int queued;
  private int generation;
  private boolean closed;

  /**
   * What a statement asks of its connection; a small interface so that the statement need not
   * know the connection's class, which creates it.
   */
  interface Owner {
    /** The driver connection to use now, re-opened when the link is broken. */
    Connection current() throws SQLException;

    /** How many times the driver connection was replaced: a statement of an older one is prepared again. */
    int generation();

    /** Whether the link to the server is broken. */
    boolean isBroken();

    /** The exception to give the caller; marks the link broken when the connection is gone. */
    Throwable failed(Throwable t);
  }

  private ReopeningStatement(Owner owner, Method create, Object[] createArgs, Statement real, int generation) {
    this.owner = owner;
    this.create = create;
    this.createArgs = createArgs;
    this.real = real;
    this.generation = generation;
  }

  static Statement wrap(Owner owner, Class<?> type, Method create, Object[] args, Statement real,
      int generation) {
    return (Statement) Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type},
        new ReopeningStatement(owner, create, args, real, generation));
  }

  @Override
  public Object invoke(Object p, Method m, Object[] args) throws Throwable {
    String name = m.getName();
    Object own = ProxySelf.answer(p, name, args, closed, () -> String.valueOf(real));
    if (own != ProxySelf.PASSED_ON) {
      return own;
    }
    if (name.equals("close")) {
      closed = true;
    }
    Object done = direct(name, args);
    if (done != NOT_DIRECT) {
      return done;
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
    Object result;
    try {
      result = m.invoke(s, args);
    } catch (InvocationTargetException e) {
      sentAndFailed(name);
      throw owner.failed(e.getCause());
    }
    sent(name, s, result);
    return result;
  }

  /** Counts the rows a call other than {@link #direct}'s wrote, from what it returned. */
  private void sent(String name, Statement s, Object result) {
    switch (name) {
      case "executeUpdate", "executeLargeUpdate" -> SentRows.updated(((Number) result).longValue());
      case "executeBatch" -> {
        SentRows.batch((int[]) result);
        queued = 0;
      }
      case "executeLargeBatch" -> {
        SentRows.batch((long[]) result);
        queued = 0;
      }
      case "execute" -> {
        if (!(Boolean) result) {
          try {
            SentRows.updated(s.getUpdateCount());
          } catch (SQLException e) {
            // the count is the driver's own, kept with the statement: nothing to count without it
          }
        }
      }
      case "addBatch" -> queued++;
      case "clearBatch" -> queued = 0;
      default -> {
        // no rows written
      }
    }
  }

  /** A writing call that failed may have written rows before it did (a key's violation): at most its entries. */
  private void sentAndFailed(String name) {
    switch (name) {
      case "executeUpdate", "executeLargeUpdate", "execute" -> SentRows.updated(1);
      case "executeBatch", "executeLargeBatch" -> {
        SentRows.updated(queued);
        queued = 0;
      }
      default -> {
        // no rows written
      }
    }
  }

  /**
   * The calls the stores make on every operation, made without reflection: the accessor behind
   * {@code Method.invoke} is shared by every method, so the JIT cannot inline the driver's call
   * through it, and on a one-core client its compiles take the client threads' CPU in a run's
   * first seconds. None of these is a statement-wide setting or moot when stale; the overloads
   * taken are the ones of the argument count checked. NOT_DIRECT for the other calls, which go
   * through {@code Method.invoke}.
   */
  private Object direct(String name, Object[] args) throws Throwable {
    int n = args == null ? 0 : args.length;
    boolean known = switch (name) {
      case "setLong", "setInt", "setString", "setDouble", "setBytes", "setObject" -> n == 2;
      case "executeQuery", "executeUpdate", "execute", "addBatch", "executeBatch" -> n == 0;
      default -> false;
    };
    if (!known) {
      return NOT_DIRECT;
    }
    Statement s = current();
    try {
      switch (name) {
        case "executeBatch": {
          int[] counts = s.executeBatch();
          queued = 0;
          SentRows.batch(counts);
          return counts;
        }
        case "executeQuery":
          return ((PreparedStatement) s).executeQuery();
        case "execute": {
          // BEGIN and COMMIT of every sysbench transaction
          Boolean result = ((PreparedStatement) s).execute();
          sent(name, s, result);
          return result;
        }
        case "executeUpdate": {
          int rows = ((PreparedStatement) s).executeUpdate();
          SentRows.updated(rows);
          return rows;
        }
        case "addBatch":
          ((PreparedStatement) s).addBatch();
          queued++;
          break;
        default:
          set((PreparedStatement) s, name, (Integer) args[0], args[1]);
          break;
      }
      return null;
    } catch (Throwable t) {
      sentAndFailed(name);
      throw owner.failed(t);
    }
  }

  /** {@link #direct}'s parameter setters: the driver's own method for the value's type. */
  private static void set(PreparedStatement ps, String setter, int index, Object value) throws SQLException {
    switch (setter) {
      case "setLong" -> ps.setLong(index, (Long) value);
      case "setInt" -> ps.setInt(index, (Integer) value);
      case "setString" -> ps.setString(index, (String) value);
      case "setDouble" -> ps.setDouble(index, (Double) value);
      case "setBytes" -> ps.setBytes(index, (byte[]) value);
      default -> ps.setObject(index, value);
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
