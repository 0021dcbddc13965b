package site.ycsbx.tools.checks;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.util.PropertyOwner;
import site.ycsbx.util.UserError;

/** Properties under one owner's prefix that another owner reads (a binding's own family setting). */
@Tag("fast")
class PropertyCheckTest {
  private static PropertyOwner owner(Set<String> prefixes, Set<String> known) {
    return new PropertyOwner() {
      @Override
      public Set<String> propertyPrefixes() {
        return prefixes;
      }

      @Override
      public Set<String> knownProperties() {
        return known;
      }
    };
  }

  private static final PropertyOwner WORKLOAD = owner(Set.of("fam."), Set.of("fam.maxid1", "fam.drop"));
  private static final PropertyOwner BINDING = owner(Set.of("db."), Set.of("db.url", "fam.transactions"));

  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  @Test
  void aKeyAnotherOwnerReadsIsAcceptedUnderTheWorkloadsPrefix() {
    assertDoesNotThrow(() -> PropertyCheck.check(props("fam.transactions", "true", "fam.maxid1", "10"),
        List.of(WORKLOAD, BINDING)));
  }

  @Test
  void aKeyNoOwnerReadsIsStillRefused() {
    UserError e = assertThrows(UserError.class, () -> PropertyCheck.check(props("fam.maxidl", "10"),
        List.of(WORKLOAD, BINDING)));
    assertEquals("unknown property fam.maxidl (did you mean fam.maxid1?); fam.* properties: fam.drop, fam.maxid1",
        e.getMessage());
  }
}
