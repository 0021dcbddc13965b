package site.ycsbx.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.tngtech.archunit.core.domain.JavaClass;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import site.ycsbx.family.WorkloadFamilies;
import site.ycsbx.store.StoreCatalog;

/**
 * A binding's catalog against its classes: each family package that holds a store (a class
 * implementing a family's store interface) has its entry listed in the binding's services file,
 * naming that store. A family whose line is missing would otherwise surface only as a user's
 * "binding ... has no ..." refusal.
 */
public final class CatalogEntries {
  private CatalogEntries() {
  }

  /**
   * @param anchor a main class of the binding's top, whose package and subpackages are the binding
   * @param service the binding's service type, which its catalog loads
   */
  public static void assertEveryFamilyPackageListed(Class<?> anchor, Class<? extends StoreCatalog.Entry<?, ?>> service) {
    List<Class<?>> concrete = concreteClassesBelow(anchor);
    Set<Class<?>> storeTypes = new HashSet<>();
    WorkloadFamilies.all().forEach(f -> f.storeType().ifPresent(storeTypes::add));
    Set<String> stores = new TreeSet<>();
    Set<String> entries = new TreeSet<>();
    for (Class<?> c : concrete) {
      if (storeTypes.stream().anyMatch(t -> t.isAssignableFrom(c))) {
        stores.add(c.getName());
      }
      if (service.isAssignableFrom(c)) {
        entries.add(c.getName());
      }
    }
    assertFalse(stores.isEmpty(), "no store class under " + anchor.getPackageName());
    List<? extends StoreCatalog.Entry<?, ?>> listed = StoreCatalog.entries(service);
    Set<String> listedEntries = new TreeSet<>();
    Set<String> listedStores = new TreeSet<>();
    for (StoreCatalog.Entry<?, ?> e : listed) {
      listedEntries.add(e.getClass().getName());
      listedStores.add(e.storeClass().getName());
      assertEquals(e.getClass().getPackageName(), e.storeClass().getPackageName(),
          e.getClass().getName() + " names a store of another package");
    }
    String file = "META-INF/services/" + service.getName();
    assertEquals(entries, listedEntries, "the entries " + file + " lists");
    assertEquals(stores, listedStores, "the stores the entries of " + file + " name");
    assertEquals(listed.size(), listedStores.size(), "two entries of " + file + " name one store");
  }

  /**
   * Fails unless the catalog's families begin with these, in this order: the families a binding
   * served when its catalog was a list in a class; a new family's line goes at the end of the
   * services file, so it changes nothing here.
   */
  public static void assertServesFirst(StoreCatalog<?, ?> catalog, List<Class<?>> storeTypes) {
    List<Class<?>> served = List.copyOf(catalog.storeTypes());
    assertEquals(storeTypes, served.subList(0, Math.min(storeTypes.size(), served.size())),
        "the families " + catalog.getClass().getSimpleName() + " serves first");
  }

  /** The binding's own concrete classes, loaded without initializing them. */
  private static List<Class<?>> concreteClassesBelow(Class<?> anchor) {
    String top = anchor.getPackageName();
    List<Class<?>> out = new ArrayList<>();
    for (JavaClass c : Layers.mainClassesOf(anchor)) {
      if (!c.getPackageName().equals(top) && !c.getPackageName().startsWith(top + ".")) {
        continue;
      }
      try {
        Class<?> k = Class.forName(c.getName(), false, anchor.getClassLoader());
        if (!k.isInterface() && !Modifier.isAbstract(k.getModifiers())) {
          out.add(k);
        }
      } catch (ClassNotFoundException e) {
        throw new IllegalStateException(e);
      }
    }
    return out;
  }
}
