package site.ycsbx.workloads.sysbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.nulldb.NullDb;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.tools.Main;

/**
 * The OLTP mix over 400,000 transactions on the null binding: every transaction has every
 * statement of sysbench's event, and sysbench's report adds up to the same counts, with nothing
 * kept per row or per transaction (the JVM's heap is capped well below what per-transaction
 * state would take: 48 MB, about 120 bytes a transaction, as 128 MB was for a million).
 */
@Tag("slow")
class SysbenchMixTest {
  private static long figure(String out, String regex) {
    Matcher m = Pattern.compile(regex).matcher(out);
    assertTrue(m.find(), regex + " not in:\n" + out);
    return Long.parseLong(m.group(1));
  }

  @Test
  void fourHundredThousandTransactionsEachWithSysbenchsStatements() {
    long n = 400_000;
    List<String> cmd = new java.util.ArrayList<>(JavaProcess.javaCommand());
    cmd.replaceAll(a -> a.startsWith("-Xmx") ? "-Xmx48m" : a);
    cmd.addAll(List.of(Main.class.getName(), "run", NullDb.class.getName(), "-P", JavaProcess.workload("sysbench"),
        "-threads", "2", "-p", "operationcount=" + n, "-p", "maxexecutiontime=0", "-p", "sysbench.tables=16",
        "-p", "sysbench.table_size=10000000", "-p", "sysbench.report_interval=0"));
    Result r = JavaProcess.exec(cmd, null, 600);
    assertEquals(0, r.exitCode(), r.all());
    String out = r.stdout();
    assertEquals(n, figure(out, "\\[TRANSACTION\\], Return=OK, (\\d+)"));
    assertEquals(10 * n, figure(out, "\\[POINT_SELECT\\], Return=OK, (\\d+)"));
    for (String op : List.of("SIMPLE_RANGE", "SUM_RANGE", "ORDER_RANGE", "DISTINCT_RANGE", "INDEX_UPDATE",
        "NON_INDEX_UPDATE", "DELETE_INSERT")) {
      assertEquals(n, figure(out, "\\[" + op + "\\], Return=OK, (\\d+)"), op);
    }
    assertEquals(14 * n, figure(out, "(?m)^        read: +(\\d+)$"));
    assertEquals(4 * n, figure(out, "(?m)^        write: +(\\d+)$"));
    assertEquals(2 * n, figure(out, "(?m)^        other: +(\\d+)$"));
    assertEquals(n, figure(out, "(?m)^    transactions: +(\\d+) "));
    assertEquals(n, figure(out, "(?m)^    total number of events: +(\\d+)$"));
  }
}
