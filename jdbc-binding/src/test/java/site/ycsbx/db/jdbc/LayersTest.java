package site.ycsbx.db.jdbc;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.testing.Layers;

/**
 * The JDBC binding's layers, read from its compiled main classes (docs/developing.md, "Layout and
 * layers"): the top ({@code site.ycsbx.db.jdbc}: the DB class, the preflight, the catalog) wires
 * the families in; each family ({@code db.jdbc.<family>}) stands on the kit ({@code db.jdbc.conn})
 * and core, never on the top; no package cycle, and no loop of files inside the top or the kit.
 */
@Tag("fast")
class LayersTest {
  private static final String TOP = "site.ycsbx.db.jdbc";
  private static final String[] FAMILIES = {TOP + ".filemeta..", TOP + ".iibench..", TOP + ".linkbench..",
      TOP + ".probe..", TOP + ".sysbench.."};

  private static JavaClasses binding;

  @BeforeAll
  static void importBinding() {
    binding = Layers.mainClassesOf(JdbcClient.class);
    assertTrue(binding.size() > 80, "imported jdbc-binding's main classes: " + binding.size());
  }

  @Test
  void noPackageCycle() {
    Layers.noPackageCycle(binding);
  }

  @Test
  void noFileLoopInTheTop() {
    Layers.noFileLoop(binding, TOP);
  }

  @Test
  void noFileLoopInTheKit() {
    Layers.noFileLoop(binding, TOP + ".conn");
  }

  @Test
  void theFamiliesStandOnTheKitNotOnTheTop() {
    // resideInAPackage without ".." is the top package itself, not its subpackages
    noClasses().that().resideInAnyPackage(FAMILIES).should().dependOnClassesThat().resideInAPackage(TOP)
        .check(binding);
  }

  @Test
  void theBindingNeverImportsAWorkload() {
    noClasses().should().dependOnClassesThat().resideInAPackage("site.ycsbx.workloads..").check(binding);
  }
}
