package site.ycsbx.db.jdbc.iibench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.Connection;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.jdbc.JdbcClient;
import site.ycsbx.db.jdbc.JdbcPreflight;
import site.ycsbx.db.jdbc.TestDatabase;
import site.ycsbx.db.jdbc.conn.ClientConnection;
import site.ycsbx.db.jdbc.conn.Connector;
import site.ycsbx.db.jdbc.conn.JdbcOptions;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.Preflight.Phase;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.iibench.IIBenchTable;
import site.ycsbx.util.UserError;
import site.ycsbx.workloads.iibench.IIBenchWorkload;

/** The preflight of an iibench load, in process: what it reports about the tables, what it refuses, and that it writes nothing. */
@Tag("server")
class IIBenchPreflightTest {
  private final Fingerprint fp = Fingerprint.current();

  private static Properties iibench(TestDatabase db, String... kv) {
    Properties p = db.properties();
    p.setProperty("db", JdbcClient.class.getName());
    p.setProperty("workload", IIBenchWorkload.class.getName());
    p.setProperty("dotransactions", "false");
    p.setProperty("recordcount", "20000");
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  /** The preflight as bin/ycsb runs it: with the demand the workload makes of the binding. */
  private void check(Properties p) {
    new JdbcPreflight().check(p, Phase.LOAD, StoreDemand.of(p), fp);
  }

  @Test
  void existingTablesAreReportedAndTheirEngineLabelsTheRun() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_INNODB)) {
      JdbcOptions o = JdbcOptions.parse(db.properties());
      try (Connection c = Connector.open(o)) {
        new JdbcIIBenchStore(new ClientConnection(c, o)).prepare(new IIBenchTable("purchases_index_1", 3, 0, 100), false);
      }
      db.execute("INSERT INTO purchases_index_1 (dateandtime, cashregisterid, customerid, productid, price)"
          + " VALUES (NOW(), 1, 2, 3, 4.5)");
      Properties p = iibench(db, "iibench.tableperthread", "true", "threadcount", "3", "iibench.querythreads", "1");
      p.remove("jdbc.engine");
      check(p);
      assertEquals("purchases_index_0 .. purchases_index_1 in database " + db.name
          + " (1 of 2 exist, rows appended to purchases_index_1)", fp.get("jdbc.table"));
      assertEquals("InnoDB", fp.get("storage.engine"));
      assertEquals("n/a (iibench.batchsize)", fp.get("db.batchsize"));
      assertEquals(List.of("purchases_index_1"), db.tables());
      assertEquals(1, db.rows("purchases_index_1"));
    }
  }

  @Test
  void anAbsentTableIsCreatedByTheWorkloadNotByThePreflight() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.POSTGRESQL)) {
      check(iibench(db));
      assertEquals("purchases_index in schema " + db.name + " of database " + TestDatabase.PG_DATABASE
          + " (absent, created by the workload)", fp.get("jdbc.table"));
      assertEquals(List.of(), db.tables());
    }
  }

  @Test
  void aTableWithOtherIndexesIsRefusedUnlessDropped() throws Exception {
    try (TestDatabase db = TestDatabase.create(TestDatabase.Target.MARIADB_ROCKSDB)) {
      db.execute("CREATE TABLE purchases_index (transactionid BIGINT AUTO_INCREMENT PRIMARY KEY, dateandtime DATETIME"
          + " NOT NULL, cashregisterid INT NOT NULL, customerid INT NOT NULL, productid INT NOT NULL, price FLOAT NOT NULL,"
          + " INDEX marketsegment (price, customerid)) ENGINE=ROCKSDB");
      UserError e = assertThrows(UserError.class, () -> check(iibench(db)));
      assertEquals(UserError.TARGET_UNUSABLE, e.exitCode());
      assertEquals("table purchases_index has secondary indexes marketsegment (price, customerid), not the 3 of"
          + " iibench.indexes=3 (the results would be labelled wrong); iibench.drop=true drops it first, or set"
          + " iibench.indexes=1 (database " + db.name + " at " + db.url() + ")", e.getMessage());
      check(iibench(db, "iibench.drop", "true"));
      assertEquals("purchases_index in database " + db.name + " (dropped and created by the workload: iibench.drop=true)",
          fp.get("jdbc.table"));
      assertEquals(List.of("purchases_index"), db.tables());
    }
  }
}
