package site.ycsbx.db.jdbc;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.jdbc.conn.JdbcFamily;
import site.ycsbx.store.StoreCatalog;
import site.ycsbx.testing.Layers;

/**
 * The JDBC binding's layers, read from its compiled main classes (docs/developing.md, "Layout and
 * layers"): the top ({@code site.ycsbx.db.jdbc}: the DB class, the preflight, the catalog) wires
 * the families in, naming none (their entries are found through META-INF/services); each family
 * ({@code db.jdbc.<family>}) stands on the kit ({@code db.jdbc.conn}) and core, never on the top; no package cycle, and no loop of files inside any package. The
 * embedded server ({@code db.jdbc.embedded}) is a second binding above the top (its client and
 * preflight extend the top's).
 */
@Tag("fast")
class LayersTest {
  private static final String TOP = "site.ycsbx.db.jdbc";
  /** The family packages: those of the entries META-INF/services lists. */
  private static final String[] FAMILIES = StoreCatalog.entries(JdbcFamily.class).stream()
      .map(e -> e.getClass().getPackageName() + "..").toArray(String[]::new);

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
  void noFileLoopInAnyPackage() {
    // the families and the embedded server too: each package reads from the bottom up
    binding.stream().map(JavaClass::getPackageName).distinct().sorted()
        .forEach(pkg -> Layers.noFileLoop(binding, pkg));
  }

  @Test
  void theFamiliesStandOnTheKitNotOnTheTop() {
    // resideInAPackage without ".." is the top package itself, not its subpackages
    noClasses().that().resideInAnyPackage(FAMILIES).should().dependOnClassesThat().resideInAPackage(TOP)
        .check(binding);
  }

  @Test
  void theTopNamesNoFamily() {
    // JdbcStores finds the families' entries through META-INF/services: adding one touches no file here
    noClasses().that().resideInAnyPackage(TOP, TOP + ".embedded..").should().dependOnClassesThat()
        .resideInAnyPackage(FAMILIES).check(binding);
  }

  @Test
  void theKitStandsBelowTheTopTheFamiliesAndTheEmbeddedServer() {
    noClasses().that().resideInAPackage(TOP + ".conn..").should().dependOnClassesThat()
        .resideInAnyPackage(aboveTheKit()).check(binding);
  }

  @Test
  void aFamilyNeverImportsAnotherFamily() {
    for (String family : FAMILIES) {
      String[] others = Arrays.stream(FAMILIES).filter(f -> !f.equals(family)).toArray(String[]::new);
      noClasses().that().resideInAPackage(family).should().dependOnClassesThat().resideInAnyPackage(others)
          .check(binding);
    }
  }

  /** The top, the families and the embedded server: everything of the binding but the kit. */
  private static String[] aboveTheKit() {
    List<String> out = new ArrayList<>(List.of(FAMILIES));
    out.add(TOP);
    out.add(TOP + ".embedded..");
    return out.toArray(String[]::new);
  }

  @Test
  void theBindingNeverImportsAWorkload() {
    noClasses().should().dependOnClassesThat().resideInAPackage("site.ycsbx.workloads..").check(binding);
  }
}
