package site.ycsbx.tools.experiment;

import java.util.List;
import java.util.Map;

/**
 * One server setup of an experiment: a name (a row of every table), a binding, its property
 * files and properties (the server's address, engine, settings), what its fingerprint must say
 * ({@code expect.<key>=value}) for the name to be true, and its properties at one step only
 * ({@code target.T.step.S.KEY=value}: a sharded MongoDB target loading with filemeta.shard=true
 * beside a SQL target), by step name.
 */
record Target(String name, String binding, List<String> propertyFiles, Map<String, String> props,
    Map<String, String> expect, Map<String, Map<String, String>> stepProps) {

  Target(String name, String binding, List<String> propertyFiles, Map<String, String> props,
      Map<String, String> expect) {
    this(name, binding, propertyFiles, props, expect, Map.of());
  }

  /** The target's own properties at step {@code step} (empty when it has none). */
  Map<String, String> propsAt(String step) {
    return stepProps.getOrDefault(step, Map.of());
  }
}
