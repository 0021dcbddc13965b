package site.ycsbx.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.util.UserError;

@Tag("fast")
class ExperimentFileTest {
  static Map<String, String> base() {
    Map<String, String> k = new LinkedHashMap<>();
    k.put("var.scale", "1");
    k.put("targets", "a, b");
    k.put("target.a.binding", "null");
    k.put("target.b.binding", "null");
    k.put("target.b.expect.storage.engine", "none");
    k.put("target.b.P", "x,y");
    k.put("steps", "load,query");
    k.put("step.load.command", "load");
    k.put("step.load.P", "workloads/iibench");
    k.put("step.load.iibench.rows", "${scale}*20000");
    k.put("step.query.command", "run");
    k.put("step.query.P", "workloads/workloadc");
    k.put("step.query.threads", "1, 4");
    k.put("step.query.repeats", "2");
    k.put("ycsbx.interval", "5");
    return k;
  }

  static Experiment parse(Map<String, String> keys, Map<String, String> overrides) {
    return ExperimentFile.parse(keys, overrides, "file-name");
  }

  @Test
  void readsTargetsStepsAndTheirPropertiesInTheFilesOrder() {
    Experiment e = parse(base(), Map.of());
    assertEquals("file-name", e.name());
    assertEquals(List.of("a", "b"), e.targets().stream().map(Target::name).toList());
    assertEquals(List.of("load", "query"), e.steps().stream().map(Step::name).toList());
    Target b = e.targets().get(1);
    assertEquals(Map.of("storage.engine", "none"), b.expect());
    assertEquals(List.of("x", "y"), b.propertyFiles());
    assertTrue(b.props().isEmpty(), b.props().toString());
    Step load = e.steps().get(0);
    assertEquals(Map.of("iibench.rows", "20000"), load.props());
    assertEquals(List.of(1), load.threads());
    Step query = e.steps().get(1);
    assertEquals(List.of(1, 4), query.threads());
    assertEquals(2, query.repeats());
    assertEquals(Map.of("ycsbx.interval", "5"), e.common());
  }

  @Test
  void aVariableGrowsTheExperimentFromTheCommandLine() {
    Experiment e = parse(base(), Map.of("scale", "3"));
    assertEquals("60000", e.steps().get(0).props().get("iibench.rows"));
    assertEquals(Map.of("scale", "3"), e.vars());
  }

  @Test
  void anOverrideSetsAnyKeyOfTheFile() {
    Experiment e = parse(base(), Map.of("step.query.threads", "2", "target.a.db.url", "jdbc:x"));
    assertEquals(List.of(2), e.steps().get(1).threads());
    assertEquals("jdbc:x", e.targets().get(0).props().get("db.url"));
  }

  @Test
  void cellArgumentsPutTheTargetsFilesFirstAndTheThreadsLast() {
    Experiment e = parse(base(), Map.of());
    Cell c = new Plan(e).cells().stream().filter(x -> x.target().name().equals("b") && x.step().isLoad()).findFirst()
        .orElseThrow();
    assertEquals(List.of("load", "null", "-P", "x", "-P", "y", "-P", "workloads/iibench", "-p", "ycsbx.interval=5",
        "-p", "iibench.rows=20000", "-threads", "1"), e.arguments(c));
  }

  /** step.S.latency is the experiment's (the operation its table shows), not a run's property. */
  @Test
  void aStepsLatencyOperationIsTheTablesNotTheCells() {
    Map<String, String> keys = base();
    keys.put("step.query.latency", "UPDATE");
    Experiment e = parse(keys, Map.of());
    Step query = e.steps().get(1);
    assertEquals("UPDATE", query.latencyOp());
    assertNull(e.steps().get(0).latencyOp());
    Cell c = new Plan(e).cells().stream().filter(x -> x.step() == query).findFirst().orElseThrow();
    assertTrue(e.arguments(c).stream().noneMatch(a -> a.contains("latency")), e.arguments(c).toString());
    keys.put("step.query.latency", "UPDATE p99");
    String why = assertThrows(UserError.class, () -> parse(keys, Map.of())).getMessage();
    assertEquals("experiment file: step.query.latency=UPDATE p99 is not an operation name (e.g. UPDATE, READ,"
        + " LATEST_BY_USER)", why);
  }

  @Test
  void aCellsDefinitionChangesWithItsProperties() {
    Experiment e1 = parse(base(), Map.of());
    Experiment e2 = parse(base(), Map.of("scale", "2"));
    Cell c1 = new Plan(e1).cells().get(0);
    Cell c2 = new Plan(e2).cells().get(0);
    assertEquals(c1.id(), c2.id());
    assertNotEquals(e1.definition(c1), e2.definition(c2));
    assertEquals(e1.definition(c1), parse(base(), Map.of()).definition(new Plan(parse(base(), Map.of())).cells().get(0)));
  }

  private static String refused(Map<String, String> keys) {
    return assertThrows(UserError.class, () -> parse(keys, Map.of())).getMessage();
  }

  @Test
  void refusesWhatWouldRunSomethingElseThanWritten() {
    Map<String, String> k = base();
    k.put("target.c.binding", "null");
    assertTrue(refused(k).contains("target.c.binding names target 'c', which is not in targets=a,b"), refused(k));

    k = base();
    k.put("step.query.threads", "1,four");
    assertTrue(refused(k).contains("is not a thread count or a comma-separated list"), refused(k));

    k = base();
    k.put("step.query.threads", "4,4");
    assertTrue(refused(k).contains("each count once"), refused(k));

    k = base();
    k.remove("target.a.binding");
    assertTrue(refused(k).contains("target.a.binding is missing"), refused(k));

    k = base();
    k.put("step.load.command", "lod");
    assertTrue(refused(k).contains("must be load or run, not 'lod'"), refused(k));

    k = base();
    k.put("step.load.repeats", "2");
    assertTrue(refused(k).contains("a load changes the data"), refused(k));

    k = base();
    k.put("target.a.iibench.rows", "5");
    assertTrue(refused(k).contains("iibench.rows is set by both target.a and step.load"), refused(k));

    k = base();
    k.put("step.load.iibench.rows", "${scal}*1");
    assertTrue(refused(k).contains("uses ${scal}, but there is no var.scal (variables: scale)"), refused(k));

    k = base();
    k.put("experiment.nme", "x");
    assertTrue(refused(k).contains("unknown key 'experiment.nme'"), refused(k));

    k = base();
    k.put("targets", "a,a");
    assertTrue(refused(k).contains("names 'a' twice"), refused(k));

    k = base();
    k.put("targets", "a b");
    assertTrue(refused(k).contains("'a b' is not a name"), refused(k));

    k = base();
    k.remove("steps");
    assertTrue(refused(k).contains("steps= is missing"), refused(k));
  }

  /**
   * An expectation can name a server setting as read (server.read.*) and the normalized cache: they
   * hold against the fingerprint the target's check printed, grouped as the console shows it.
   */
  @Test
  void expectationsNameServerSettingsAsPrinted() {
    site.ycsbx.fingerprint.Fingerprint fp = new site.ycsbx.fingerprint.Fingerprint();
    fp.put("server.product", "MariaDB");
    site.ycsbx.fingerprint.ServerSettings.put(fp, "innodb_flush_method", "O_DIRECT");
    site.ycsbx.fingerprint.ServerSettings.putCache(fp, 8L << 30, "innodb_buffer_pool_size=8589934592", "unused");
    Map<String, String> printed = TargetCheck.printedFingerprint(List.of(fp.format().split("\n")));
    Target ok = new Target("innodb-8g", "jdbc", List.of(), Map.of(), Map.of("server.read.innodb_flush_method", "o_direct",
        "server.cache_mb", "8192.0", "server.cache_source", "innodb_buffer_pool_size=8589934592"));
    assertNull(TargetCheck.contradiction(ok, printed));
    Target small = new Target("innodb-1g", "jdbc", List.of(), Map.of(), Map.of("server.cache_mb", "1024.0"));
    assertEquals("target innodb-1g expects server.cache_mb=1024.0, but its server says server.cache_mb=8192.0",
        TargetCheck.contradiction(small, printed));
  }

  /**
   * What a target's name claims, without the source the fingerprint gives in parentheses after the
   * value (a journal off is off whichever option said so), and a release line by its prefix; a
   * claim the server contradicts is still refused, and a source asked for must be that source.
   */
  @Test
  void anExpectationHoldsWithoutTheValuesSourceAndByAPrefix() {
    Map<String, String> fp = Map.of("server.read.journal", "off (nojournal)", "server.version", "2.6.12",
        "storage.engine", "mmapv1 (implied by version 2.6.12)", "server.journal",
        "on (serverStatus.dur), journalCommitInterval 300 ms (getParameter)");
    Target noj = new Target("mongo26-1db-noj", "mongodb", List.of(), Map.of(), Map.of("server.read.journal", "off",
        "server.version", "2.6.*", "storage.engine", "MMAPv1", "server.journal", "on"));
    assertNull(TargetCheck.contradiction(noj, fp));
    assertNull(TargetCheck.contradiction(new Target("t", "mongodb", List.of(), Map.of(), Map.of("server.read.journal",
        "off (nojournal)")), fp));
    for (String[] wrong : new String[][] {{"server.read.journal", "on"}, {"server.read.journal", "of"},
        {"server.read.journal", "off (storage.journal.enabled=false)"}, {"server.version", "2.4.*"},
        {"server.version", "2.6"}, {"storage.engine", "mmap*v1"}, {"server.journal", "on, journalCommitInterval 2 ms"}}) {
      Target t = new Target("t", "mongodb", List.of(), Map.of(), Map.of(wrong[0], wrong[1]));
      assertEquals("target t expects " + wrong[0] + "=" + wrong[1] + ", but its server says " + wrong[0] + "="
          + fp.get(wrong[0]), TargetCheck.contradiction(t, fp), wrong[0] + "=" + wrong[1]);
    }
  }
}
