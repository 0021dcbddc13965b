package site.ycsbx.db.jdbc.filemeta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import site.ycsb.DB;
import site.ycsbx.db.jdbc.ContractDatabase;
import site.ycsbx.db.jdbc.JdbcPreflight;
import site.ycsbx.db.jdbc.TestDatabase;
import site.ycsbx.db.jdbc.conn.JdbcOptions;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.Preflight.Phase;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.StoreException;
import site.ycsbx.store.filemeta.FileMetaPlan;
import site.ycsbx.store.filemeta.FileMetaStore;
import site.ycsbx.store.filemeta.FileMetaStoreContract;
import site.ycsbx.store.filemeta.FileRow;
import site.ycsbx.util.UserError;

/**
 * The filemeta contract on one real server, plus what is particular to SQL: the spec's columns,
 * key and three indexes with the engine asked, the plans of the two queries (EXPLAIN: they read
 * user_id_updated and server_id_deleted), and an existing table kept or, when it has another
 * shape, refused. Each test gets a fresh database of its own.
 */
abstract class JdbcFileMetaStoreContractBase extends FileMetaStoreContract {
  private final ContractDatabase db;

  protected JdbcFileMetaStoreContractBase(TestDatabase.Target target) {
    this(target, "mysql");
  }

  /** On MariaDB through the driver db.url's scheme selects ("mysql", "mariadb"). */
  protected JdbcFileMetaStoreContractBase(TestDatabase.Target target, String scheme) {
    db = new ContractDatabase(target, scheme);
  }

  private TestDatabase.Target target() {
    return db.target();
  }

  @Override
  protected DB newBinding() {
    return db.newBinding();
  }

  @Override
  protected void dropFixture() throws Exception {
    db.drop();
  }

  private Map<String, String> columnTypes(String table) throws Exception {
    Map<String, String> types = new TreeMap<>();
    try (Connection c = db.get().connect(); PreparedStatement ps = c.prepareStatement("SELECT column_name, "
        + (target().mariadb() ? "column_type" : "data_type")
        + " FROM information_schema.columns WHERE table_schema = ? AND table_name = ?")) {
      ps.setString(1, db.get().name);
      ps.setString(2, table);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          types.put(rs.getString(1).toLowerCase(), rs.getString(2).toLowerCase());
        }
      }
    }
    return types;
  }

  @Test
  void theTableHasTheSpecsColumnsKeyIndexesAndTheEngineAsked() throws Exception {
    prepared();
    assertEquals(target().expectedEngine(), db.get().engine("files").orElse("absent"));
    Map<String, String> types = target().mariadb()
        ? Map.of("id", "bigint(20)", "path", "varchar(128)", "size", "bigint(20)", "server_id", "int(11)",
            "deleted", "smallint(6)", "last_updated", "datetime", "created", "datetime", "user_id", "bigint(20)")
        : Map.of("id", "bigint", "path", "character varying", "size", "bigint", "server_id", "integer",
            "deleted", "smallint", "last_updated", "timestamp without time zone", "created", "timestamp without time zone",
            "user_id", "bigint");
    assertEquals(new TreeMap<>(types), columnTypes("files"));
    try (Connection c = db.get().connect()) {
      assertEquals(List.of("id"), JdbcOptions.dialectFor(db.get().url()).primaryKey(c, "files"));
    }
    assertEquals(Map.of("server_id_deleted", List.of("server_id", "deleted"), "user_id_updated",
        List.of("user_id", "last_updated"), "user_id_path", List.of("user_id", "path")), db.get().secondaryIndexes("files"));
  }

  /** Enough files that a planner prefers an index: 40000 files of 400 users on 33 servers, 1% deleted. */
  private void loadForPlans(FileMetaStore s) throws Exception {
    for (int b = 0; b < 40; b++) {
      List<FileRow> batch = new ArrayList<>();
      for (int i = 0; i < 1000; i++) {
        long id = b * 1000L + i;
        batch.add(new FileRow(id, "/f/" + Long.toString(id * 7919, 36) + "/" + "p".repeat(30), id, (int) (id % 33),
            id % 100 == 7, T0 - id, T0 - id - 10, (id * 31) % 400));
      }
      s.insertFiles(batch);
    }
  }

  private String explain(String sql) throws Exception {
    StringBuilder plan = new StringBuilder();
    try (Connection c = db.get().connect(); Statement st = c.createStatement()) {
      st.execute(target().mariadb() ? "ANALYZE TABLE files" : "ANALYZE files");
      try (ResultSet rs = st.executeQuery("EXPLAIN " + sql)) {
        while (rs.next()) {
          if (target().mariadb()) {
            plan.append("type=").append(rs.getString("type")).append(" key=").append(rs.getString("key"))
                .append(" extra=").append(rs.getString("Extra")).append('\n');
          } else {
            plan.append(rs.getString(1)).append('\n');
          }
        }
      }
    }
    return plan.toString();
  }

  /** The spec's queries, as the store sends them, read the spec's indexes in their order. */
  @Test
  void theQueriesReadTheIntendedIndexes() throws Exception {
    FileMetaStore s = prepared();
    loadForPlans(s);
    String latest = explain(FileMetaSchema.latestByUser("files", 10).replace("?", "37"));
    String count = explain(FileMetaSchema.countDeleted("files").replace("?", "7"));
    if (target().mariadb()) {
      assertTrue(latest.startsWith("type=ref key=user_id_updated "), latest);
      assertFalse(latest.contains("filesort"), "read in index order: " + latest);
      assertTrue(count.startsWith("type=ref key=server_id_deleted "), count);
      assertTrue(count.contains("Using index"), "counted in the index alone: " + count);
    } else {
      assertTrue(latest.contains("Index Scan Backward using files_user_id_updated on files"), latest);
      assertFalse(latest.contains("Sort"), "read in index order: " + latest);
      assertTrue(count.contains("files_server_id_deleted"), count);
      assertFalse(count.contains("Seq Scan"), count);
    }
    // and what they return, on the same data
    List<FileRow> newest = s.latestByUser(37, 10);
    assertEquals(10, newest.size());
    assertTrue(newest.stream().allMatch(f -> f.userId() == 37));
    for (int i = 1; i < newest.size(); i++) {
      assertTrue(newest.get(i - 1).lastUpdated() > newest.get(i).lastUpdated(), "newest first");
    }
    long deleted = 0;
    for (long id = 0; id < 40_000; id++) {
      deleted += id % 100 == 7 && id % 33 == 7 ? 1 : 0;
    }
    assertEquals(deleted, s.countDeleted(7));
  }

  @Test
  void anExistingTableOfAnotherShapeIsRefusedByThePreflightAndTheStoreAndKept() throws Exception {
    db.get().execute("CREATE TABLE files (id BIGINT NOT NULL, path VARCHAR(128) NOT NULL, size BIGINT NOT NULL,"
        + " server_id INT NOT NULL, deleted SMALLINT NOT NULL, last_updated " + (target().mariadb() ? "DATETIME" : "TIMESTAMP")
        + " NOT NULL, created " + (target().mariadb() ? "DATETIME" : "TIMESTAMP") + " NOT NULL, user_id BIGINT NOT NULL,"
        + " PRIMARY KEY (id))" + (target().mariadb() ? " ENGINE=" + target().engine : ""),
        "INSERT INTO files VALUES (1, 'p', 1, 1, 0, '2011-01-01 00:00:00', '2011-01-01 00:00:00', 1)");
    String index = target().mariadb() ? "server_id_deleted" : "files_server_id_deleted";
    String why = "table files has no index " + index + ", not the index server_id_deleted (server_id, deleted) of the"
        + " filemeta spec's files table: drop it first (filemeta.drop=true), or name another table (filemeta.table)";

    Fingerprint fp = Fingerprint.current();
    UserError refused = assertThrows(UserError.class, () -> new JdbcPreflight().check(db.get().properties(), Phase.LOAD,
        new StoreDemand(FileMetaStore.class, FileMetaPlan.defaults(false)), fp));
    assertEquals(UserError.TARGET_UNUSABLE, refused.exitCode());
    assertTrue(refused.getMessage().startsWith(why + " ("), refused.getMessage());
    assertEquals(List.of("files"), db.get().tables(), "the preflight creates nothing");

    StoreException e = assertThrows(StoreException.class, () -> store().prepare(FileMetaPlan.defaults(false)));
    assertEquals(why, e.getMessage());
    assertEquals(1, db.get().rows("files"), "kept as it was");

    new JdbcPreflight().check(db.get().properties(), Phase.LOAD,
        new StoreDemand(FileMetaStore.class, FileMetaPlan.defaults(true)), fp);
    assertTrue(fp.get("jdbc.table").startsWith("files in "), fp.get("jdbc.table"));
    assertTrue(fp.get("jdbc.table").endsWith(" (dropped and created by the workload: filemeta.drop=true)"),
        fp.get("jdbc.table"));
    store().prepare(FileMetaPlan.defaults(true));
    assertEquals(3, db.get().secondaryIndexes("files").size());
    assertEquals(0, db.get().rows("files"));
  }

  @Test
  void thePreflightReportsAnExistingTableWithRowsAndRefusesABatchOneInsertCannotCarry() throws Exception {
    FileMetaStore s = prepared();
    s.insertFile(file(1, 1, 1, false, 1));
    Fingerprint fp = Fingerprint.current();
    new JdbcPreflight().check(db.get().properties(), Phase.LOAD,
        new StoreDemand(FileMetaStore.class, FileMetaPlan.defaults(false)), fp);
    assertTrue(fp.get("jdbc.table").endsWith(" (exists, with rows)"), fp.get("jdbc.table"));
    assertEquals(target().expectedEngine(), fp.get("storage.engine"));
    UserError tooBig = assertThrows(UserError.class, () -> new JdbcPreflight().check(db.get().properties(), Phase.LOAD,
        new StoreDemand(FileMetaStore.class, new FileMetaPlan("files", 9000, false)), Fingerprint.current()));
    assertEquals("filemeta.batchsize=9000 makes INSERTs of 72000 parameters (8 columns a file), over the 65535 a JDBC"
        + " prepared statement takes; filemeta.batchsize accepts at most 8191 on the jdbc binding", tooBig.getMessage());
  }
}
