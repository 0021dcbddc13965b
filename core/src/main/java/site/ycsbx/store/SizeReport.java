package site.ycsbx.store;

/**
 * Size of the iibench tables on storage, in bytes; -1 where the server does not report a figure
 * (printed as n/a, never as 0). Bytes still in memory (RocksDB's unflushed memtables) are not
 * storage: they are reported on their own, so an engine that has not flushed yet does not look
 * bigger or smaller than one that has.
 *
 * @param dataBytes table data on storage (MongoDB storageSize; InnoDB tablespace files; RocksDB
 *     SST bytes of the primary key; PostgreSQL heap files)
 * @param indexBytes secondary (and, where stored apart, primary) index bytes on storage
 * @param memtableBytes unflushed memtable bytes of the column families holding the tables (shared
 *     with other tables there); -1 for engines without memtables
 * @param source where the figures come from, e.g. "collStats", "pg_table_size + pg_indexes_size"
 */
public record SizeReport(long dataBytes, long indexBytes, long memtableBytes, String source) {
  public static final SizeReport UNKNOWN = new SizeReport(-1, -1, "not reported");

  /** A report of an engine without memtables. */
  public SizeReport(long dataBytes, long indexBytes, String source) {
    this(dataBytes, indexBytes, -1, source);
  }

  /** Data plus indexes on storage; -1 when neither is known. */
  public long totalBytes() {
    if (dataBytes < 0 && indexBytes < 0) {
      return -1;
    }
    return Math.max(0, dataBytes) + Math.max(0, indexBytes);
  }
}
