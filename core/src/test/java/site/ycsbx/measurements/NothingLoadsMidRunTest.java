package site.ycsbx.measurements;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.tools.Main;

/**
 * Nothing loads mid-run: a class loaded inside the clock voids what the JIT assumed while
 * compiling the client's hot path (issue 28; {@link Intervals}'s rehearsal says what it cost a
 * filemeta run), so every line a run prints periodically is rehearsed before the clock. Each run
 * here prints its lines once a second under {@code -Xlog:class+load} with wall-clock decorations;
 * the window checked runs from one second after the timed phase's start ({@code start_ms} of the
 * run folder's result.json) to its end ({@code end_ms}): the first second still has the
 * threads' own first calls, and after the end come the summary and the export, once.
 */
@Tag("process")
class NothingLoadsMidRunTest {
  // [1764191234567ms] java.util.Formatter source: jrt:/java.base
  private static final Pattern LOADED = Pattern.compile("^\\[(\\d+)ms\\] (\\S+) source: (.*)$");

  /**
   * Classes the window may hold in its last {@value #END_MILLIS} ms, and only there: the run's
   * stop, not its steady state. maxexecutiontime's TerminatorThread stops YCSB's client threads,
   * whose last one tells {@code faults.Deadline} (and its timer task) that they are done, while
   * the others may queue on a lock ({@code AbstractQueuedSynchronizer$ExclusiveNode}), and the
   * intervals' ticker thread, stopped as the last interval ends, exits (the JDK's thread exit
   * walks its terminating thread-locals: {@code IdentityHashMap}'s iterators). YCSB's RunTime,
   * which sets the window's end, ends after them; the export's first lambdas ({@code ResultExporter})
   * can fall in its last milliseconds on a paced run, whose RunTime is rounded. Anything else in the
   * window fails.
   */
  private static final List<Pattern> AT_THE_STOP = List.of(Pattern.compile("site\\.ycsbx\\.faults\\.Deadline(\\$\\d+)?"),
      Pattern.compile("java\\.util\\.TimerTask"),
      Pattern.compile("java\\.util\\.concurrent\\.locks\\.AbstractQueuedSynchronizer\\$ExclusiveNode"),
      Pattern.compile("java\\.util\\.IdentityHashMap\\$(IdentityHashMapIterator|KeyIterator)"),
      Pattern.compile("site\\.ycsbx\\.measurements\\.ResultExporter\\$\\$Lambda\\$.*"));
  private static final long END_MILLIS = 500;

  /**
   * The JDK's lock queue node, loaded the first time two threads contend for a lock: on a busy host
   * that may be any time, and it is the JDK's, not the periodic output's.
   */
  private static final Pattern CONTENTION = Pattern.compile("java\\.util\\.concurrent\\.locks\\.AbstractQueuedSynchronizer\\$\\w+Node");

  @TempDir
  Path tmp;

  /** The null binding's run: the [STATUS] line and, behind a -target no client keeps, the [SCHEDULE] line. */
  @Test
  void aPacedRunOnTheNullBindingLoadsNothingForItsStatusAndScheduleLines() throws IOException {
    assertNoneLate(lateClasses("null", "(?m)^\\[SCHEDULE\\] \\d+ s: up to .* behind", "run", "null", "-P",
        JavaProcess.workload("workloada"), "-threads", "2", "-p", "recordcount=1000", "-p", "operationcount=2000000000",
        "-target", "100000000", "-p", "status.interval=1"));
  }

  /** sysbench's own interval line ({@code [ 1s ] thds: ...}) beside the [STATUS] line. */
  @Test
  void aSysbenchRunLoadsNothingForItsIntervalLines() throws IOException {
    assertNoneLate(lateClasses("sysbench", "(?m)^\\[ [2-9]s \\] thds: 2 tps: ", "run", "null", "-P",
        JavaProcess.workload("sysbench"), "-threads", "2", "-p", "sysbench.tables=2", "-p", "sysbench.report_interval=1"));
  }

  /** A family's load: the [STATUS] line with a total, the time left and the workload's own figures. */
  @Test
  void aLinkBenchLoadLoadsNothingForItsStatusLines() throws IOException {
    assertNoneLate(lateClasses("linkbench", "(?m)^\\[STATUS\\] +[2-9](\\.\\d)? s load .* nodes .* links( \\| others \\d+% CPU)?$", "load", "null", "-P",
        JavaProcess.workload("linkbench"), "-threads", "2"));
  }

  /**
   * iibench's run: inserts beside a query thread, rows as the unit, and its own round lines (rounds
   * of 3 million rows: on the null binding the first one ends after the first second, in the window).
   */
  @Test
  void anIIBenchRunLoadsNothingForItsStatusAndRoundLines() throws IOException {
    assertNoneLate(lateClasses("iibench", "(?m)^\\[IIBENCH\\] +1 +3000000 ", "run", "null", "-P",
        JavaProcess.workload("iibench"), "-threads", "2", "-p", "operationcount=2000000000",
        "-p", "iibench.querythreads=1", "-p", "iibench.roundrows=3000000"));
  }

  /** filemeta's run, where a class loaded at the first line cost the hot path its compiled code. */
  @Test
  void aFileMetaRunLoadsNothingForItsStatusLines() throws IOException {
    assertNoneLate(lateClasses("filemeta", "(?m)^\\[STATUS\\] +[3-9](\\.\\d)? s run ", "run", "null", "-P",
        JavaProcess.workload("filemeta-readwrite"), "-threads", "2"));
  }

  private static void assertNoneLate(List<String> late) {
    assertEquals(List.of(), late, "classes loaded after the first second of the timed phase:\n" + String.join("\n", late));
  }

  /**
   * Runs {@code args} for about 4 s with ycsbx.interval=1 and returns the classes loaded in the
   * window, less the allowed ones, with their seconds into the timed phase. {@code printed}: a
   * line the run must have printed (the periodic line under test).
   */
  private List<String> lateClasses(String name, String printed, String... args) throws IOException {
    Path log = tmp.resolve(name + "-classload.log");
    Path out = tmp.resolve(name + "-run");
    List<String> cmd = JavaProcess.javaCommand();
    cmd.add(1, "-Xlog:class+load=info:file=" + log + ":timemillis");
    cmd.add(Main.class.getName());
    cmd.addAll(Arrays.asList(args));
    cmd.addAll(List.of("-p", "ycsbx.interval=1", "-p", "maxexecutiontime=4", "-p", "ycsbx.out=" + out,
        "-p", "ycsbx.report=false"));
    Result r = JavaProcess.exec(cmd, null, 120);
    assertEquals(0, r.exitCode(), r.all());
    // a tick that comes late on a starved machine prints its tenths ("[STATUS] 2.1 s"), or is skipped
    // ("1 s" then "3 s", seen under a full build beside helpers' builds): any line past the first second
    assertTrue(Pattern.compile("(?m)^\\[STATUS\\] +[2-9](\\.\\d)? s ").matcher(r.stderr()).find(),
        "the run printed its interval lines:\n" + r.stderr());
    assertTrue(Pattern.compile(printed).matcher(r.all()).find(), printed + " not in:\n" + r.all());
    JsonNode result = new ObjectMapper().readTree(out.resolve("result.json").toFile());
    long start = result.path("start_ms").asLong();
    long end = result.path("end_ms").asLong();
    assertTrue(end - start >= 3000, "a timed phase of several ticks: " + result);
    List<String> late = new ArrayList<>();
    for (String line : Files.readAllLines(log)) {
      Matcher m = LOADED.matcher(line);
      if (!m.matches()) {
        continue;
      }
      long at = Long.parseLong(m.group(1));
      String cls = m.group(2);
      boolean stopping = at > end - END_MILLIS && AT_THE_STOP.stream().anyMatch(p -> p.matcher(cls).matches());
      if (at > start + 1000 && at <= end && !stopping && !CONTENTION.matcher(cls).matches()) {
        late.add(String.format(java.util.Locale.ROOT, "%.3f s %s (%s)", (at - start) / 1000.0, cls, m.group(3)));
      }
    }
    return late;
  }
}
