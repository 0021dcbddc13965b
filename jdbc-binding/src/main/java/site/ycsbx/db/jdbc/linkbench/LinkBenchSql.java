package site.ycsbx.db.jdbc.linkbench;


/**
 * LinkBench's SQL where servers differ: column types, the upserts (MySQL's ON DUPLICATE KEY
 * UPDATE and REPLACE, PostgreSQL's ON CONFLICT) and LIMIT. Statements that are the same on
 * every server are in {@link LinkBenchSchema}. Parameters are listed with each statement.
 */
interface LinkBenchSql {
  /**
   * What differs between servers apart from the statements' text.
   *
   * @param bulkInText whether the bulk load sends its statements with the values in the text
   *     ({@link InlineRows}), as LinkBench's loader does, rather than binding them to a prepared
   *     statement
   * @param linkColumns column definitions of the link table, primary key (link_type, id1, id2)
   *     included
   * @param countColumns column definitions of the count table, primary key (id, link_type) included
   * @param nodeColumns column definitions of the node table: id numbered by the server, primary key
   * @param addLinkReturnsRow whether {@link #addLink} returns a row (PostgreSQL) rather than MySQL's
   *     affected-rows count
   * @param offsetBeforeLimit whether {@link #linkList} takes the offset before the limit (MySQL's
   *     LIMIT offset, count)
   * @param raiseNodeIdCounter a statement after inserting nodes with given ids, so that ids the
   *     server numbers later are above them; null when the server's counter follows inserted ids
   *     by itself (MySQL). Parameters: the largest inserted id, the table name.
   */
  record Traits(boolean bulkInText, String linkColumns, String countColumns, String nodeColumns,
      boolean addLinkReturnsRow, boolean offsetBeforeLimit, String raiseNodeIdCounter) {
  }

  /** This server's {@link Traits}. */
  Traits traits();

  /**
   * LinkBench's link insert of {@code rows} rows, which changes only the visibility of a link
   * that exists. Per row: id1, id2, link_type, visibility, data, time, version.
   */
  String insertLinks(String table, int rows);

  /**
   * addLink's insert of one link, telling what happened: a new row, an existing row whose
   * visibility changed, or an existing row left as it was (locked either way, until the commit).
   * Parameters as {@link #insertLinks}.
   */
  String addLink(String table);

  /**
   * Adds {@code delta} to the count of (id, link_type), or inserts the count.
   * Parameters: id, link_type, count when new, time, delta, time.
   */
  String addToCount(String table);

  /**
   * Takes one off the count of (id, link_type), never below 0, or inserts a count of 0.
   * Parameters: id, link_type, time, time.
   */
  String decrementCount(String table);

  /**
   * LinkBench's second statement of addLink on an existing link: its data, time, version and
   * visibility. Parameters: visibility, data, time, version, id1, id2, link_type.
   */
  String updateLinkData(String table);

  /** Hides a link (deleteLink). Parameters: id1, id2, link_type. */
  String hideLink(String table);

  /** Removes a link (deleteLink with expunge). Parameters: id1, id2, link_type. */
  String expungeLink(String table);

  /** Stores counts as they are given, replacing existing ones. Per row: id, link_type, count, time, version. */
  String replaceCounts(String table, int rows);

  /**
   * Visible links of (id1, link_type) within a time range, newest first, through the id1_type
   * index. Parameters: id1, link_type, min time, max time, visibility, then offset and limit in
   * the order {@link Traits#offsetBeforeLimit()} says.
   */
  String linkList(String table, String id1TypeIndex);
}
