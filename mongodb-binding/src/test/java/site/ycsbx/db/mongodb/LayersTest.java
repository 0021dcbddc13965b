package site.ycsbx.db.mongodb;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.mongodb.conn.MongoFamily;
import site.ycsbx.store.StoreCatalog;

/**
 * The MongoDB binding's layers, read from its compiled main classes: the top
 * ({@code site.ycsbx.db.mongodb}: the DB class, the preflight, the catalog, the embedded server)
 * wires the family packages in, naming none (their entries are found through META-INF/services);
 * the families stand on the kit ({@code site.ycsbx.db.mongodb.conn}) and core only. The rules are
 * {@link BindingLayers}', and this one.
 */
@Tag("fast")
class LayersTest extends BindingLayers {
  private static final String TOP = "site.ycsbx.db.mongodb";

  LayersTest() {
    super(MongoDbClient.class, TOP, familyPackages().stream().map(p -> p.substring(TOP.length() + 1)).toList());
  }

  /** The family packages: those of the entries META-INF/services lists. */
  private static List<String> familyPackages() {
    return StoreCatalog.entries(MongoFamily.class).stream().map(e -> e.getClass().getPackageName()).toList();
  }

  @Test
  void theTopNamesNoFamily() {
    // MongoStores finds the families' entries through META-INF/services: adding one touches no file here
    noClasses().that().resideInAPackage(TOP).should().dependOnClassesThat()
        .resideInAnyPackage(familyPackages().stream().map(p -> p + "..").toArray(String[]::new)).check(binding);
  }
}
