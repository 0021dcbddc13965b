package site.ycsbx.db.jdbc.conn;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import site.ycsbx.store.StoreDemand;

/**
 * A family check's walk over the tables its store will use, one table at a time: a drop the plan
 * asks for must be of the family's own table, a verify needs every table, and an existing table
 * must be usable as it is. What the walk found labels the run: the first existing table's engine,
 * the tables that exist and those that hold rows.
 */
public final class TableWalk {
  /** The family's reason to refuse a drop of the table (not its own table); null when none. */
  public interface DropRefusal {
    String why() throws SQLException;
  }

  /** The family's reason to refuse the existing table of this engine as it is; null when it is usable. */
  public interface Unusable {
    String why(String engine) throws SQLException;
  }

  private final JdbcStoreCheck.Server server;
  private final boolean drop;
  private final boolean verify;
  private Optional<String> engine = Optional.empty();
  private final List<String> existing = new ArrayList<>();
  private final List<String> withRows = new ArrayList<>();

  /**
   * @param drop whether the workload drops and creates the tables (then no table is read further)
   * @param verify whether the workload reads what a load stored (then every table must exist)
   */
  public TableWalk(JdbcStoreCheck.Server server, boolean drop, boolean verify) {
    this.server = server;
    this.drop = drop;
    this.verify = verify;
  }

  /** Checks one table; throws the refusal that fits when it may not be used. */
  public void table(String name, DropRefusal dropRefusal, Unusable unusable) throws SQLException {
    Connection c = server.connection();
    String refused = drop ? dropRefusal.why() : null;
    if (refused != null) {
      throw server.dropRefusal(refused);
    }
    Optional<String> e = server.dialect().tableEngine(c, name);
    if (e.isEmpty() && verify) {
      throw StoreDemand.nothingStored("table " + name + " in " + server.location() + " at "
          + server.options().maskedUrl());
    }
    if (e.isEmpty() || drop) {
      return;
    }
    existing.add(name);
    engine = engine.or(() -> e);
    String why = unusable.why(e.get());
    if (why != null) {
      throw server.refusal(why);
    }
    if (Tables.hasRows(c, name)) {
      withRows.add(name);
    }
  }

  /** The engine of the first existing table; empty when none exists. */
  public Optional<String> engine() {
    return engine;
  }

  /** The tables that exist (none when the plan drops them). */
  public List<String> existing() {
    return existing;
  }

  /** The existing tables that hold rows. */
  public List<String> withRows() {
    return withRows;
  }
}
