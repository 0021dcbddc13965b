package site.ycsbx.testing;

import java.util.Properties;
import site.ycsb.DB;
import site.ycsb.measurements.Measurements;
import site.ycsb.workloads.CoreWorkload;
import site.ycsbx.store.PreflightOnce;

/** YCSB's load of CoreWorkload through a binding's DB in this JVM, as the Client's threads would do it. */
public final class UsertableLoad {
  private UsertableLoad() {
  }

  /** Loads {@code recordcount} records of {@code props} (dotransactions=false is set) into {@code db}, then cleans it up. */
  public static void load(DB db, Properties props) throws Exception {
    Properties p = new Properties();
    p.putAll(props);
    p.setProperty("dotransactions", "false");
    Measurements.setProperties(p);
    PreflightOnce.forget();
    db.setProperties(p);
    db.init();
    try {
      CoreWorkload w = new CoreWorkload();
      w.init(p);
      long n = Long.parseLong(p.getProperty("recordcount"));
      for (long i = 0; i < n; i++) {
        if (!w.doInsert(db, null)) {
          throw new AssertionError("insert " + i + " failed");
        }
      }
    } finally {
      db.cleanup();
      PreflightOnce.forget();
      site.ycsbx.store.StoreRegistry.clear();
    }
  }
}
