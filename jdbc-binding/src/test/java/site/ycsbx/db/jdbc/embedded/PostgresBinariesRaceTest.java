package site.ycsbx.db.jdbc.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two JVMs starting postgres-embedded for the first time unpack the binaries at once: the one that
 * renames its copy second must use the winner's copy, not fail (a fresh machine's test run failed
 * so: Linux says ENOTEMPTY, which Java reports as a plain FileSystemException).
 */
@Tag("slow")
class PostgresBinariesRaceTest {
  @Test
  void theSecondUnpackerUsesTheFirstOnesCopy(@TempDir Path dir) throws Exception {
    Path home = dir.resolve("postgres");
    PostgresBinaries first = PostgresBinaries.into(home);
    PostgresBinaries second = PostgresBinaries.into(home);
    first.unpack();
    assertTrue(Files.isExecutable(home.resolve("bin/postgres")));
    second.unpack(); // the loser's path: its rename finds the winner's folder there
    assertTrue(Files.isExecutable(second.program("postgres")));
    try (Stream<Path> left = Files.list(dir)) {
      assertEquals(1, left.count(), "the loser's temporary copy is removed");
    }
  }
}
