package site.ycsbx.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.fingerprint.Fingerprint;

/**
 * A console's output saved to a file (no exportfile: the fingerprint only as the block printed at
 * the start) still tells compare and sweep what was measured.
 */
@Tag("fast")
class YcsbResultPrintedFingerprintTest {
  @Test
  void theGroupedBlockPrintedAtTheStartIsRead() {
    Fingerprint f = new Fingerprint();
    f.put("binding", "jdbc");
    f.put("server.product", "MariaDB");
    f.put("server.version", "10.11.19");
    f.put("workload.defining", "iibench.batchsize,iibench.indexes,iibench.paddingfields,iibench.paddinglength,"
        + "iibench.compressiblepercent,iibench.tableperthread,iibench.querythreads,iibench.querylimit");
    f.put("workload.iibench.batchsize", 1000);
    f.put("workload.iibench.indexes", 3);
    YcsbResult r = YcsbResult.parse("console", f.format() + String.join("\n",
        "Command line: -db site.ycsbx.db.jdbc.JdbcClient",
        "[STATUS]  10 s load  1000/2000 rows  50.0% |     100 rows/s now,     100 avg | ETA   10 s",
        "[OVERALL], RunTime(ms), 2000",
        "[INSERT_TXN], Operations, 2",
        ""));
    assertEquals(f.entries(), r.fingerprint());
    assertEquals(2, r.stats("INSERT_TXN").count());
  }
}
