package site.ycsbx.store.sysbench;

import java.util.List;

/**
 * What a sysbench run will ask of its store, for the binding's preflight: the tables, their
 * size, whether the load creates the k index, and whether the tables are dropped first.
 *
 * @param tables the tables of this client (a load: those it fills; a run: every table)
 * @param tableSize rows per table ({@value SysbenchStore#TABLE_SIZE_PROPERTY})
 * @param batchRows rows per load INSERT ({@value SysbenchStore#BATCH_SIZE_PROPERTY})
 * @param createSecondary whether the load builds k_N ({@value SysbenchStore#CREATE_SECONDARY_PROPERTY})
 * @param drop whether existing tables are dropped before the load ({@value SysbenchStore#DROP_PROPERTY})
 * @param load a load (tables created and filled) or a run (tables read and written)
 */
public record SysbenchPlan(List<SysbenchTable> tables, int tableSize, int batchRows, boolean createSecondary,
    boolean drop, boolean load) implements site.ycsbx.store.StoredTables {
  @Override
  public List<String> storedTables() {
    return tables.stream().map(SysbenchTable::name).toList();
  }

  /**
   * Ids a run's preflight counts at most, all tables together: counting ids 1..table_size reads
   * that many primary-key entries whatever the table holds, 0.4 to 1.7 s a million on MariaDB
   * InnoDB and PostgreSQL here (bench/verify.sh), so a few seconds at most; above it only the largest
   * id is read, and {@code bin/ycsb verify} counts them all.
   */
  public static final long PREFLIGHT_COUNT_LIMIT = 5_000_000;

  /** Whether a run's preflight counts the ids 1..table_size of every table (not only the largest). */
  public boolean countsIds() {
    return !load() && (long) tableSize() * tables().size() <= PREFLIGHT_COUNT_LIMIT;
  }

  /** What a run's preflight read of each table, for its report. */
  public String idsChecked() {
    return countsIds() ? "ids 1.." + tableSize() + " counted in each" : "largest id read in each (the "
        + (long) tableSize() * tables().size() + " ids are over the " + PREFLIGHT_COUNT_LIMIT + " counted before a run;"
        + " bin/ycsb verify counts them)";
  }

  /**
   * Why a run cannot use a table that holds {@code present} of the ids 1..table_size: it draws
   * every one of them, and finds no row at the missing. Null when none is missing, when they were
   * not counted ({@code present} -1), and when the table holds ids 1..{@code maxId} with nothing
   * missing below its largest id, a smaller table that {@link #tooFewRows} explains.
   *
   * @param verify the verify command for these tables, e.g. "bin/ycsb verify jdbc -P workloads/sysbench -p ..."
   */
  public String holes(String where, long present, long maxId, String verify) {
    if (load() || present < 0 || present >= tableSize() || present == maxId) {
      return null;
    }
    return where + " holds " + present + " of the ids 1.." + tableSize() + " a run draws (" + (tableSize() - present)
        + " missing, none of which a run would find): " + verify + " names them; " + SysbenchStore.DROP_PROPERTY
        + "=true on a load loads the tables anew";
  }

  /** The verify command of these tables: {@code bin/ycsb verify <binding>} with sysbench's properties. */
  public String verifyCommand(String binding) {
    return "bin/ycsb verify " + binding + " -P workloads/sysbench -p " + SysbenchStore.TABLES_PROPERTY + "="
        + tables().size() + " -p " + SysbenchStore.TABLE_SIZE_PROPERTY + "=" + tableSize() + " (and your connection's"
        + " -p)";
  }

  public SysbenchPlan {
    tables = List.copyOf(tables);
  }

  /**
   * Why a run cannot use a table whose largest id is {@code maxId} (0: empty): its ids stop short of
   * {@code tableSize}, so point selects and updates past it would find nothing. Null when it can.
   */
  public String tooFewRows(String where, long maxId) {
    if (load() || maxId >= tableSize()) {
      return null;
    }
    return "the run assumes " + SysbenchStore.TABLE_SIZE_PROPERTY + "=" + tableSize() + " (ids 1 to " + tableSize()
        + " in each table) but " + where + " holds ids up to " + maxId + "; set " + SysbenchStore.TABLE_SIZE_PROPERTY
        + "=" + Math.max(1, maxId) + " (what is stored), or load " + tableSize() + " rows a table first ("
        + SysbenchStore.DROP_PROPERTY + "=true loads it anew)";
  }
}
