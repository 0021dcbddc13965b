package site.ycsbx.workloads;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.Function;
import site.ycsbx.fingerprint.WorkloadShape;
import site.ycsbx.util.PropertyDef;

/**
 * A workload family's workload: it reads the properties under {@code <name>.} (a misspelt one
 * there is refused), every one it knows is in one list, and one settings class reads and checks
 * them, giving the shape of the work for the fingerprint and the plan for the binding's preflight.
 *
 * @param <S> the store interface
 */
public abstract class FamilyWorkload<S> extends StoreWorkload<S> {
  private final Set<String> prefixes;
  private final List<PropertyDef> properties;
  private final Function<Properties, ? extends Settings> settings;

  /** What a family's settings class gives once it has read and checked the properties. */
  public interface Settings {
    /** For the fingerprint: what defines the workload. */
    WorkloadShape shape();

    /** The plan (tables, batch sizes, drop) for the binding's checks. */
    Object plan();
  }

  protected FamilyWorkload(Class<S> storeType, String name, List<PropertyDef> properties,
      Function<Properties, ? extends Settings> settings) {
    super(storeType, name);
    this.prefixes = Set.of(name + ".");
    this.properties = properties;
    this.settings = settings;
  }

  @Override
  public Set<String> propertyPrefixes() {
    return prefixes;
  }

  @Override
  public List<PropertyDef> properties() {
    return properties;
  }

  /** Reads the settings, which refuse a bad value; families with checks across settings add them. */
  @Override
  public void validate(Properties props) {
    super.validate(props);
    settings.apply(props);
  }

  /**
   * A load's figures for the export: {@code count} {@code unit} stored since {@code startNanos},
   * the seconds and their rate ({@code <unit>_s}); null before the load started ({@code startNanos} 0).
   */
  protected static Map<String, Double> loadFigures(String unit, long count, long startNanos) {
    if (startNanos == 0) {
      return null;
    }
    double secs = Math.max(1e-3, (System.nanoTime() - startNanos) / 1e9);
    Map<String, Double> out = new LinkedHashMap<>();
    out.put(unit, (double) count);
    out.put("secs", secs);
    out.put(unit + "_s", count / secs);
    return out;
  }

  @Override
  public WorkloadShape shape(Properties props) {
    return settings.apply(props).shape();
  }

  @Override
  protected Object plan(Properties props) {
    return settings.apply(props).plan();
  }
}
