package site.ycsbx;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.ArchConfiguration;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.tools.Main;

/**
 * Core's layers, read from its compiled main classes (docs/developing.md, "Layout and layers"):
 * commands ({@code site.ycsbx.tools} and its packages) on top, then {@code report}, then
 * {@code results}, then what a running client records and everything below; arrows point down
 * only, no package cycle anywhere, and a command never reaches into another command's package.
 */
@Tag("fast")
class LayersTest {
  private static final String TOOLS = "site.ycsbx.tools";
  /** The commands: each its own package, none reaching into another's. */
  private static final List<String> COMMANDS = List.of(TOOLS, TOOLS + ".sweep..", TOOLS + ".compare..",
      TOOLS + ".merge..", TOOLS + ".experiment..");
  /** What the commands share below them, inside tools: the load/run checks, the many-clients options, the child JVM. */
  private static final List<String> SHARED = List.of(TOOLS + ".checks..", TOOLS + ".clients..", TOOLS + ".child..");

  private static JavaClasses core;

  @BeforeAll
  static void importCore() {
    // core's main classes only, and nothing resolved beyond them (YCSB, the JDK, the libraries):
    // the rules are about site.ycsbx's own packages, and the import stays a second or two
    ArchConfiguration.get().setResolveMissingDependenciesFromClassPath(false);
    core = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importLocations(Set.of(Location.of(Main.class.getProtectionDomain().getCodeSource().getLocation())));
    assertTrue(core.size() > 150, "imported core's main classes: " + core.size());
  }

  @Test
  void noPackageCycle() {
    slices().matching("site.ycsbx.(**)").should().beFreeOfCycles().check(core);
  }

  @Test
  void nothingBelowTheCommandsReachesUpIntoThem() {
    noClasses().that().resideOutsideOfPackage(TOOLS + "..").should().dependOnClassesThat()
        .resideInAPackage(TOOLS + "..").check(core);
  }

  @Test
  void reportsStandOnResultsAndResultsOnMeasurements() {
    noClasses().that().resideOutsideOfPackages(TOOLS + "..", "site.ycsbx.report..").should().dependOnClassesThat()
        .resideInAPackage("site.ycsbx.report..").check(core);
    noClasses().that().resideOutsideOfPackages(TOOLS + "..", "site.ycsbx.report..", "site.ycsbx.results..")
        .should().dependOnClassesThat().resideInAPackage("site.ycsbx.results..").check(core);
  }

  @Test
  void onlyTheReportsDrawCharts() {
    // a command's page arranges the charts report draws; JFreeChart in two layers left a new chart no home
    noClasses().that().resideOutsideOfPackage("site.ycsbx.report..").should().dependOnClassesThat()
        .resideInAPackage("org.jfree..").check(core);
  }

  @Test
  void aCommandNeverReachesIntoAnotherCommandsPackage() {
    for (String command : COMMANDS) {
      // the dispatcher (site.ycsbx.tools itself) calls every command; no command calls back
      List<String> others = COMMANDS.stream().filter(c -> !c.equals(command) && !(command.equals(TOOLS))).toList();
      if (!others.isEmpty()) {
        noClasses().that().resideInAPackage(command).should().dependOnClassesThat()
            .resideInAnyPackage(others.toArray(String[]::new)).check(core);
      }
    }
    noClasses().that().resideInAnyPackage(SHARED.toArray(String[]::new)).should().dependOnClassesThat()
        .resideInAnyPackage(COMMANDS.toArray(String[]::new)).check(core);
  }
}
