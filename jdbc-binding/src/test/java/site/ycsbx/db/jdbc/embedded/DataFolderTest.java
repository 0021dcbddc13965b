package site.ycsbx.db.jdbc.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.util.UserError;

/** What a postgres-embedded folder may hold: anything else is refused, naming it, and left as it was. */
@Tag("fast")
class DataFolderTest {
  /** The folder property alone (not EmbeddedFolder's: that one reaches a server, this tier may not). */
  private static Properties props(Path dir) {
    Properties p = new Properties();
    p.setProperty(DataFolder.DIR_PROPERTY, dir.toString());
    return p;
  }

  private static DataFolder inspect(Path dir) {
    return DataFolder.inspect(props(dir), "14");
  }

  private static List<String> listing(Path dir) throws Exception {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.map(p -> dir.relativize(p) + (Files.isDirectory(p) ? "/" : "")).sorted().toList();
    }
  }

  private static UserError refused(Path dir) throws Exception {
    List<String> before = listing(dir);
    UserError e = assertThrows(UserError.class, () -> inspect(dir));
    assertEquals(UserError.BAD_INPUT, e.exitCode(), e.getMessage());
    assertEquals(before, listing(dir), "the folder was changed");
    return e;
  }

  @Test
  void absentAndEmptyFoldersAreNewAndStayUntouched(@TempDir Path tmp) throws Exception {
    Path absent = tmp.resolve("a/b");
    assertEquals(DataFolder.State.NEW, inspect(absent).state());
    assertFalse(Files.exists(absent));
    assertFalse(Files.exists(tmp.resolve("a")));
    Path empty = Files.createDirectory(tmp.resolve("empty"));
    assertEquals(DataFolder.State.NEW, inspect(empty).state());
    assertEquals(empty, inspect(empty).dir());
  }

  @Test
  void aFolderWithOtherFilesIsRefusedNamingOne(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("notes.txt"), "mine");
    Files.createDirectory(dir.resolve("photos"));
    UserError e = refused(dir);
    assertEquals("postgres.embedded.dir=" + dir + " holds 'notes.txt' and is not a PostgreSQL data folder (no"
        + " PG_VERSION); postgres.embedded.dir accepts an empty or absent folder, or one an earlier postgres-embedded"
        + " run made", e.getMessage());
  }

  @Test
  void aFileIsRefused(@TempDir Path tmp) throws Exception {
    Path file = Files.writeString(tmp.resolve("data"), "x");
    UserError e = assertThrows(UserError.class, () -> inspect(file));
    assertTrue(e.getMessage().startsWith("postgres.embedded.dir=" + file + " is a file, not a folder;"), e.getMessage());
    assertEquals("x", Files.readString(file));
  }

  @Test
  void aDataFolderOfAnotherMajorVersionIsRefused(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("PG_VERSION"), "15\n");
    Files.writeString(dir.resolve(DataFolder.PASSWORD_FILE), "pw\n");
    UserError e = refused(dir);
    assertEquals("postgres.embedded.dir=" + dir + " is a PostgreSQL 15 data folder; postgres-embedded runs PostgreSQL"
        + " 14, which cannot open it: choose another postgres.embedded.dir (or remove that folder to start afresh)",
        e.getMessage());
  }

  @Test
  void aDataFolderPostgresEmbeddedDidNotMakeIsRefused(@TempDir Path dir) throws Exception {
    // e.g. a packaged server's /var/lib/postgresql/14/main: its owner and its access rules are not ours
    Files.writeString(dir.resolve("PG_VERSION"), "14\n");
    Files.createDirectory(dir.resolve("base"));
    UserError e = refused(dir);
    assertTrue(e.getMessage().startsWith("postgres.embedded.dir=" + dir + " is a PostgreSQL 14 data folder that"
        + " postgres-embedded did not make (no ycsbx-password);"), e.getMessage());
  }

  @Test
  void aDataFolderItMadeIsExisting(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("PG_VERSION"), "14\n");
    Files.writeString(dir.resolve(DataFolder.PASSWORD_FILE), "pw\n");
    assertEquals(DataFolder.State.EXISTING, inspect(dir).state());
  }

  @Test
  void theDefaultIsUnderTheWorkingDirectoryAndBlankIsRefused() {
    assertEquals(Path.of("ycsbx-data/postgres-embedded").toAbsolutePath(), DataFolder.location(new Properties()));
    Properties blank = new Properties();
    blank.setProperty(DataFolder.DIR_PROPERTY, " ");
    UserError e = assertThrows(UserError.class, () -> DataFolder.location(blank));
    assertTrue(e.getMessage().startsWith("postgres.embedded.dir is empty;"), e.getMessage());
  }
}
