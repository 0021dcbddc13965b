package site.ycsbx.store;

import java.util.ArrayList;
import java.util.List;
import site.ycsbx.util.PropertyDef;
import java.util.Properties;
import site.ycsb.Client;
import site.ycsb.Utils;
import site.ycsb.workloads.CoreWorkload;

/**
 * YCSB's own table as its core workloads use it, for the bindings' checks before a load: the
 * table's name, its field names and the keys a load inserts, built as YCSB 0.17's CoreWorkload
 * builds them ({@code user} + the key number, hashed unless {@code insertorder=ordered}, padded to
 * {@code zeropadding} digits). A binding needs no workload class to ask whether a load would
 * collide with keys already stored.
 *
 * @param name {@code table}
 * @param fieldPrefix {@code fieldnameprefix}
 * @param fieldNames {@code fieldnameprefix} + 0 .. {@code fieldcount}-1
 * @param insertStart first key number of the load ({@code insertstart})
 * @param insertCount keys the load inserts ({@code insertcount}, default {@code recordcount} - {@code insertstart})
 */
public record YcsbTable(String name, String fieldPrefix, List<String> fieldNames, long insertStart, long insertCount, boolean hashed,
    int zeroPadding) {
  /**
   * {@code true}: a load first drops YCSB's table (collection), when it has YCSB's shape; any
   * other table is refused. YCSB 0.17 has no such setting: a second load fails on duplicates.
   */
  public static final String DROP_PROPERTY = "ycsbx.drop";
  public static final String DROP_PROPERTY_DEFAULT = "false";
  /** {@value #DROP_PROPERTY}, for the bindings that read it (their preflights list it). */
  public static final PropertyDef DROP = PropertyDef.of(DROP_PROPERTY, DROP_PROPERTY_DEFAULT, "YCSB's core workloads,"
      + " load only: drop YCSB's table first (only a table of YCSB's records); without it a load whose first key is"
      + " stored is refused");
  /** Every key of YCSB's core workloads starts with this. */
  public static final String KEY_PREFIX = "user";

  public YcsbTable {
    fieldNames = List.copyOf(fieldNames);
  }

  /** The table as the properties describe it (unparsable numbers read as their defaults: YCSB refuses them first). */
  public static YcsbTable of(Properties p) {
    String prefix = p.getProperty(CoreWorkload.FIELD_NAME_PREFIX, CoreWorkload.FIELD_NAME_PREFIX_DEFAULT);
    long fieldCount = number(p, CoreWorkload.FIELD_COUNT_PROPERTY, 10);
    List<String> fields = new ArrayList<>();
    for (long i = 0; i < fieldCount && i < 10_000; i++) {
      fields.add(prefix + i);
    }
    long records = number(p, Client.RECORD_COUNT_PROPERTY, 0);
    long start = number(p, CoreWorkload.INSERT_START_PROPERTY, 0);
    long count = number(p, CoreWorkload.INSERT_COUNT_PROPERTY, Math.max(0, records - start));
    boolean hashed = !"ordered".equals(p.getProperty(CoreWorkload.INSERT_ORDER_PROPERTY,
        CoreWorkload.INSERT_ORDER_PROPERTY_DEFAULT));
    int padding = (int) number(p, CoreWorkload.ZERO_PADDING_PROPERTY, 1);
    return new YcsbTable(p.getProperty(CoreWorkload.TABLENAME_PROPERTY, CoreWorkload.TABLENAME_PROPERTY_DEFAULT),
        prefix, fields, start, count, hashed, padding);
  }

  /** Whether the run asks to drop the table first ({@value #DROP_PROPERTY}). */
  public static boolean drop(Properties p) {
    return Boolean.parseBoolean(p.getProperty(DROP_PROPERTY, DROP_PROPERTY_DEFAULT).trim());
  }

  /** Whether a load inserts no key at all (the shell, or {@code insertcount=0}). */
  public boolean loadsNothing() {
    return insertCount <= 0;
  }

  /** The key YCSB's CoreWorkload inserts for key number {@code n}. */
  public String key(long n) {
    String value = Long.toString(hashed ? Utils.hash(n) : n);
    StringBuilder sb = new StringBuilder(KEY_PREFIX);
    for (int i = value.length(); i < zeroPadding; i++) {
      sb.append('0');
    }
    return sb.append(value).toString();
  }

  /** The first key the load inserts, the one a repeated load collides on first. */
  public String firstKey() {
    return key(insertStart);
  }

  /**
   * Whether a record with these field names (the key left out) is one of YCSB's core workloads':
   * every field is {@code fieldnameprefix} and a number (any {@code fieldcount}), case ignored
   * (SQL catalogs report lower case).
   */
  public boolean isYcsbRecord(java.util.Collection<String> fields) {
    if (fields.isEmpty()) {
      return false;
    }
    String prefix = fieldPrefix.toLowerCase(java.util.Locale.ROOT);
    for (String f : fields) {
      String lower = f.toLowerCase(java.util.Locale.ROOT);
      if (!lower.startsWith(prefix) || !lower.substring(prefix.length()).matches("[0-9]{1,9}")) {
        return false;
      }
    }
    return true;
  }

  /** What a table of YCSB's core workloads holds, for messages: "YCSB_KEY/_id and field0..field9". */
  public String describeShape(String keyName) {
    return keyName + " and " + (fieldNames.isEmpty() ? fieldPrefix + "N" : fieldNames.get(0)
        + (fieldNames.size() > 1 ? ".." + fieldNames.get(fieldNames.size() - 1) : ""));
  }

  /**
   * Why the load would fail on duplicates, and how to start over; for a table that holds
   * {@code records} records, among them the load's first key.
   *
   * @param where the table and where it is: "collection usertable of database ycsb at ..."
   * @param elsewhere the binding's other place to load into, e.g. "another mongodb.embedded.dir"
   */
  public String alreadyLoaded(String where, long records, String elsewhere) {
    return where + " already holds " + records + " records, among them " + firstKey() + ", the first key this load"
        + " would insert (" + CoreWorkload.INSERT_START_PROPERTY + "=" + insertStart + "): a second load would fail"
        + " on duplicate keys. Start over with -p " + DROP_PROPERTY + "=true (drops " + name + " first), or load into "
        + elsewhere + " or another " + CoreWorkload.TABLENAME_PROPERTY + "; a run needs no load again";
  }

  /**
   * The last key a run reads, updates or scans from: CoreWorkload draws keys from insertstart to
   * insertstart + insertcount - 1 (recordcount by default); null when the run's mix touches no
   * stored key (inserts only), so that any table will do.
   */
  public static String lastKeyRead(Properties p) {
    if (Boolean.parseBoolean(p.getProperty(StoreDemand.VERIFY_PROPERTY))) {
      return null; // bin/ycsb verify reads every key itself and lists the missing ones as mismatches
    }
    double touching = 0;
    for (String[] prop : new String[][] {{CoreWorkload.READ_PROPORTION_PROPERTY,
        CoreWorkload.READ_PROPORTION_PROPERTY_DEFAULT}, {CoreWorkload.UPDATE_PROPORTION_PROPERTY,
        CoreWorkload.UPDATE_PROPORTION_PROPERTY_DEFAULT}, {CoreWorkload.SCAN_PROPORTION_PROPERTY,
        CoreWorkload.SCAN_PROPORTION_PROPERTY_DEFAULT}, {CoreWorkload.READMODIFYWRITE_PROPORTION_PROPERTY,
        CoreWorkload.READMODIFYWRITE_PROPORTION_PROPERTY_DEFAULT}}) {
      try {
        touching += Double.parseDouble(p.getProperty(prop[0], prop[1]).trim());
      } catch (NumberFormatException e) {
        return null; // refused by the value checks
      }
    }
    YcsbTable t = of(p);
    return touching > 0 && t.insertCount > 0 ? t.key(t.insertStart + t.insertCount - 1) : null;
  }

  /** Why a run cannot use a table without {@code lastKey}, the last key it reads. */
  public String tooFewRecords(String where, String lastKey) {
    long n = insertStart + insertCount;
    return "the run reads keys " + insertStart + " to " + (n - 1) + " (" + Client.RECORD_COUNT_PROPERTY + "=" + n
        + (insertStart > 0 ? ", " + CoreWorkload.INSERT_START_PROPERTY + "=" + insertStart : "") + ") but " + where
        + " holds no record " + lastKey + " (key " + (n - 1) + "); give the run the " + Client.RECORD_COUNT_PROPERTY
        + " its load had, or load " + n + " records first";
  }

  /** A refusal of {@value #DROP_PROPERTY}=true outside a load. */
  public static String dropOnlyInLoad() {
    return DROP_PROPERTY + "=true drops YCSB's table before a load, and a run would then find nothing; use it with"
        + " bin/ycsb load, not run or shell";
  }

  private static long number(Properties p, String key, long dflt) {
    String v = p.getProperty(key);
    if (v == null || v.isBlank()) {
      return dflt;
    }
    try {
      return Long.parseLong(v.trim());
    } catch (NumberFormatException e) {
      return dflt;
    }
  }
}
