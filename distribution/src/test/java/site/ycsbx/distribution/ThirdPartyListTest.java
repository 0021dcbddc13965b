package site.ycsbx.distribution;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The THIRD-PARTY.txt that goes into the tarball, as the build generated it, against the runtime
 * class path resolved in the same build (what lib/ holds: TarballIT checks that), without the
 * tarball: a jar added to lib/ without a line, or a GNU-licensed one without its source, fails here.
 */
@Tag("fast")
class ThirdPartyListTest {
  static ThirdPartyList list;
  static Set<String> runtimeJars;

  @BeforeAll
  static void read() throws IOException {
    // not Shell.property: TestTiersTest takes any use of Shell (it starts processes) as beyond the fast tier
    String set = System.getProperty("ycsbx.third-party.dir");
    assertTrue(set != null, "system property ycsbx.third-party.dir is not set; run this test through Maven");
    Path dir = Path.of(set);
    list = new ThirdPartyList(Files.readString(dir.resolve("THIRD-PARTY.txt")));
    String classpath = Files.readString(dir.resolve("runtime-classpath.txt")).strip();
    runtimeJars = Arrays.stream(classpath.split(":")).map(p -> Path.of(p).getFileName().toString())
        .collect(Collectors.toCollection(TreeSet::new));
  }

  @Test
  void listsEveryThirdPartyJarOfTheRuntimeClassPathAndNoOther() {
    // a build that stops before package has the modules' target/classes on the class path, not their jars
    Set<String> thirdParty = runtimeJars.stream().filter(j -> j.endsWith(".jar") && !ThirdPartyList.isOwn(j))
        .collect(Collectors.toCollection(TreeSet::new));
    assertTrue(thirdParty.containsAll(Set.of("mariadb-java-client-3.5.3.jar", "core-0.17.0.jar")), thirdParty.toString());
    assertEquals(thirdParty, list.linesByJar().keySet(), list.text());
    assertTrue(list.text().contains("\n" + thirdParty.size() + " third-party artifacts:\n"), list.text());
  }

  @Test
  void everyLineNamesALicence() {
    for (Map.Entry<String, String> e : list.linesByJar().entrySet()) {
      assertFalse(e.getValue().contains("(Unknown license)"), e.getValue());
      assertTrue(e.getValue().strip().startsWith("(") && !e.getValue().strip().startsWith("()"), e.getValue());
    }
    assertTrue(list.linesByJar().get("postgresql-42.7.4.jar").contains("(BSD-2-Clause) PostgreSQL JDBC Driver"),
        list.text());
    assertTrue(list.linesByJar().get("core-0.17.0.jar").contains("(Apache-2.0) Core YCSB (site.ycsb:core:0.17.0"),
        list.text());
  }

  @Test
  void mariadbConnectorIsLgplWithItsSource() {
    String mariadb = runtimeJars.stream().filter(j -> j.startsWith("mariadb-java-client-")).findFirst().orElseThrow();
    String version = mariadb.substring("mariadb-java-client-".length(), mariadb.length() - ".jar".length());
    assertTrue(list.linesByJar().get(mariadb).contains("(LGPL-2.1-or-later)"), list.text());
    assertEquals("org.mariadb.jdbc:mariadb-java-client:" + version
            + ":sources (LGPL-2.1-or-later) - https://github.com/mariadb-corporation/mariadb-connector-j",
        list.sourceLine("org.mariadb.jdbc:mariadb-java-client:" + version).strip());
  }

  @Test
  void everyGnuLicensedArtifactHasASourceLine() {
    long gnu = list.linesByJar().values().stream().filter(l -> l.contains("GPL") || l.contains("General Public"))
        .count();
    // MariaDB Connector/J (LGPL), MySQL Connector/J (GPL with the FOSS exception), JFreeChart (LGPL), JFreeSVG (GPL)
    assertTrue(gnu >= 4, list.text());
    assertEquals(gnu, list.sourceLines().size(), list.text());
    for (String line : list.sourceLines()) {
      assertTrue(line.matches(".* - https://\\S+"), line);
    }
  }
}
