package site.ycsbx.testing;

import java.util.List;
import site.ycsbx.store.Bindings;

/** Core's test bindings, declared the way a binding module declares itself. */
public final class TestBindings implements Bindings.Source {
  @Override
  public List<Bindings.Binding> bindings() {
    return List.of(
        new Bindings.Binding("memory", MemoryProbeDb.class.getName(), "test binding: the probe table in memory"),
        new Bindings.Binding("memory-filemeta", MemoryFileMetaDb.class.getName(), "test binding: the filemeta table in memory"),
        new Bindings.Binding("memory-iibench", MemoryIIBenchDb.class.getName(), "test binding: iibench tables in memory"),
        new Bindings.Binding("memory-linkbench", MemoryLinkBenchDb.class.getName(), "test binding: the linkbench graph in memory"));
  }
}
