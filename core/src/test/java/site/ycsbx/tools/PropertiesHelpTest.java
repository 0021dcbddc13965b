package site.ycsbx.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsb.workloads.CoreWorkload;
import site.ycsbx.family.WorkloadFamily;
import site.ycsbx.store.Bindings;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.tools.checks.PropertyCheck;
import site.ycsbx.tools.checks.RunChecks;
import site.ycsbx.util.PropertyDef;
import site.ycsbx.util.PropertyOwner;

/**
 * {@code bin/ycsb help properties}: every group the code owns, read from the owners the checks
 * ask, in aligned columns; a bad group is one line and exit 2.
 */
@Tag("fast")
class PropertiesHelpTest {
  private static final List<String> FIXED = List.of("ycsbx", "ycsb", "iibench", "linkbench", "filemeta", "sysbench", "probe");

  @Test
  void everyGroupInAStableOrderTheBindingsFromTheirServiceFiles() {
    List<String> bindings = Bindings.all().stream().map(Bindings.Binding::name).toList();
    List<String> expected = new ArrayList<>(FIXED);
    expected.addAll(bindings);
    assertEquals(expected, PropertyReference.names());
    assertTrue(bindings.containsAll(List.of("basic", "null")), bindings.toString());

    Result r = InProcessMain.run("help", "properties");
    assertEquals(0, r.exitCode(), r.stderr());
    int at = -1;
    for (String g : expected) {
      int i = r.stdout().indexOf("\n" + g + ": ");
      i = i < 0 && r.stdout().startsWith(g + ": ") ? 0 : i;
      assertTrue(i > at, g + " after the group before it:\n" + r.stdout());
      at = i;
    }
  }

  @Test
  void oneGroupIsAlignedColumnsOfNameDefaultAndMeaning() {
    Result r = InProcessMain.run("help", "properties", "iibench");
    assertEquals(0, r.exitCode(), r.stderr());
    assertEquals("", r.stderr());
    List<String> lines = r.stdout().lines().toList();
    assertTrue(lines.get(0).startsWith("iibench: workload site.ycsbx.workloads.iibench.IIBenchWorkload"), lines.get(0));
    String header = lines.get(2);
    assertTrue(header.matches("  property +default +meaning"), header);
    int defaultAt = header.indexOf("default");
    int meaningAt = header.indexOf("meaning");
    List<String> rows = lines.subList(3, lines.size());
    Set<String> shown = new TreeSet<>();
    for (String row : rows) {
      assertEquals(' ', row.charAt(defaultAt - 1), row);
      assertTrue(Character.isLetterOrDigit(row.charAt(defaultAt)), "the default starts under its heading: " + row);
      assertTrue(row.charAt(meaningAt - 1) == ' ' && row.charAt(meaningAt) != ' ', "the meaning under its heading: " + row);
      shown.add(row.substring(2, row.indexOf(' ', 2)));
    }
    assertEquals(new TreeSet<>(new site.ycsbx.workloads.iibench.IIBenchWorkload().knownProperties()), shown);
    assertTrue(r.stdout().contains("  iibench.batchsize            1000  "), r.stdout());
  }

  @Test
  void aDefaultLongerThanTheColumnPutsItsMeaningOnTheNextLineUnderTheOthers() {
    String text = PropertiesHelp.text(PropertyReference.group("ycsb").orElseThrow());
    List<String> lines = text.lines().toList();
    int meaningAt = lines.get(2).indexOf("meaning");
    int exporter = lines.indexOf(lines.stream().filter(l -> l.startsWith("  exporter ")).findFirst().orElseThrow());
    assertTrue(lines.get(exporter).endsWith("site.ycsb.measurements.exporter.TextMeasurementsExporter"), text);
    assertEquals(" ".repeat(meaningAt) + "the class that writes the results (YCSB-X wraps it)", lines.get(exporter + 1));
  }

  @Test
  void anUnknownGroupATopicOrAnOptionIsOneLineAndExitTwo() {
    Result r = InProcessMain.run("help", "properties", "iibenc");
    assertEquals(2, r.exitCode());
    assertEquals("", r.stdout());
    assertEquals("ycsb: unknown property group 'iibenc'; groups: " + String.join(", ", PropertyReference.names())
        + "\n", r.stderr());
    for (String[] bad : new String[][] {{"help", "propertys"}, {"help", "properties", "--md"},
        {"help", "properties", "iibench", "jdbc"}}) {
      Result b = InProcessMain.run(bad);
      assertEquals(2, b.exitCode(), String.join(" ", bad));
      assertEquals(1, b.stderr().lines().count(), b.stderr());
      assertEquals("", b.stdout());
    }
  }

  @Test
  void plainHelpStillPrintsTheUsageAndItNamesTheReference() {
    Result r = InProcessMain.run("help");
    assertEquals(0, r.exitCode());
    assertEquals(InProcessMain.run("--help").stdout(), r.stdout());
    assertTrue(r.stdout().contains("  help     properties [GROUP] [--markdown]"), r.stdout());
  }

  /** One source: what each owner's check accepts is what the reference documents, each with a meaning. */
  @Test
  void everyOwnersKnownNamesAreItsDocumentedOnesEachWithADefaultAndAMeaning() {
    List<PropertyOwner> owners = new ArrayList<>(List.of(RunChecks.CORE_PROPERTIES));
    for (WorkloadFamily w : PropertyReference.workloads()) {
      owners.add(PropertiesHelpTest.instance(w.workloadClass().asSubclass(PropertyOwner.class)));
    }
    for (Bindings.Binding b : Bindings.all()) {
      RunChecks.bindingOwner(b.className()).ifPresent(owners::add);
    }
    for (PropertyOwner o : owners) {
      assertEquals(PropertyDef.names(o.properties()), o.knownProperties(), o.getClass().getName());
    }
    for (PropertyReference.Group g : PropertyReference.groups()) {
      Set<String> seen = new HashSet<>();
      for (PropertyDef d : g.properties()) {
        assertTrue(seen.add(d.name()), g.name() + " lists " + d.name() + " twice");
        assertFalse(d.meaning().isBlank() || d.defaultValue().isBlank(), d.toString());
      }
      assertFalse(g.about().isBlank() || g.check().isBlank(), g.toString());
    }
    assertEquals(PropertyCheck.YCSB_PROPERTIES, PropertyDef.names(PropertyReference.group("ycsb").orElseThrow()
        .properties()));
  }

  @Test
  void aMisspeltKeyIsRefusedAsBeforeWithTheDocumentedNamesAsTheList() {
    Properties p = new Properties();
    p.setProperty("ycsbx.warmupp", "5");
    site.ycsbx.util.UserError e = org.junit.jupiter.api.Assertions.assertThrows(site.ycsbx.util.UserError.class,
        () -> PropertyCheck.check(p, List.of(RunChecks.CORE_PROPERTIES)));
    assertEquals("unknown property ycsbx.warmupp (did you mean ycsbx.warmup?); ycsbx.* properties: "
        + String.join(", ", new TreeSet<>(RunChecks.CORE_PROPERTIES.knownProperties())), e.getMessage());

    Properties basic = new Properties();
    basic.setProperty("basicdb.verbos", "false");
    e = org.junit.jupiter.api.Assertions.assertThrows(site.ycsbx.util.UserError.class,
        () -> PropertyCheck.check(basic, List.of(RunChecks.bindingOwner("site.ycsb.BasicDB").orElseThrow())));
    assertEquals("unknown property basicdb.verbos (did you mean basicdb.verbose?); basicdb.* properties: basicdb.count,"
        + " basicdb.randomizedelay, basicdb.simulatedelay, basicdb.verbose", e.getMessage());
  }

  @Test
  void theMarkdownSaysItIsGeneratedAndByWhatThenOneSectionPerGroup() {
    Result r = InProcessMain.run("help", "properties", "--markdown");
    assertEquals(0, r.exitCode(), r.stderr());
    List<String> lines = r.stdout().lines().toList();
    assertEquals("# Every property", lines.get(0));
    assertTrue(lines.get(2).startsWith("Generated from the code's own definitions by `" + PropertiesHelp.GENERATE
        + "`"), lines.get(2));
    List<String> sections = lines.stream().filter(l -> l.startsWith("## ")).map(l -> l.substring(3)).toList();
    assertEquals(PropertyReference.names(), sections);
    String iibench = InProcessMain.run("help", "properties", "iibench", "--markdown").stdout();
    assertTrue(r.stdout().contains("\n" + iibench), "the whole holds each group's section");
    assertTrue(iibench.contains("\n| property | default | meaning |\n|---|---|---|\n| `iibench.rows` | recordcount | "),
        iibench);
    // a star Markdown would read as emphasis and a tag-like <name> are escaped
    assertTrue(iibench.contains("own table &lt;name&gt;_&lt;thread&gt;"), iibench);
    assertTrue(iibench.contains("checked: iibench.\\* names"), iibench);
  }

  /** Every workload file names YCSB's CoreWorkload or a class of the reference's list, and every listed class has a file. */
  @Test
  void theWorkloadFilesAndTheListOfShippedWorkloadsAgree() throws IOException {
    Path folder = JavaProcess.repoRoot().resolve("workloads");
    Set<String> named = new TreeSet<>();
    try (Stream<Path> files = Files.list(folder)) {
      for (Path f : files.toList()) {
        Properties p = new Properties();
        try (var in = Files.newBufferedReader(f)) {
          p.load(in);
        }
        named.add(p.getProperty("workload", "none in " + f));
      }
    }
    Set<String> listed = new TreeSet<>();
    PropertyReference.workloads().forEach(w -> listed.add(w.workloadClass().getName()));
    Set<String> expected = new TreeSet<>(listed);
    expected.add(CoreWorkload.class.getName());
    assertEquals(expected, named);
  }

  private static PropertyOwner instance(Class<? extends PropertyOwner> type) {
    try {
      return type.getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }
}
