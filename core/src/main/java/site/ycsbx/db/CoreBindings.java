package site.ycsbx.db;

import java.util.List;
import site.ycsbx.store.Bindings;

/** The bindings core ships: YCSB's BasicDB and YCSB-X's null binding. */
public final class CoreBindings implements Bindings.Source {
  @Override
  public List<Bindings.Binding> bindings() {
    return List.of(
        new Bindings.Binding("basic", "site.ycsb.BasicDB", "YCSB's BasicDB: prints operations, stores nothing"),
        new Bindings.Binding("null", "site.ycsbx.db.nulldb.NullDb",
            "discards every operation: measures the client's own cost (no server)"));
  }
}
