package site.ycsbx.db.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import site.ycsbx.db.jdbc.conn.BeforeStatements;
import site.ycsbx.db.jdbc.conn.Connector;
import site.ycsbx.db.jdbc.conn.JdbcDatabaseLock;
import site.ycsbx.db.jdbc.conn.JdbcOptions;
import site.ycsbx.db.jdbc.conn.JdbcStoreCheck;
import site.ycsbx.db.jdbc.conn.MariaDbServerWork;
import site.ycsbx.db.jdbc.conn.MissingDatabase;
import site.ycsbx.db.jdbc.conn.PostgresServerWork;
import site.ycsbx.db.jdbc.conn.ReopeningConnection;
import site.ycsbx.db.jdbc.conn.ServerStatements;
import site.ycsbx.db.jdbc.conn.SqlDialect;
import site.ycsbx.db.jdbc.conn.TableCounts;
import site.ycsbx.db.jdbc.conn.Tables;
import site.ycsbx.db.jdbc.conn.UserTable;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.Preflight;
import site.ycsbx.store.ServerAddress;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.YcsbTable;
import site.ycsbx.util.PropertyDef;
import site.ycsbx.util.UserError;

/**
 * Checks the JDBC options, connects (failing within seconds), checks {@code jdbc.engine}
 * against the server's engines, then the tables of the run: YCSB's table for YCSB's own
 * workloads (required before a run, with the engine asked and its fields), otherwise the
 * {@link JdbcStoreCheck} that {@link JdbcStores} registers for the store the workload takes.
 * Fills the fingerprint. Reads only (the connection is read-only), except that a load creates the
 * database db.url names when the server lacks it ({@link MissingDatabase}), and the statements the
 * user asked for in {@value BeforeStatements#PROPERTY} run first; a database an experiment holds
 * ({@link JdbcDatabaseLock}) is refused before those statements.
 */
public final class JdbcPreflight implements Preflight {
  /** Where else a load could go, for the refusal of a load into a table already loaded. */
  private final String elsewhere;
  /** How long the size at a run's end may wait for an answer. */
  private static final int SIZE_TIMEOUT_MILLIS = 10_000;
  /** How long the count of a run's tables (an exact COUNT(*) of up to a million rows) may wait. */
  private static final int COUNT_TIMEOUT_MILLIS = 60_000;

  public JdbcPreflight() {
    this("another database (" + JdbcOptions.URL_PROPERTY + ")");
  }

  /** @param elsewhere where else a load could go, e.g. another data folder of a server the binding runs */
  public JdbcPreflight(String elsewhere) {
    this.elsewhere = elsewhere;
  }

  /** Prefixes whose properties this binding owns (a misspelt one is refused by bin/ycsb). */
  @Override
  public Set<String> propertyPrefixes() {
    return Set.of("db.", "jdbc.");
  }

  /** The db.* and jdbc.* properties this binding reads, and YCSB's table's {@value YcsbTable#DROP_PROPERTY}. */
  private static final List<PropertyDef> PROPERTIES = declared();

  private static List<PropertyDef> declared() {
    List<PropertyDef> out = new ArrayList<>(JdbcOptions.PROPERTIES);
    out.add(BeforeStatements.DEF);
    out.add(YcsbTable.DROP);
    return List.copyOf(out);
  }

  @Override
  public List<PropertyDef> properties() {
    return PROPERTIES;
  }

  @Override
  public void check(Properties props, Phase phase, StoreDemand demand, Fingerprint fp) {
    JdbcOptions o = JdbcOptions.parse(props);
    for (String note : o.notes()) {
      System.out.println(NOTE_PREFIX + note);
    }
    // generating them makes the JIT compile the JDK's class writer with C2 (0.3 to 0.6 s of CPU): here,
    // that overlaps the checks below instead of the run's first second, when it would take the client's
    // core from the client threads on a small client machine
    ReopeningConnection.defineProxyClasses();
    ServerStatements.pending(o);
    // a misspelt engine is refused before the database is created, not after
    MissingDatabase.createIfAbsent(o, phase, server -> engineAsked(server, o));
    // a database an experiment holds is refused before anything runs on it, its statements first
    JdbcDatabaseLock.check(o, props);
    BeforeStatements.run(o, props, fp);
    // its catalog reads take no prepared statement from the server, which may have none left
    try (Connection c = Connector.open(o, ServerStatements.clientSide(o), Connector.PREFLIGHT_NETWORK_TIMEOUT_SECONDS * 1000)) {
      c.setReadOnly(true);
      ServerStatements.Decision prepared = ServerStatements.decide(c, o, props, demand);
      JdbcStoreCheck.Server server = new JdbcStoreCheck.Server(c, o, engineAsked(c, o), o.dialect().location(c));
      inspect(server, phase, demand, fp, props, elsewhere, prepared);
      MariaDbServerWork.offer(o);
      PostgresServerWork.offer(o);
    } catch (SQLException e) {
      throw UserError.target("cannot inspect the server at " + o.maskedUrl() + ": " + Connector.message(e, o));
    }
  }

  /** The tables' bytes on storage as the dialect reads them (iibench's rounds read the same), on a connection of its own. */
  @Override
  public site.ycsbx.store.SizeReport storedSize(Properties props, List<String> tables) {
    JdbcOptions o = JdbcOptions.parse(props);
    // a bounded wait: the run's figures are in, and a server that stopped answering must not hold up the export
    try (Connection c = Connector.open(o, java.util.Map.of(), SIZE_TIMEOUT_MILLIS)) {
      return o.dialect().tableSizes(c, tables);
    } catch (SQLException | RuntimeException e) {
      return new site.ycsbx.store.SizeReport(-1, -1, "not measured: " + Connector.message(e, o));
    }
  }

  /** Each table's rows as {@link TableCounts} reads them (no full count of a large table), on a connection of its own. */
  @Override
  public List<site.ycsbx.store.TableCount> tableCounts(Properties props, List<String> tables) {
    JdbcOptions o = JdbcOptions.parse(props);
    try (Connection c = Connector.open(o, java.util.Map.of(), COUNT_TIMEOUT_MILLIS)) {
      List<site.ycsbx.store.TableCount> counts = TableCounts.of(c, o.dialect(), tables);
      // its rows read (a COUNT(*) of up to a million) are this run's, not another client's
      MariaDbServerWork.sessionEnded(c, o);
      return counts;
    } catch (SQLException e) {
      throw new IllegalStateException(Connector.message(e, o), e);
    }
  }

  @Override
  public site.ycsbx.store.DatabaseLock databaseLock() {
    return new JdbcDatabaseLock();
  }

  /** From db.url: its first host and port, local when every host it names is this machine. */
  @Override
  public ServerAddress serverAddress(Properties props) {
    JdbcOptions o = JdbcOptions.parse(props);
    return ServerAddress.of(o.serverHost(), o.serverPort(), o.serverIsLocal());
  }

  /** {@code jdbc.engine} as the server spells it; null when not set; bad input when the server lacks it. */
  private static String engineAsked(Connection c, JdbcOptions o) throws SQLException {
    if (o.engine() == null) {
      return null;
    }
    SqlDialect d = o.dialect();
    List<String> engines = d.availableEngines(c);
    Optional<String> engine = engines.stream().filter(e -> e.equalsIgnoreCase(o.engine())).findFirst();
    if (engine.isEmpty()) {
      throw new UserError(JdbcOptions.ENGINE_PROPERTY + "=" + o.engine() + " is not an engine of " + d.product(c) + " "
          + d.version(c) + " at " + o.maskedUrl() + "; engines available: " + String.join(", ", engines));
    }
    return engine.get();
  }

  private static void inspect(JdbcStoreCheck.Server s, Phase phase, StoreDemand demand, Fingerprint fp, Properties props,
      String elsewhere, ServerStatements.Decision prepared) throws SQLException {
    Connection c = s.connection();
    SqlDialect d = s.dialect();
    JdbcOptions o = s.options();
    Optional<JdbcStoreCheck.Report> report = tables(s, phase, demand, props, elsewhere);
    String storageEngine = report.flatMap(JdbcStoreCheck.Report::engine)
        .orElse(s.engine() != null ? s.engine() : d.defaultEngine(c));

    fp.put("server.product", d.product(c));
    fp.put("server.version", d.version(c));
    fp.put("storage.engine", storageEngine);
    d.putDurability(c, storageEngine, fp);
    d.putServerSettings(c, storageEngine, fp);
    fp.put("db.url", o.connectionUrl());
    fp.put("db.user", o.user().isEmpty() ? "(from db.url)" : o.user());
    fp.put("db.batchsize", report.flatMap(JdbcStoreCheck.Report::batchSizeProperty).map(p -> "n/a (" + p + ")")
        .orElse(o.commitEvery() > 1 ? o.commitEvery() + " (rows per commit, one INSERT each)"
            : String.valueOf(o.batchSize())));
    fp.put(JdbcOptions.BATCH_UPDATE_API_PROPERTY, o.describeBatchUpdateApi());
    fp.put("jdbc.prepared", ServerStatements.describe(d.preparedStatements(o.connectionUrl()), prepared));
    String reads = d.reads(o.connectionUrl());
    fp.put("jdbc.driver", null); // one fingerprint a JVM: a preflight of another server's may have set it
    if (reads != null) {
      java.sql.DatabaseMetaData md = c.getMetaData();
      String version = md.getDriverVersion(); // Connector/J's ends in " (Revision: <40 hex digits>)"
      int cut = version.indexOf(" (");
      fp.put("jdbc.driver", md.getDriverName() + " " + (cut > 0 ? version.substring(0, cut) : version) + "; " + reads);
    }
    fp.put("jdbc.autocommit", o.autocommit());
    fp.put("jdbc.fetchsize", o.fetchSize() == 0 ? "driver default" : String.valueOf(o.fetchSize()));
    fp.put("jdbc.engine", o.engine() == null ? "server default" : o.engine());
    report.ifPresent(r -> fp.put("jdbc.table", r.tables()));
  }

  /**
   * The tables of the run, checked: YCSB's table for YCSB's own workloads, else the check of the
   * workload's family; empty for a family with nothing to check.
   */
  private static Optional<JdbcStoreCheck.Report> tables(JdbcStoreCheck.Server s, Phase phase, StoreDemand demand,
      Properties props, String elsewhere) throws SQLException {
    if (demand.isNone()) {
      return Optional.of(userTable(s, phase, props, elsewhere));
    }
    Optional<JdbcStoreCheck> check = new JdbcStores().check(demand);
    return check.isEmpty() ? Optional.empty() : Optional.of(check.get().check(s, demand));
  }

  /**
   * YCSB's table: a run needs it loaded with this fieldcount; a load creates it when absent and
   * warns when it holds rows. Its engine must be the one asked.
   */
  private static JdbcStoreCheck.Report userTable(JdbcStoreCheck.Server s, Phase phase, Properties props,
      String elsewhere) throws SQLException {
    Connection c = s.connection();
    JdbcOptions o = s.options();
    String table = o.table();
    YcsbTable ycsb = YcsbTable.of(props);
    boolean drop = YcsbTable.drop(props);
    if (drop && phase == Phase.RUN) {
      throw new UserError(YcsbTable.dropOnlyInLoad());
    }
    Optional<String> existing = s.dialect().tableEngine(c, table);
    if (drop && existing.isPresent()) {
      String refused = UserTable.dropRefusal(c, s.dialect(), table, ycsb);
      if (refused != null) {
        throw s.dropRefusal(refused);
      }
      return new JdbcStoreCheck.Report(Optional.empty(), table + " in " + s.location() + " (dropped and created by the"
          + " load: " + YcsbTable.DROP_PROPERTY + "=true)", Optional.empty());
    }
    if (existing.isPresent() && s.engine() != null && !existing.get().equalsIgnoreCase(s.engine())) {
      throw s.refusal(Tables.mismatch(table, existing.get(), s.engine()));
    }
    String state;
    if (existing.isEmpty()) {
      if (phase == Phase.RUN) {
        throw UserError.target("table " + table + " does not exist in " + s.location() + " at " + o.maskedUrl()
            + "; run bin/ycsb load with the same properties first");
      }
      state = "absent, created by the load";
    } else {
      checkColumns(c, s.dialect(), o, table, s.location());
      String lastKey = phase == Phase.RUN ? YcsbTable.lastKeyRead(props) : null;
      if (lastKey != null && !UserTable.holds(c, table, lastKey)) {
        // one primary-key lookup: the run's reads past the loaded keys found nothing and said so only as NOT_FOUND
        throw s.refusal(ycsb.tooFewRecords("table " + table, lastKey));
      }
      boolean hasRows = Tables.hasRows(c, table);
      state = hasRows ? "exists, has rows" : "exists, empty";
      if (hasRows && phase == Phase.LOAD && !ycsb.loadsNothing()) {
        if (UserTable.holds(c, table, ycsb.firstKey())) {
          long rows = Tables.rows(c, table);
          throw UserError.target(ycsb.alreadyLoaded("table " + table + " in " + s.location() + " at " + o.maskedUrl(),
              rows, elsewhere));
        }
        System.err.println("[WARN] loading into " + table + " in " + s.location()
            + ", which already holds rows: keys that exist will fail as duplicates");
      }
    }
    return new JdbcStoreCheck.Report(existing, table + " in " + s.location() + " (" + state + ")", Optional.empty());
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
}
