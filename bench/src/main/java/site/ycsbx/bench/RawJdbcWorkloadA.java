package site.ycsbx.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.SplittableRandom;
import site.ycsb.generator.ScrambledZipfianGenerator;

/**
 * workloada by hand through JDBC: {@code --url jdbc:... --user U --password P --phase load|run
 * --threads N --records N --ops N [--engine RocksDB]}. The load creates table {@code usertable}
 * when absent, with the key column the JDBC binding uses.
 */
public final class RawJdbcWorkloadA {
  private RawJdbcWorkloadA() {
  }

  public static void main(String[] argv) throws Exception {
    Args a = new Args(argv);
    JdbcLogin db = JdbcLogin.of(a, "url");
    String phase = a.require("phase");
    int threads = a.getInt("threads", 1);
    long records = a.getLong("records", 1000);
    long ops = a.getLong("ops", 1000);
    String engine = a.get("engine", null);
    boolean mysql = db.url().startsWith("jdbc:mysql:") || db.url().startsWith("jdbc:mariadb:");
    if (phase.equals("load")) {
      try (Connection c = db.connect(); Statement s = c.createStatement()) {
        StringBuilder ddl = new StringBuilder("CREATE TABLE IF NOT EXISTS usertable (YCSB_KEY VARCHAR(255)"
            + (mysql ? " CHARACTER SET latin1 COLLATE latin1_bin" : "") + " PRIMARY KEY");
        for (int f = 0; f < WorkloadA.FIELDS; f++) {
          ddl.append(", FIELD").append(f).append(" TEXT");
        }
        ddl.append(')');
        if (mysql && engine != null) {
          ddl.append(" ENGINE=").append(engine);
        }
        s.execute(ddl.toString());
      }
      RawLoop.run("jdbc load", threads, records, thread -> {
        Connection c = db.connect();
        StringBuilder sql = new StringBuilder("INSERT INTO usertable VALUES (?");
        for (int f = 0; f < WorkloadA.FIELDS; f++) {
          sql.append(",?");
        }
        PreparedStatement ps = c.prepareStatement(sql.append(')').toString());
        SplittableRandom r = new SplittableRandom(thread);
        return (t, i) -> {
          ps.setString(1, WorkloadA.key(i * threads + t));
          for (int f = 0; f < WorkloadA.FIELDS; f++) {
            ps.setString(2 + f, new String(WorkloadA.value(r), java.nio.charset.StandardCharsets.ISO_8859_1));
          }
          ps.executeUpdate();
        };
      });
    } else {
      RawLoop.run("jdbc run", threads, ops, thread -> {
        Connection c = db.connect();
        PreparedStatement read = c.prepareStatement("SELECT * FROM usertable WHERE YCSB_KEY = ?");
        PreparedStatement[] update = new PreparedStatement[WorkloadA.FIELDS];
        for (int f = 0; f < WorkloadA.FIELDS; f++) {
          update[f] = c.prepareStatement("UPDATE usertable SET FIELD" + f + " = ? WHERE YCSB_KEY = ?");
        }
        SplittableRandom r = new SplittableRandom(thread);
        ScrambledZipfianGenerator keys = WorkloadA.keys(records);
        return (t, i) -> {
          String key = WorkloadA.key(keys.nextValue());
          if (r.nextBoolean()) {
            read.setString(1, key);
            try (ResultSet rs = read.executeQuery()) {
              if (!rs.next()) {
                throw new IllegalStateException("missing " + key);
              }
              for (int f = 1; f <= WorkloadA.FIELDS + 1; f++) {
                rs.getString(f);
              }
            }
          } else {
            PreparedStatement u = update[r.nextInt(WorkloadA.FIELDS)];
            u.setString(1, new String(WorkloadA.value(r), java.nio.charset.StandardCharsets.ISO_8859_1));
            u.setString(2, key);
            u.executeUpdate();
          }
        };
      });
    }
  }
}
