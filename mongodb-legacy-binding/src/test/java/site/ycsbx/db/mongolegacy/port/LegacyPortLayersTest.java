package site.ycsbx.db.mongolegacy.port;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.testing.Layers;

/** The 3.5 side of the port reaches only the relocated driver and the port, not the 4.x driver or the binding. */
@Tag("fast")
class LegacyPortLayersTest {
  @Test
  void theLegacySideReachesOnlyTheRelocatedDriverAndThePort() {
    classes().that().resideInAPackage("site.ycsbx.db.mongolegacy.port").should().onlyDependOnClassesThat()
        .resideInAnyPackage("java..", "site.ycsbx.shaded.mongo35..", "site.ycsbx.db.mongodb.port",
            "site.ycsbx.db.mongolegacy.port")
        .check(Layers.mainClassesOf(LegacyPort.class));
  }
}
