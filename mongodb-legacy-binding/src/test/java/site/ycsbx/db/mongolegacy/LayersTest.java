package site.ycsbx.db.mongolegacy;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.db.mongodb.BindingLayers;

/**
 * The legacy MongoDB binding's layers, read from its compiled main classes: the top
 * ({@code site.ycsbx.db.mongolegacy}) wires in the MongoDB families written once over the port
 * (YCSB's CRUD, iibench, linkbench, filemeta), on this binding's kit ({@code site.ycsbx.db.mongolegacy.conn})
 * and port; it has no family package of its own. The rules are {@link BindingLayers}', and one more.
 */
@Tag("fast")
class LayersTest extends BindingLayers {
  LayersTest() {
    super(MongoLegacyClient.class, "site.ycsbx.db.mongolegacy", List.of());
  }

  @Test
  void onlyTheMongoDbKitOfTheOtherBinding() {
    // the MongoDB binding's top and driver-bound families are its own: this binding shares its
    // kit, the driver port and the families written once over that port
    noClasses().should().dependOnClassesThat(resideInAPackage("site.ycsbx.db.mongodb..")
        .and(not(resideInAnyPackage("site.ycsbx.db.mongodb.conn..", "site.ycsbx.db.mongodb.port",
            "site.ycsbx.db.mongodb.ycsb", "site.ycsbx.db.mongodb.iibench",
            "site.ycsbx.db.mongodb.linkbench", "site.ycsbx.db.mongodb.filemeta")))).check(binding);
  }
}
