package site.ycsbx.db.jdbc;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.Preflight;
import site.ycsbx.store.ProbeStore;
import site.ycsbx.util.UserError;
import site.ycsbx.workloads.ProbeWorkload;
import site.ycsbx.workloads.StoreWorkload;
import site.ycsbx.workloads.iibench.IIBenchWorkload;

/**
 * Checks the JDBC options, connects (failing within seconds), checks {@code jdbc.engine}
 * against the server's engines and against the engine of an existing table, requires YCSB's
 * table before a run, checks existing iibench tables and batch sizes ({@link IIBenchPreflight}),
 * and fills the fingerprint. Reads only: the connection is read-only.
 */
public final class JdbcPreflight implements Preflight {
  /** Prefixes whose properties this binding owns (a misspelt one is refused by bin/ycsb). */
  @Override
  public Set<String> propertyPrefixes() {
    return Set.of("db.", "jdbc.");
  }

  /** The db.* and jdbc.* properties this binding reads. */
  @Override
  public Set<String> knownProperties() {
    return JdbcOptions.KNOWN;
  }

  @Override
  public void check(Properties props, Phase phase, Fingerprint fp) {
    JdbcOptions o = JdbcOptions.parse(props);
    SqlDialect d = o.dialect();
    try (Connection c = Connector.open(o)) {
      c.setReadOnly(true);
      inspect(c, d, o, props, phase, fp);
    } catch (SQLException e) {
      throw UserError.target("cannot inspect the server at " + o.maskedUrl() + ": " + Connector.message(e, o));
    }
  }

  private static void inspect(Connection c, SqlDialect d, JdbcOptions o, Properties props, Phase phase, Fingerprint fp)
      throws SQLException {
    String product = d.product(c);
    String version = d.version(c);
    String engine = null;
    if (o.engine() != null) {
      List<String> engines = d.availableEngines(c);
      engine = engines.stream().filter(e -> e.equalsIgnoreCase(o.engine())).findFirst().orElseThrow(
          () -> UserError.target(JdbcOptions.ENGINE_PROPERTY + "=" + o.engine() + " is not an engine of " + product + " "
              + version + " at " + o.maskedUrl() + "; engines available: " + String.join(", ", engines)));
    }
    String table = tableOfWorkload(props, o);
    boolean usertable = o.table().equals(table);
    Optional<String> existing = table == null ? Optional.empty() : d.tableEngine(c, table);
    String where = d.location(c);
    IIBenchPreflight.Result iibench = null;
    if (isIIBench(props)) {
      iibench = new IIBenchPreflight(props).check(c, d, o, engine, where);
      existing = iibench.engine();
    }
    if (existing.isPresent() && engine != null && !existing.get().equalsIgnoreCase(engine)) {
      throw UserError.target(Tables.mismatch(table, existing.get(), engine) + " (" + where + " at " + o.maskedUrl() + ")");
    }
    String state = "n/a";
    if (usertable) {
      if (existing.isEmpty()) {
        if (phase == Phase.RUN) {
          throw UserError.target("table " + table + " does not exist in " + where + " at " + o.maskedUrl()
              + "; run bin/ycsb load with the same properties first");
        }
        state = "absent, created by the load";
      } else {
        checkColumns(c, d, o, table, where);
        boolean hasRows = hasRows(c, table);
        state = hasRows ? "exists, has rows" : "exists, empty";
        if (hasRows && phase == Phase.LOAD) {
          System.err.println("[WARN] loading into " + table + " in " + where
              + ", which already holds rows: keys that exist will fail as duplicates");
        }
      }
    }
    String storageEngine = existing.orElse(engine != null ? engine : d.defaultEngine(c));

    fp.put("server.product", product);
    fp.put("server.version", version);
    fp.put("storage.engine", storageEngine);
    d.putDurability(c, storageEngine, fp);
    fp.put("db.url", o.connectionUrl());
    fp.put("db.user", o.user().isEmpty() ? "(from db.url)" : o.user());
    // iibench sends its own batches (iibench.batchsize rows per INSERT), not db.batchsize's
    fp.put("db.batchsize", iibench == null ? String.valueOf(o.batchSize()) : "n/a (iibench.batchsize)");
    fp.put("jdbc.autocommit", o.autocommit());
    fp.put("jdbc.fetchsize", o.fetchSize() == 0 ? "driver default" : String.valueOf(o.fetchSize()));
    fp.put("jdbc.engine", o.engine() == null ? "server default" : o.engine());
    if (table != null) {
      fp.put("jdbc.table", table + " in " + where + (usertable ? " (" + state + ")" : ""));
    } else if (iibench != null) {
      fp.put("jdbc.table", iibench.tables());
    }
  }

  /**
   * The table the workload uses: YCSB's table for workloads that call the DB's
   * read/insert/update/scan/delete; the probe table for the probe; none for other store
   * workloads, whose stores create their own tables.
   */
  private static String tableOfWorkload(Properties props, JdbcOptions o) {
    Class<?> w = workloadClass(props);
    if (w == null) {
      return o.table();
    }
    if (ProbeWorkload.class.isAssignableFrom(w)) {
      return ProbeStore.TABLE;
    }
    return StoreWorkload.class.isAssignableFrom(w) ? null : o.table();
  }

  /** The insert benchmark: its tables are checked when they exist, created by the workload otherwise. */
  private static boolean isIIBench(Properties props) {
    Class<?> w = workloadClass(props);
    return w != null && IIBenchWorkload.class.isAssignableFrom(w);
  }

  private static Class<?> workloadClass(Properties props) {
    String name = props.getProperty("workload", "site.ycsb.workloads.CoreWorkload");
    try {
      return Class.forName(name, false, JdbcPreflight.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      return null;
    }
  }

  private static void checkColumns(Connection c, SqlDialect d, JdbcOptions o, String table, String where)
      throws SQLException {
    Set<String> columns = d.columns(c, table);
    List<String> missing = new ArrayList<>();
    for (String f : o.fieldNames()) {
      if (!columns.contains(f.toLowerCase(Locale.ROOT))) {
        missing.add(f);
      }
    }
    if (!columns.contains(UserTable.KEY_COLUMN.toLowerCase(Locale.ROOT))) {
      missing.add(0, UserTable.KEY_COLUMN);
    }
    if (!missing.isEmpty()) {
      throw UserError.target("table " + table + " in " + where + " has no column " + String.join(", ", missing)
          + " (" + JdbcOptions.FIELD_COUNT_PROPERTY + "=" + o.fieldNames().size() + "); load it with the same "
          + JdbcOptions.FIELD_COUNT_PROPERTY + " or use another " + JdbcOptions.TABLE_PROPERTY);
    }
  }

  private static boolean hasRows(Connection c, String table) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1 FROM " + table + " LIMIT 1")) {
      return rs.next();
    }
  }
}
