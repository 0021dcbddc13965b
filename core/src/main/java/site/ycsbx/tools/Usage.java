package site.ycsbx.tools;

import java.io.PrintStream;
import site.ycsbx.measurements.DiskStats;
import site.ycsbx.measurements.Efficiency;
import site.ycsbx.measurements.Progress;
import site.ycsbx.family.WorkloadFamilies;
import site.ycsbx.family.WorkloadFamily;
import site.ycsbx.verdict.RunVerdict;
import site.ycsbx.measurements.ServerProcess;
import site.ycsbx.measurements.Warmup;
import site.ycsbx.results.RunFolder;
import site.ycsbx.store.Bindings;

/** {@code bin/ycsb --help}. */
final class Usage {
  private Usage() {
  }

  static void print(PrintStream out) {
    out.println("Usage: ycsb <command> <binding> [options]");
    out.println();
    out.println("Commands:");
    out.println("  load     load the data set (YCSB's -load)");
    out.println("  run      run the transaction phase (YCSB's -t)");
    out.println("  shell    interactive YCSB shell against the binding");
    out.println("  check    load|run <binding> [options]: every check of that load or run, the server's too, and its");
    out.println("           fingerprint; nothing runs");
    out.println("  verify   <binding> -P workload [-p ...] [--full]: the data already stored against the workload's generator");
    out.println("           (every family and YCSB's table); mismatches listed; exit 0 agrees, 1 differs, 2 nothing");
    out.println("           compared (table missing or of another shape); nothing is loaded, run or written");
    out.println("  sweep    load|run <binding> ... --threads 1,2,4,8 [--repeat R] [--reload] [--out DIR] [--label NAME]");
    out.println("           [--sla-p99 MS]: one run per thread count, a table, the knee, sweep.csv/.json/.html");
    out.println("  sweep    --from DIR... [--out DIR] [--label NAME] [--sla-p99 MS]: the same from run folders or merged");
    out.println("           folders already made (a many-client sweep: merge each thread count's clients, then sweep)");
    out.println("  compare  A B [--labels a,b] [--html FILE]: two sweeps or results (YCSB-X's or stock YCSB's text/JSON)");
    out.println("           side by side: throughput, p95, p99, B/A, Welch's t-test over repeats; A and B may be run folders");
    out.println("  merge    DIR... --out DIR: the run folders of the clients of one run (-p ycsbx.clients=N -p ycsbx.client=i)");
    out.println("           as one run: interval histograms added on wall-clock time, percentiles from the sums;");
    out.println("           --out gets the merged result.json, <OP>.hdr, summary.txt and report.html");
    out.println("  report   DIR: (re)draw DIR/report.html from a run or merged folder (sweep points leave it out)");
    out.println("  experiment FILE [--out DIR] [--dry-run] [--check] [--steps a,b] [--redo CELL]... [-p key=value]...:");
    out.println("           targets x steps x threads from one file (experiments/), a run folder per cell, a table per");
    out.println("           step, results.csv/.json; the same command again continues a stopped experiment. --dry-run: the");
    out.println("           plan, its counts and length; --check: every check, each target's server's too, no cell runs;");
    out.println("           --steps: those steps only, and the loads they go with; -p key= (empty) removes the file's key");
    out.println("  help     properties [GROUP] [--markdown]: every property YCSB-X knows, with its default and meaning (GROUP:");
    out.println("           ycsbx, ycsb, a workload family or a binding; --markdown: as docs/properties.md)");
    out.println();
    out.println("Bindings:");
    for (Bindings.Binding b : Bindings.all()) {
      out.printf("  %-18s %s%n", b.name(), b.description());
    }
    out.println();
    out.println("Options (as in YCSB):");
    out.println("  -P file          workload property file, e.g. workloads/workloada (repeatable)");
    out.println("  -p key=value     set a property (repeatable; wins over -P files)");
    out.println("  -threads N       client threads (default 1)");
    out.println("  -target N        total operations per second to aim for (default: unlimited)");
    out.println("  -s               print a status line every 10 s to stderr");
    out.println("  -l label         label for the status lines");
    out.println();
    out.println("Many clients as one run (each its own process or host):");
    out.println("  -p ycsbx.clients=N -p ycsbx.client=i   client i (0-based) of N: load its slice of recordcount (core");
    out.println("                   workloads: insertstart/insertcount, in a run its own range of new keys; iibench:");
    out.println("                   its share of the rows)");
    out.println("  -p ycsbx.startat=T  start the timed phase at T (ISO-8601 with zone, or epoch ms), after the checks");
    out.println("YCSB-X run options (-p key=value, every workload):");
    out.printf("  %-19s leave summary.txt, result.json, an HdrHistogram log per operation (<OP>.hdr),%n",
        RunFolder.OUT_PROPERTY + "=DIR");
    out.printf("  %-19s efficiency.csv and report.html (charts, no network needed) in DIR%n", "");
    out.printf("  %-19s (new or empty; a sweep: DIR/t<threads>-r<repeat>/)%n", "");
    out.printf("  %-19s run S seconds unrecorded before measuring%n", Warmup.PROPERTY + "=S");
    out.printf("  %-19s a [STATUS] line per S seconds: done/total, rate, ETA, p50/p99 (default 10; 0 none)%n",
        site.ycsbx.measurements.Intervals.INTERVAL_PROPERTY + "=S");
    out.printf("  %-19s no [STATUS] line (the intervals are still exported)%n", Progress.PROPERTY + "=0");
    out.println();
    out.println("Launcher options (as in YCSB 0.17's bin/ycsb; anywhere on the command line):");
    out.println("  -jvm-args \"ARGS\" JVM arguments, split on spaces, e.g. -jvm-args \"-Xmx4g -XX:+UseG1GC\"");
    out.println("  -cp PATH         class path entries before YCSB-X's own, e.g. a binding's or exporter's jar");
    out.println();
    out.println("Environment:");
    out.println("  JAVA_OPTS        JVM arguments, split on spaces, e.g. JAVA_OPTS=\"-Xmx4g -XX:+UseG1GC\" bin/ycsb ...");
    out.println("  JAVA_HOME        the Java 17+ runtime to use (else java on PATH)");
    out.println();
    out.println("Workload files, under workloads/:");
    // every file under workloads/, each by its family (UsageTest checks the folder against them)
    for (WorkloadFamily f : WorkloadFamilies.all()) {
      out.println("  " + f.filesHelp());
    }
    out.println();
    out.println("Exit codes: 0 results trusted; 1 operations failed beyond "
        + RunVerdict.MAX_ERROR_PERCENT_PROPERTY + " (load: "
        + (int) RunVerdict.MAX_ERROR_PERCENT_LOAD_DEFAULT + "%, run: "
        + (int) RunVerdict.MAX_ERROR_PERCENT_RUN_DEFAULT + "%, over the operations asked for) or the server is unusable;"
        + " 2 bad input; " + Signals.EXIT_SIGINT + "/" + Signals.EXIT_SIGTERM + " stopped by SIGINT/SIGTERM (what was"
        + " measured is exported, marked INTERRUPTED).");
    out.println("Server outages: broken connections are re-opened, each outage named in an [OUTAGE] line; the run gives up"
        + " after " + site.ycsbx.faults.Reconnect.GIVE_UP_PROPERTY + " (default "
        + site.ycsbx.faults.Reconnect.GIVE_UP_PROPERTY_DEFAULT + " s); " + site.ycsbx.faults.StartWait.PROPERTY
        + "=true waits as long for a server away when the run starts (an experiment's cells do); "
        + site.ycsbx.faults.OperationTimeout.PROPERTY
        + "=S fails operations waiting longer than S seconds (default: off); maxexecutiontime=N ends the run by N + "
        + site.ycsbx.faults.Deadline.GRACE_SECONDS + " s even if operations hang (they count as failed, exit 1).");
    out.println("Efficiency: at the end, context switches, CPU and disk I/O per operation from /proc, sampled every"
        + " second (" + DiskStats.DISKS_PROPERTY + "=DEV,... default every physical disk; " + ServerProcess.PID_PROPERTY
        + "=PID when the server is not found by its port; " + Efficiency.PROPERTY + "=false turns it off).");
    out.println("Example: ycsb load mongodb-embedded -P workloads/workloada && ycsb run mongodb-embedded -P workloads/workloada");
  }
}
