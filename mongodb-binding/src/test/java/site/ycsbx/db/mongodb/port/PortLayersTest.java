package site.ycsbx.db.mongodb.port;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.testing.Layers;

/**
 * The port's layer: its interfaces name no driver type and no other package of the binding, the
 * 4.x/5.x side reaches only the driver and the port, and what is written over the port (YCSB's
 * CRUD) reaches neither driver line nor the binding's top.
 */
@Tag("fast")
class PortLayersTest {
  private static JavaClasses main;

  @BeforeAll
  static void load() {
    main = Layers.mainClassesOf(MongoPort.class);
  }

  @Test
  void thePortNamesOnlyJavaTypes() {
    classes().that().resideInAPackage("site.ycsbx.db.mongodb.port").should().onlyDependOnClassesThat()
        .resideInAnyPackage("java..", "site.ycsbx.db.mongodb.port").check(main);
  }

  @Test
  void theDriversSideReachesOnlyTheDriverAndThePort() {
    classes().that().resideInAPackage("site.ycsbx.db.mongodb.port.driver").should().onlyDependOnClassesThat()
        .resideInAnyPackage("java..", "com.mongodb..", "org.bson..", "site.ycsbx.db.mongodb.port..").check(main);
  }

  @Test
  void ycsbsCrudIsWrittenOverThePortAlone() {
    noClasses().that().resideInAPackage("site.ycsbx.db.mongodb.ycsb..").should().dependOnClassesThat()
        .resideInAnyPackage("com.mongodb..", "org.bson..", "site.ycsbx.db.mongodb", "site.ycsbx.db.mongodb.port.driver..")
        .check(main);
  }
}
