package site.ycsbx.db.jdbc;

import java.sql.SQLException;

/**
 * The database of one store contract test: created when the contract asks for its first
 * binding, reached by every later binding of the same test (a second client thread), dropped
 * by {@link #drop()} from the contract's dropFixture, once the contract has cleaned up every
 * binding it opened.
 */
public final class ContractDatabase {
  private final TestDatabase.Target target;
  private final String scheme;
  private TestDatabase db;

  public ContractDatabase(TestDatabase.Target target) {
    this(target, "mysql");
  }

  /** On MariaDB through the driver db.url's scheme selects ("mysql", "mariadb"). */
  public ContractDatabase(TestDatabase.Target target, String scheme) {
    this.target = target;
    this.scheme = scheme;
  }

  public TestDatabase.Target target() {
    return target;
  }

  /** The test's database, created on first use. */
  public TestDatabase get() {
    if (db == null) {
      db = TestDatabase.create(target, scheme);
    }
    return db;
  }

  /** A JdbcClient on the test's database, for the contract to init. */
  public JdbcClient newBinding() {
    return get().client();
  }

  public void drop() throws SQLException {
    if (db != null) {
      try {
        db.close();
      } finally {
        db = null;
      }
    }
  }
}
