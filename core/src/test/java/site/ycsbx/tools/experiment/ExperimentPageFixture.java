package site.ycsbx.tools.experiment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import site.ycsbx.testing.RunFolderFixture;

/**
 * An experiment of known figures, as its folder would hold it after a start: 2 targets (a on
 * InnoDB, b on RocksDB) x a load and a query step (threads 1 and 2, 2 repeats), every cell's run
 * folder written by {@link RunFolderFixture} and read back by {@link CellResult}. b loads 1.5 times
 * a's rows/s and queries at half a's ops/s at 1 thread; b's first cell at 2 threads fails, and
 * b's cell after it is not run.
 */
final class ExperimentPageFixture {
  static final String SERVER_VERSION = "10.11.19-MariaDB-0+deb12u1";
  /** The command the page names: its password masked. */
  static final List<String> COMMAND = List.of("bin/ycsb", "experiment", "experiments/page", "-p", "db.passwd=hunter2");
  static final String FAILURE = "ycsb: the server went away past the reconnect limits";
  static final long INTERVAL_MS = 1000;
  static final int INTERVALS = 3;

  final Plan plan;
  final List<Outcome> outcomes = new ArrayList<>();
  final Path dir;

  ExperimentPageFixture(Path dir) throws IOException {
    this.dir = dir;
    Map<String, String> k = new LinkedHashMap<>();
    k.put("targets", "a,b");
    k.put("target.a.binding", "jdbc");
    k.put("target.a.expect.storage.engine", "InnoDB");
    k.put("target.b.binding", "jdbc");
    k.put("target.b.expect.storage.engine", "ROCKSDB");
    k.put("steps", "load,query");
    k.put("step.load.command", "load");
    k.put("step.load.P", "workloads/iibench");
    k.put("step.query.command", "run");
    k.put("step.query.P", "workloads/workloadc");
    k.put("step.query.threads", "1,2");
    k.put("step.query.repeats", "2");
    plan = new Plan(ExperimentFile.parse(k, Map.of(), "page"));
    for (Cell c : plan.cells()) {
      String id = c.id();
      if (id.equals("query.b.t2.r1")) {
        outcomes.add(new Outcome(c, new Ledger.Entry(id, "d", Ledger.Status.FAILED, 1, 4.0, FAILURE
            + " (cells/" + id + ".log)"), null));
      } else if (id.equals("query.b.t2.r2")) {
        outcomes.add(new Outcome(c, new Ledger.Entry(id, "d", Ledger.Status.NOT_RUN, -1, 0, "target b failed in cell"
            + " query.b.t2.r1"), null));
      } else {
        Path folder = cell(c);
        outcomes.add(new Outcome(c, new Ledger.Entry(id, "d", Ledger.Status.OK, 0, 5.0, ""), CellResult.read(folder)));
      }
    }
  }

  /** Operations per interval of a cell: b loads 1.5x a, queries 0.5x a at 1 thread and as fast at 2. */
  static int perInterval(Cell c) {
    boolean b = c.target().name().equals("b");
    if (c.step().isLoad()) {
      return b ? 150 : 100;
    }
    return c.threads() == 1 ? (b ? 100 : 200) : 300 + 10 * c.repeat();
  }

  private Path cell(Cell c) throws IOException {
    boolean b = c.target().name().equals("b");
    RunFolderFixture f = new RunFolderFixture(0, 1, "host", 1_700_000_000_000L + 100_000L * c.seq(), INTERVAL_MS)
        .phase(c.step().command()).fingerprint("storage.engine", b ? "ROCKSDB" : "InnoDB")
        .fingerprint("durability.innodb_flush_log_at_trx_commit", "1").fingerprint("server.product", "MariaDB")
        .fingerprint("server.version", SERVER_VERSION).fingerprint("client.cores", "2")
        .fingerprint("threads", String.valueOf(c.threads()))
        // a place, not a setup: each target's own data folder
        .fingerprint("postgres.embedded.dir", "/data/" + c.target().name());
    String op = c.step().isLoad() ? "INSERT_TXN" : "READ";
    int n = perInterval(c);
    for (int i = 0; i < INTERVALS; i++) {
      long[] latencies = new long[n];
      // b's latencies are twice a's: the percentile bars differ
      Arrays.setAll(latencies, j -> (b ? 2 : 1) * (100 + j % 50 * 10L));
      f.interval(op, latencies);
      if (!c.step().isLoad()) {
        // a second operation, so the time chart's sum is over operations
        f.interval("UPDATE", 100 + i, 200);
      }
    }
    Path folder = f.write(dir.resolve(Ledger.CELLS).resolve(c.id()));
    double rows = n * INTERVALS * 1000.0 / (INTERVALS * INTERVAL_MS);
    // a load counts rows (10 per operation): its efficiency is per row, over 3 s of 0.5 (a) or 1 (b) CPU s per s
    String load = "[HEADLINE], rows_s, " + rows * 10 + "\n[HEADLINE], rows, " + n * INTERVALS * 10
        + "\n[EFFICIENCY], Seconds, 3\n"
        + "[EFFICIENCY], cpu.sec, " + (b ? 1.0 : 0.5) + "\n[EFFICIENCY], wkb.sec, 100\n";
    Files.writeString(folder.resolve("summary.txt"), (c.step().isLoad() ? load : "")
        + "[EFFICIENCY], cpu.Kop, " + (b ? 2.5 : 1.5) + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    return folder;
  }

  Cell cell(String id) {
    return plan.cells().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
  }

  /** The page as written after the outcomes so far. */
  Path write() {
    new ExperimentPage(dir, COMMAND, "Two engines, a load and a query.").write(plan, outcomes, System.err);
    return dir.resolve(ExperimentPage.FILE);
  }
}
