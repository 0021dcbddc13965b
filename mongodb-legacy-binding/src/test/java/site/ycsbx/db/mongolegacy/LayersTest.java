package site.ycsbx.db.mongolegacy;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClasses;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.testing.Layers;

/**
 * The legacy MongoDB binding's layers, read from its compiled main classes (docs/developing.md,
 * "Layout and layers"): the top ({@value #TOP}) wires its family package ({@code iibench}) in; the
 * family stands on this binding's kit ({@value #KIT}), the MongoDB binding's kit
 * ({@code site.ycsbx.db.mongodb.conn}) and core, never on this binding's top; no package cycle, no
 * loop of files in the top or the kit, no workload class.
 */
@Tag("fast")
class LayersTest {
  static final String TOP = "site.ycsbx.db.mongolegacy";
  static final String KIT = TOP + ".conn";

  private static JavaClasses binding;

  @BeforeAll
  static void importBinding() {
    binding = Layers.mainClassesOf(MongoLegacyClient.class);
    assertTrue(binding.size() > 5, "imported the binding's main classes: " + binding.size());
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
  void theKitNeverReachesIntoAFamily() {
    noClasses().that().resideInAPackage(KIT).should().dependOnClassesThat().resideInAPackage(TOP + ".iibench..")
        .check(binding);
  }

  @Test
  void familiesNeverReachUpIntoTheTop() {
    noClasses().that().resideOutsideOfPackage(TOP).should().dependOnClassesThat().resideInAPackage(TOP)
        .check(binding);
  }

  @Test
  void onlyTheMongoDbKitOfTheOtherBinding() {
    // the MongoDB binding's top and families are its own: this binding shares its kit only
    noClasses().should().dependOnClassesThat(resideInAPackage("site.ycsbx.db.mongodb..")
        .and(not(resideInAPackage("site.ycsbx.db.mongodb.conn..")))).check(binding);
  }

  @Test
  void noWorkloadClass() {
    noClasses().should().dependOnClassesThat().resideInAPackage("site.ycsbx.workloads..").check(binding);
  }
}
