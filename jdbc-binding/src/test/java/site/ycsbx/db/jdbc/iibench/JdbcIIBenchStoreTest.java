package site.ycsbx.db.jdbc.iibench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.jdbc.TestDatabase;
import site.ycsbx.store.SizeReport;
import site.ycsbx.store.iibench.IIBenchStore;
import site.ycsbx.store.iibench.IIBenchStoreContract;
import site.ycsbx.store.iibench.IIBenchTable;

/**
 * {@link IIBenchStoreContract} (the iibench contract and its SQL checks, {@link JdbcIIBenchStoreContractBase}) on every JDBC
 * target: one nested class per target, so a test's name says where it ran.
 */
@Tag("server")
class JdbcIIBenchStoreTest {
  /** On MariaDB with InnoDB. */
  @Nested
  class OnMariaDbInnoDb extends JdbcIIBenchStoreContractBase {
    OnMariaDbInnoDb() {
      super(TestDatabase.Target.MARIADB_INNODB);
    }
  }

  /** On MariaDB with RocksDB (MyRocks), and MyRocks' size. */
  @Nested
  class OnMariaDbRocksDb extends JdbcIIBenchStoreContractBase {
    OnMariaDbRocksDb() {
      super(TestDatabase.Target.MARIADB_ROCKSDB);
    }

    /**
     * Seen: MyRocks at 200000 rows reported 42.0 MB, 220 B/row, exactly CUR_SIZE_ALL_MEM_TABLES;
     * after a forced flush the data was 16.7 MB, 83 B/row. The size is what is on storage, the
     * memtable stands apart, and after a flush the storage figure is what the server's own
     * table statistics say.
     */
    @Test
    void sizeIsSstBytesOnStorageAndTheMemtableStandsApart() throws Exception {
      IIBenchStore s = store();
      IIBenchTable t = new IIBenchTable("iib_rocks_size", 3, 0, 0);
      s.prepare(t, false);
      flush();
      for (int i = 0; i < 20; i++) {
        s.insert(t, batch(i, 1_700_000_000_000L + i, 1000));
      }
      SizeReport before = s.size(List.of(t));
      assertTrue(before.memtableBytes() > 1_000_000, "20000 unflushed rows are in the memtable: " + before);
      assertEquals(0, before.totalBytes(), "nothing of the new table is on storage before a flush: " + before);
      assertTrue(before.source().contains("RocksDB SST bytes"), before.source());

      // the memtable figure is the server's column family, which other tests' RocksDB tables share: a
      // flush empties it, and their writes may fill it again before it is read, so a few tries
      SizeReport after = null;
      for (int i = 0; i < 5 && (after == null || after.memtableBytes() >= before.memtableBytes() / 10); i++) {
        flush();
        after = s.size(List.of(t));
      }
      long tableStats = tableStatistics("iib_rocks_size");
      assertTrue(after.dataBytes() > 0 && after.indexBytes() > 0, after.toString());
      assertTrue(after.memtableBytes() < before.memtableBytes() / 10, "flushed: " + after);
      assertTrue(Math.abs(after.totalBytes() - tableStats) < 0.15 * tableStats,
          "SST share " + after.totalBytes() + " vs MyRocks' table statistics " + tableStats);
      double perRow = (double) after.totalBytes() / 20000;
      assertTrue(perRow > 10 && perRow < 200, perRow + " B/row on storage");
    }

    private void flush() throws Exception {
      try (Connection c = database().connect(); Statement st = c.createStatement()) {
        st.execute("SET GLOBAL rocksdb_force_flush_memtable_now = 1");
      }
    }

    // DATA_LENGTH + INDEX_LENGTH after ANALYZE: MyRocks' own statistics, from the SST files once
    // the memtable is empty
    private long tableStatistics(String table) throws Exception {
      try (Connection c = database().connect(); Statement st = c.createStatement()) {
        st.execute("ANALYZE TABLE " + table);
        try (ResultSet rs = st.executeQuery("SELECT DATA_LENGTH + INDEX_LENGTH FROM information_schema.TABLES"
            + " WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = '" + table + "'")) {
          rs.next();
          return rs.getLong(1);
        }
      }
    }
  }

  /** On MariaDB with InnoDB, db.url jdbc:mariadb://: MariaDB Connector/J. */
  @Nested
  class OnMariaDbInnoDbThroughMariaDbDriver extends JdbcIIBenchStoreContractBase {
    OnMariaDbInnoDbThroughMariaDbDriver() {
      super(TestDatabase.Target.MARIADB_INNODB, "mariadb");
    }
  }

  /** On PostgreSQL. */
  @Nested
  class OnPostgres extends JdbcIIBenchStoreContractBase {
    OnPostgres() {
      super(TestDatabase.Target.POSTGRESQL);
    }
  }
}
