package site.ycsbx.workloads;

import java.util.HashMap;
import java.util.Locale;
import java.util.Properties;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.WorkloadException;
import site.ycsb.workloads.CoreWorkload;

/**
 * {@code bin/ycsb verify} of YCSB's table: every key a load of these properties inserts
 * ({@code insertstart} .. {@code insertstart + insertcount}, {@code recordcount} by default) is read
 * back through the binding's own {@code read}; with {@code dataintegrity=true} every field must
 * hold the value YCSB's CoreWorkload writes for that key and field (updates write the same values,
 * so the check holds after runs). Keys are built by CoreWorkload itself (hashed or ordered, zero
 * padding), one read per key.
 */
public final class StoredUsertable extends CoreWorkload implements StoredCheck.Verifiable {
  @Override
  public StoredCheck verifyStored(Properties props) throws Exception {
    site.ycsb.measurements.Measurements.setProperties(props);
    String dbClass = props.getProperty("db", "site.ycsb.BasicDB");
    DB db = (DB) Class.forName(dbClass).getDeclaredConstructor().newInstance();
    db.setProperties(props);
    db.init();
    try {
      return verifyStored(props, db);
    } finally {
      db.cleanup();
    }
  }

  /** Reads every key of the load's range through {@code db}. */
  public StoredCheck verifyStored(Properties props, DB db) throws WorkloadException {
    Properties p = StoredCheck.asLoad(props);
    init(p);
    long start = Long.parseLong(p.getProperty(INSERT_START_PROPERTY, INSERT_START_PROPERTY_DEFAULT));
    long count = Long.parseLong(p.getProperty(INSERT_COUNT_PROPERTY, String.valueOf(recordcount - start)));
    boolean integrity = Boolean.parseBoolean(p.getProperty(DATA_INTEGRITY_PROPERTY, DATA_INTEGRITY_PROPERTY_DEFAULT));
    int length = Integer.parseInt(p.getProperty(FIELD_LENGTH_PROPERTY, FIELD_LENGTH_PROPERTY_DEFAULT));
    String prefix = p.getProperty(FIELD_NAME_PREFIX, FIELD_NAME_PREFIX_DEFAULT);
    StoredCheck c = new StoredCheck("YCSB-VERIFY");
    for (long n = start; n < start + count; n++) {
      String key = buildKeyName(n);
      HashMap<String, ByteIterator> row = new HashMap<>();
      Status s = db.read(table, key, null, row);
      if (s == Status.NOT_FOUND) {
        c.mismatch("key " + key + " (keynum " + n + "): missing");
        continue;
      }
      if (!s.isOk()) {
        throw new IllegalStateException("cannot read key " + key + ": " + s.getName());
      }
      for (int f = 0; f < fieldcount; f++) {
        String field = prefix + f;
        ByteIterator v = row.get(field);
        if (v == null) {
          c.mismatch("key " + key + ": no field " + field);
          break;
        }
        if (integrity) {
          String got = v.toString();
          String want = deterministicValue(key, field, length);
          if (!got.equals(want)) {
            c.mismatch("key " + key + ": " + field + " holds \"" + abbreviate(got) + "\", the generator's is \""
                + abbreviate(want) + "\"");
            break;
          }
        }
      }
    }
    c.checking(String.format(Locale.ROOT, "%s: keys %d..%d read back%s", table, start,
        start + count - 1, integrity ? ", every field against the generator (dataintegrity=true)"
            : ", fields present (dataintegrity=true also compares the values)"));
    return c.covered(count + " keys");
  }

  /** CoreWorkload's value of a field with dataintegrity=true (its own method is private). */
  static String deterministicValue(String key, String field, int size) {
    StringBuilder sb = new StringBuilder(size);
    sb.append(key).append(':').append(field);
    while (sb.length() < size) {
      sb.append(':').append(sb.toString().hashCode());
    }
    sb.setLength(size);
    return sb.toString();
  }

  private static String abbreviate(String s) {
    return s.length() <= 40 ? s : s.substring(0, 37) + "...";
  }
}
