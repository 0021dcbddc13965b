package site.ycsbx.store;

import java.util.List;

/**
 * A secondary index a workload family asks for: its name (as the reference programs name it)
 * and its columns or fields in order. Bindings turn it into CREATE INDEX or createIndex.
 */
public record IndexSpec(String name, List<String> columns) {
  public IndexSpec {
    columns = List.copyOf(columns);
  }
}
