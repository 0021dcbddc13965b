package site.ycsbx.db.mongodb;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.testing.Layers;

/**
 * The MongoDB binding's layers, read from its compiled main classes (docs/developing.md, "Layout
 * and layers"): the top ({@value #TOP}: the DB class, the preflight, the catalog, the embedded
 * server) wires the family packages in; the families stand on the kit ({@value #KIT}) and core
 * only; no package cycle, no loop of files in the top or the kit, no workload class anywhere.
 */
@Tag("fast")
class LayersTest {
  static final String TOP = "site.ycsbx.db.mongodb";
  static final String KIT = TOP + ".conn";
  static final List<String> FAMILIES = List.of("filemeta", "iibench", "linkbench", "probe", "sysbench");

  private static JavaClasses binding;

  @BeforeAll
  static void importBinding() {
    binding = Layers.mainClassesOf(MongoDbClient.class);
    assertTrue(binding.size() > 40, "imported the binding's main classes: " + binding.size());
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
    Layers.noFileLoop(binding, KIT);
  }

  @Test
  void familiesNeverReachUpIntoTheTop() {
    // resideInAPackage without ".." is that package alone: the kit and the families are below it
    noClasses().that().resideOutsideOfPackage(TOP).should().dependOnClassesThat().resideInAPackage(TOP)
        .check(binding);
  }

  @Test
  void theKitNeverReachesIntoAFamily() {
    noClasses().that().resideInAPackage(KIT).should().dependOnClassesThat()
        .resideInAnyPackage(FAMILIES.stream().map(f -> TOP + "." + f + "..").toArray(String[]::new)).check(binding);
  }

  @Test
  void aFamilyNeverReachesIntoAnother() {
    for (String family : FAMILIES) {
      String[] others = FAMILIES.stream().filter(f -> !f.equals(family)).map(f -> TOP + "." + f + "..")
          .toArray(String[]::new);
      noClasses().that().resideInAPackage(TOP + "." + family + "..").should().dependOnClassesThat()
          .resideInAnyPackage(others).check(binding);
    }
  }

  @Test
  void noWorkloadClass() {
    noClasses().should().dependOnClassesThat().resideInAPackage("site.ycsbx.workloads..").check(binding);
  }
}
