package site.ycsbx.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.store.Bindings;
import site.ycsbx.store.PreflightOnce;
import site.ycsbx.store.Provides;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.tools.Main;
import site.ycsbx.util.PropertyDef;
import site.ycsbx.util.PropertyOwner;

/**
 * docs/properties.md is what {@code bin/ycsb help properties --markdown} prints with every module
 * on the class path (this module's, as bin/ycsb's), so a property added, renamed or explained
 * anew in the code, or a binding added, fails here until the file is generated again.
 */
@Tag("fast")
class PropertiesDocTest {
  private static final String GENERATE = "bin/ycsb help properties --markdown > docs/properties.md";

  /** The repository: the parent of this module (Surefire runs in the module's folder). */
  private static Path repository() {
    Path root = Path.of("").toAbsolutePath().getParent();
    assertTrue(Files.isDirectory(root.resolve("docs")) && Files.isRegularFile(root.resolve("pom.xml")),
        "not the repository root: " + root);
    return root;
  }

  private static String generated() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code = Main.run(List.of("help", "properties", "--markdown"), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(0, code, err.toString(StandardCharsets.UTF_8));
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void docsPropertiesMdIsWhatTheCodeGenerates() throws IOException {
    Path file = repository().resolve("docs/properties.md");
    String now = generated();
    assertTrue(now.startsWith("# Every property\n") && now.contains("`" + GENERATE + "`"), now);
    if (!Files.isRegularFile(file) || !Files.readString(file).equals(now)) {
      fail("docs/properties.md is stale: run " + GENERATE);
    }
  }

  /** Every binding on bin/ycsb's class path has its section, from the owner its check asks. */
  @Test
  void everyBindingHasItsSectionAndItsCheckAcceptsExactlyWhatItDocuments() {
    String now = generated();
    List<String> names = Bindings.all().stream().map(Bindings.Binding::name).toList();
    assertTrue(names.containsAll(List.of("basic", "jdbc", "mongodb", "mongodb-embedded", "null")), names.toString());
    for (Bindings.Binding b : Bindings.all()) {
      assertTrue(now.contains("\n## " + b.name() + "\n"), "no section for binding " + b.name());
      Provides p = StoreRegistry.providesOf(b.className());
      if (p == null) {
        continue;
      }
      PropertyOwner owner = PreflightOnce.instantiate(p.preflight());
      assertEquals(PropertyDef.names(owner.properties()), owner.knownProperties(), b.name() + ": the names its check"
          + " accepts are the ones it documents (declare properties(), not knownProperties())");
      for (PropertyDef d : owner.properties()) {
        assertFalse(d.meaning().isBlank(), b.name() + " " + d.name());
        assertTrue(now.contains("| `" + d.name() + "` |"), b.name() + " " + d.name());
      }
    }
  }
}
