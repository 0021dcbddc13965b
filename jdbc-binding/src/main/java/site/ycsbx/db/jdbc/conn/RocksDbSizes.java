package site.ycsbx.db.jdbc.conn;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Bytes MyRocks tables take on storage, and the unflushed memtable bytes beside them.
 *
 * <p>information_schema.TABLES is no figure of storage for RocksDB: with
 * rocksdb_force_compute_memtable_stats (on by default) its DATA_LENGTH adds an estimate of the
 * memtable, so an unflushed table looks several times its size. Here each SST file's bytes are
 * shared among the indexes whose entries it holds (in proportion to their raw key and value
 * bytes, ROCKSDB_INDEX_FILE_MAP against ROCKSDB_SST_PROPS), and each column family's shares are
 * scaled to its exact SST bytes (ROCKSDB_COMPACTION_STATS, level Sum, SizeBytes). The primary
 * key holds the rows: its bytes are data, the other indexes' are index bytes.
 */
final class RocksDbSizes {
  static final String SST_SOURCE = "RocksDB SST bytes (information_schema.ROCKSDB_INDEX_FILE_MAP, ROCKSDB_SST_PROPS)";
  static final String MEMTABLE_SOURCE = "unflushed memtables apart (information_schema.ROCKSDB_CFSTATS)";
  // RocksDB's internal key is the user key plus an 8-byte sequence number and type: the SST's
  // RAW_KEY_SIZE counts it, MyRocks' per-index DATA_SIZE does not
  private static final int INTERNAL_KEY_SUFFIX = 8;

  private RocksDbSizes() {
  }

  /**
   * Table name -> {data bytes, index bytes} on storage; a table with nothing flushed yet maps to
   * zeros. Empty when the RocksDB information_schema tables are not readable.
   */
  static Map<String, long[]> sstBytes(Connection c, List<String> tables) {
    try {
      Map<String, double[]> sstProps = new HashMap<>(); // sst -> {cf id, raw bytes, block bytes}
      Map<Long, Double> blocksPerCf = new HashMap<>();
      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT SST_NAME, COLUMN_FAMILY,"
          + " RAW_KEY_SIZE + RAW_VALUE_SIZE, DATA_BLOCK_SIZE + INDEX_BLOCK_SIZE + FILTER_BLOCK_SIZE"
          + " FROM information_schema.ROCKSDB_SST_PROPS")) {
        while (rs.next()) {
          sstProps.put(rs.getString(1), new double[] {rs.getLong(2), rs.getDouble(3), rs.getDouble(4)});
          blocksPerCf.merge(rs.getLong(2), rs.getDouble(4), Double::sum);
        }
      }
      Map<String, Double> cfBytes = columnFamilyBytes(c);
      Map<String, long[]> out = new HashMap<>();
      Map<String, double[]> shares = new HashMap<>();
      for (String t : tables) {
        shares.put(t, new double[2]);
      }
      try (PreparedStatement ps = c.prepareStatement("SELECT d.TABLE_NAME, d.INDEX_NAME, d.COLUMN_FAMILY, d.CF, f.SST_NAME,"
          + " f.DATA_SIZE + " + INTERNAL_KEY_SUFFIX + " * (f.NUM_ROWS + f.ENTRY_DELETES + f.ENTRY_SINGLEDELETES"
          + " + f.ENTRY_MERGES + f.ENTRY_OTHERS)"
          + " FROM information_schema.ROCKSDB_DDL d JOIN information_schema.ROCKSDB_INDEX_FILE_MAP f"
          + " ON f.COLUMN_FAMILY = d.COLUMN_FAMILY AND f.INDEX_NUMBER = d.INDEX_NUMBER"
          + " WHERE d.TABLE_SCHEMA = DATABASE() AND d.TABLE_NAME IN (" + CatalogQueries.marks(tables.size()) + ")")) {
        CatalogQueries.bind(ps, tables, 1);
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            double[] sst = sstProps.get(rs.getString(5));
            if (sst == null || sst[1] <= 0) {
              continue; // compacted away between the two reads: its successor is counted
            }
            double bytes = Math.min(1.0, rs.getDouble(6) / sst[1]) * sst[2];
            Double exact = cfBytes.get(rs.getString(4));
            double blocks = blocksPerCf.getOrDefault(rs.getLong(3), 0.0);
            if (exact != null && blocks > 0) {
              bytes *= exact / blocks; // block sums miss file footers and metadata
            }
            shares.get(rs.getString(1))[rs.getString(2).equals("PRIMARY") ? 0 : 1] += bytes;
          }
        }
      }
      shares.forEach((t, b) -> out.put(t, new long[] {Math.round(b[0]), Math.round(b[1])}));
      return out;
    } catch (SQLException e) {
      return Map.of(); // no PROCESS privilege, or a MyRocks without these tables
    }
  }

  // column family name -> bytes of its SST files
  private static Map<String, Double> columnFamilyBytes(Connection c) {
    Map<String, Double> out = new HashMap<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT CF_NAME, VALUE"
        + " FROM information_schema.ROCKSDB_COMPACTION_STATS WHERE LEVEL = 'Sum' AND TYPE = 'SizeBytes'")) {
      while (rs.next()) {
        out.put(rs.getString(1), rs.getDouble(2));
      }
    } catch (SQLException e) {
      // older MyRocks: the block sums stand alone (within a few percent of the files)
    }
    return out;
  }

  /** Memtable bytes of the column families holding the tables; -1 when not readable. */
  static long memtableBytes(Connection c, List<String> tables) {
    try (PreparedStatement ps = c.prepareStatement("SELECT COALESCE(SUM(VALUE), 0) FROM information_schema.ROCKSDB_CFSTATS"
        + " WHERE STAT_TYPE = 'CUR_SIZE_ALL_MEM_TABLES' AND CF_NAME IN (SELECT CF FROM information_schema.ROCKSDB_DDL"
        + " WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN (" + CatalogQueries.marks(tables.size()) + "))")) {
      CatalogQueries.bind(ps, tables, 1);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? rs.getLong(1) : 0;
      }
    } catch (SQLException e) {
      return -1;
    }
  }
}
