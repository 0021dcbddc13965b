package site.ycsbx.store;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * The bindings {@code bin/ycsb} knows by name: every {@link Source} on the class path, declared
 * in its module's {@code META-INF/services/site.ycsbx.store.Bindings$Source}. A binding module
 * lists itself there; nothing in core names it.
 */
public final class Bindings {
  /** A binding name, its {@code site.ycsb.DB} class and a line for {@code --help}. */
  public record Binding(String name, String className, String description) {
  }

  /** Implemented by each binding module (found with {@link ServiceLoader}). */
  public interface Source {
    List<Binding> bindings();
  }

  private static volatile List<Binding> all;

  private Bindings() {
  }

  /** Every binding on the class path, by name. */
  public static List<Binding> all() {
    if (all == null) {
      List<Binding> found = new ArrayList<>();
      ServiceLoader.load(Source.class, Bindings.class.getClassLoader()).forEach(s -> found.addAll(s.bindings()));
      found.sort(Comparator.comparing(Binding::name));
      all = List.copyOf(found);
    }
    return all;
  }

  public static Optional<Binding> byName(String name) {
    return all().stream().filter(b -> b.name().equals(name)).findFirst();
  }

  public static Optional<Binding> byClassName(String className) {
    return all().stream().filter(b -> b.className().equals(className)).findFirst();
  }
}
