package site.ycsbx.db.mongodb;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import site.ycsbx.testing.Layers;

/**
 * The layer rules both MongoDB bindings' {@code LayersTest} share (docs/developing.md, "Layout and
 * layers"): a top that wires the family packages in, the families on a kit below them, no package
 * cycle, no loop of files in the top or the kit, no arrow up into the top or from the kit into a
 * family, no family reaching into another, no workload class.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class BindingLayers {
  private final String top;
  private final String kit;
  private final List<String> families;
  private final Class<?> anchor;
  /** The binding's main classes. */
  protected JavaClasses binding;

  /**
   * @param anchor a main class of the binding, for where its classes are
   * @param families the family packages' last names, below {@code top}
   */
  protected BindingLayers(Class<?> anchor, String top, List<String> families) {
    this.anchor = anchor;
    this.top = top;
    this.kit = top + ".conn";
    this.families = families;
  }

  @BeforeAll
  void importBinding() {
    binding = Layers.mainClassesOf(anchor);
    assertTrue(binding.size() > 5, "imported the binding's main classes: " + binding.size());
  }

  @Test
  void noPackageCycle() {
    Layers.noPackageCycle(binding);
  }

  @Test
  void noFileLoopInTheTop() {
    Layers.noFileLoop(binding, top);
  }

  @Test
  void noFileLoopInTheKit() {
    Layers.noFileLoop(binding, kit);
  }

  @Test
  void nothingReachesUpIntoTheTop() {
    // resideInAPackage without ".." is that package alone: the kit and the families are below it
    noClasses().that().resideOutsideOfPackage(top).should().dependOnClassesThat().resideInAPackage(top)
        .check(binding);
  }

  @Test
  void theKitNeverReachesIntoAFamily() {
    noClasses().that().resideInAPackage(kit + "..").should().dependOnClassesThat()
        .resideInAnyPackage(families.stream().map(f -> top + "." + f + "..").toArray(String[]::new)).check(binding);
  }

  @Test
  void aFamilyNeverReachesIntoAnother() {
    for (String family : families) {
      String[] others = families.stream().filter(f -> !f.equals(family)).map(f -> top + "." + f + "..")
          .toArray(String[]::new);
      if (others.length > 0) {
        noClasses().that().resideInAPackage(top + "." + family + "..").should().dependOnClassesThat()
            .resideInAnyPackage(others).check(binding);
      }
    }
  }

  @Test
  void noWorkloadClass() {
    noClasses().should().dependOnClassesThat().resideInAPackage("site.ycsbx.workloads..").check(binding);
  }
}
