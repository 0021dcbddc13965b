package site.ycsbx.db.mongodb;

import java.util.List;
import org.junit.jupiter.api.Tag;

/**
 * The MongoDB binding's layers, read from its compiled main classes: the top
 * ({@code site.ycsbx.db.mongodb}: the DB class, the preflight, the catalog, the embedded server)
 * wires the family packages in; the families stand on the kit ({@code site.ycsbx.db.mongodb.conn})
 * and core only, {@code ycsb} (YCSB's CRUD) on the driver port instead (its own layer rules in
 * {@code port.PortLayersTest}). The rules are {@link BindingLayers}'.
 */
@Tag("fast")
class LayersTest extends BindingLayers {
  LayersTest() {
    super(MongoDbClient.class, "site.ycsbx.db.mongodb", List.of("filemeta", "iibench", "linkbench", "probe", "sysbench", "ycsb"));
  }
}
