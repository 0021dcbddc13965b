package site.ycsbx.db.jdbc.linkbench;

/**
 * LinkBench on MySQL and MariaDB, any engine: the column types of LinkBench's README, except
 * that link and node data are bytes (VARBINARY(255), MEDIUMBLOB) rather than latin1 text, so
 * payloads come back byte for byte and MyRocks' strict collation check has no text column in
 * an index to refuse. The upserts are LinkBench's own.
 */
final class MySqlLinkBenchSql implements LinkBenchSql {
  /**
   * The bulk load in text: Connector/J binds each of a 1,024-row INSERT's 7,168 parameters at a
   * cost, and LinkBench's text halves the client's CPU. addLink's insert counts its affected rows
   * ({@link #addLink}). LIMIT offset, count. InnoDB and MyRocks raise AUTO_INCREMENT past an
   * inserted id.
   */
  private static final Traits TRAITS = new Traits(true,
      "id1 BIGINT UNSIGNED NOT NULL DEFAULT 0, id2 BIGINT UNSIGNED NOT NULL DEFAULT 0,"
          + " link_type BIGINT UNSIGNED NOT NULL DEFAULT 0, visibility TINYINT NOT NULL DEFAULT 0,"
          + " data VARBINARY(255) NOT NULL DEFAULT '', time BIGINT UNSIGNED NOT NULL DEFAULT 0,"
          + " version INT UNSIGNED NOT NULL DEFAULT 0, PRIMARY KEY (link_type, id1, id2)",
      "id BIGINT UNSIGNED NOT NULL DEFAULT 0, link_type BIGINT UNSIGNED NOT NULL DEFAULT 0,"
          + " count INT UNSIGNED NOT NULL DEFAULT 0, time BIGINT UNSIGNED NOT NULL DEFAULT 0,"
          + " version BIGINT UNSIGNED NOT NULL DEFAULT 0, PRIMARY KEY (id, link_type)",
      "id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT, type INT UNSIGNED NOT NULL, version BIGINT UNSIGNED NOT NULL,"
          + " time INT UNSIGNED NOT NULL, data MEDIUMBLOB NOT NULL, PRIMARY KEY (id)",
      false, true, null);

  @Override
  public Traits traits() {
    return TRAITS;
  }

  @Override
  public String insertLinks(String table, int rows) {
    return LinkBenchSchema.insertLinkRows(table, rows) + " ON DUPLICATE KEY UPDATE visibility = VALUES(visibility)";
  }

  /**
   * LinkBench's insert: on the store's connection (useAffectedRows=true) it affects 1 row when
   * new, 2 when the visibility changed, 0 when the row was left as it was.
   */
  @Override
  public String addLink(String table) {
    return insertLinks(table, 1);
  }

  @Override
  public String addToCount(String table) {
    return LinkBenchSchema.insertCount(table, "?")
        + " ON DUPLICATE KEY UPDATE count = count + ?, version = version + 1, time = ?";
  }

  @Override
  public String decrementCount(String table) {
    return LinkBenchSchema.insertCount(table, "0")
        + " ON DUPLICATE KEY UPDATE count = IF(count = 0, 0, count - 1), time = ?, version = version + 1";
  }

  /**
   * LinkBench's UPDATE, reading the link by its primary key: on a fresh MyRocks table (whose
   * statistics come from the memtable) the optimizer otherwise takes a range of id1_type for
   * single-table UPDATE and DELETE, locking every link of (id1, link_type); concurrent writers
   * of one id1 then deadlock, and MyRocks, which does not detect deadlocks by default
   * (rocksdb_deadlock_detect=OFF), waits rocksdb_lock_wait_timeout each time.
   */
  @Override
  public String updateLinkData(String table) {
    return "UPDATE " + table + " FORCE INDEX (PRIMARY) SET visibility = ?, data = ?, time = ?, version = ?"
        + LinkBenchSchema.WHERE_LINK;
  }

  /** By the primary key, as {@link #updateLinkData}. */
  @Override
  public String hideLink(String table) {
    return "UPDATE " + table + " FORCE INDEX (PRIMARY) SET visibility = " + LinkBenchSchema.HIDDEN + LinkBenchSchema.WHERE_LINK;
  }

  /** By the primary key, as {@link #updateLinkData}: MariaDB takes an index hint in DELETE's multi-table form only. */
  @Override
  public String expungeLink(String table) {
    return "DELETE " + table + " FROM " + table + " FORCE INDEX (PRIMARY)" + LinkBenchSchema.WHERE_LINK;
  }

  @Override
  public String replaceCounts(String table, int rows) {
    return "REPLACE INTO " + table + " (" + LinkBenchSchema.COUNT_COLUMNS + ") VALUES "
        + LinkBenchSchema.rows(5, rows);
  }

  /** LinkBench's query, FORCE INDEX included. */
  @Override
  public String linkList(String table, String id1TypeIndex) {
    return "SELECT " + LinkBenchSchema.LINK_COLUMNS + " FROM " + table + " FORCE INDEX (" + id1TypeIndex + ")"
        + " WHERE id1 = ? AND link_type = ? AND time >= ? AND time <= ? AND visibility = ?"
        + " ORDER BY time DESC LIMIT ?, ?";
  }

}
