package site.ycsbx.family;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaModifier;
import java.io.IOException;
import java.io.Reader;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.Layers;
import site.ycsbx.workloads.FamilyWorkload;
import site.ycsbx.workloads.StoreWorkload;

/**
 * Every family is one descriptor, listed in core's META-INF/services: a workload or a descriptor
 * left out of the file, or a file under workloads/ no descriptor lists, fails here.
 */
@Tag("fast")
class WorkloadFamiliesTest {
  /** The order --help and help properties list them in; a new family goes at the end. */
  @Test
  void theFamiliesInTheServicesFilesOrder() {
    assertEquals(List.of("ycsb", "iibench", "linkbench", "filemeta", "sysbench", "probe"),
        WorkloadFamilies.all().stream().map(WorkloadFamily::name).toList());
  }

  @Test
  void everyStoreWorkloadAndEveryDescriptorOfCoresMainClassesIsListed() throws ClassNotFoundException {
    List<String> workloads = new ArrayList<>();
    List<String> descriptors = new ArrayList<>();
    for (JavaClass c : Layers.mainClassesOf(WorkloadFamily.class)) {
      if (c.getModifiers().contains(JavaModifier.ABSTRACT) || c.isInterface()) {
        continue;
      }
      if (c.isAssignableTo(StoreWorkload.class)) {
        workloads.add(c.getName());
      }
      if (c.isAssignableTo(WorkloadFamily.class)) {
        descriptors.add(c.getName());
      }
    }
    assertTrue(workloads.size() >= 5, workloads.toString());
    for (String w : workloads) {
      Class<?> type = Class.forName(w);
      WorkloadFamily f = WorkloadFamilies.of(type).orElseThrow(() -> new AssertionError(w + " has no descriptor in"
          + " META-INF/services/" + WorkloadFamily.class.getName()));
      assertEquals(type, f.workloadClass(), w);
      assertEquals(type.getPackageName(), f.getClass().getPackageName(), "a family's descriptor is in its workload's package");
      assertEquals(storeTypeOf(type), f.storeType().orElse(null), w);
    }
    assertEquals(new TreeSet<>(descriptors),
        new TreeSet<>(WorkloadFamilies.all().stream().map(f -> f.getClass().getName()).toList()),
        "every descriptor of core's main classes is in META-INF/services/" + WorkloadFamily.class.getName());
  }

  @Test
  void theFilesUnderWorkloadsAreTheDescriptorsFilesEachNamingItsFamilysWorkload() throws IOException,
      ClassNotFoundException {
    Path folder = JavaProcess.repoRoot().resolve("workloads");
    TreeMap<String, String> listed = new TreeMap<>();
    for (WorkloadFamily f : WorkloadFamilies.all()) {
      for (String file : f.files()) {
        String before = listed.put(file, f.name());
        assertEquals(null, before, file + " is listed by " + before + " and " + f.name());
      }
    }
    Set<String> present = new TreeSet<>();
    try (Stream<Path> files = Files.list(folder)) {
      files.forEach(p -> present.add(p.getFileName().toString()));
    }
    assertEquals(listed.keySet(), present);
    for (String file : present) {
      Properties p = new Properties();
      try (Reader in = Files.newBufferedReader(folder.resolve(file))) {
        p.load(in);
      }
      Class<?> workload = Class.forName(p.getProperty("workload"));
      assertEquals(listed.get(file), WorkloadFamilies.of(workload).map(WorkloadFamily::name).orElse(null), file);
    }
  }

  @Test
  void lookupsByNameClassSubclassAndAlias() {
    assertEquals("linkbench", WorkloadFamilies.byName("linkbench").orElseThrow().name());
    assertEquals("ycsb", WorkloadFamilies.of(site.ycsbx.workloads.StoppableCoreWorkload.class).orElseThrow().name());
    // a result's workload names its class exactly: YCSB-X's subclass of CoreWorkload is not CoreWorkload
    assertTrue(WorkloadFamilies.byClassName(site.ycsbx.workloads.StoppableCoreWorkload.class.getName()).isEmpty());
    assertEquals("ycsb", WorkloadFamilies.byClassName("site.ycsb.workloads.CoreWorkload").orElseThrow().name());
    assertTrue(WorkloadFamilies.of(String.class).isEmpty());
    assertEquals(List.of("iibench.disks"), WorkloadFamilies.aliasesOf("ycsbx.disks"));
    assertEquals(List.of("linkbench.warmup", "linkbench.warmup_time"), WorkloadFamilies.aliasesOf("ycsbx.warmup"));
  }

  /** S of a StoreWorkload&lt;S&gt; subclass, directly or through FamilyWorkload&lt;S&gt;. */
  private static Type storeTypeOf(Class<?> workload) {
    Class<?> c = workload;
    while (c.getSuperclass() != StoreWorkload.class && c.getSuperclass() != FamilyWorkload.class) {
      c = c.getSuperclass();
    }
    return ((ParameterizedType) c.getGenericSuperclass()).getActualTypeArguments()[0];
  }
}
