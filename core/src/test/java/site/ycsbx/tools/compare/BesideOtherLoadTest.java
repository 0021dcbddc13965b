package site.ycsbx.tools.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.testing.RunFolderFixture;

/** compare says which side ran beside other load (its result.json marks it), and nothing for a clean one. */
@Tag("fast")
class BesideOtherLoadTest {
  @TempDir
  Path tmp;

  @Test
  void aMarkedSideIsNamed() throws IOException {
    Path clean = new RunFolderFixture(0, 1, "h", 1_790_000_000_000L, 10_000).interval("READ", 10, 20)
        .write(tmp.resolve("a"));
    Path busy = new RunFolderFixture(0, 1, "h", 1_790_000_000_000L, 10_000).interval("READ", 30)
        .besideOtherLoad("41.0% of the host's CPU was neither this client nor the server (over 10%)")
        .write(tmp.resolve("b"));
    Side a = Side.load(clean, "A");
    Side b = Side.load(busy, "B");
    assertEquals("WARNING: B ran beside other load: 41.0% of the host's CPU was neither this client nor the server"
        + " (over 10%)\n", Compare.besideOtherLoad(a, b));
    assertEquals("", Compare.besideOtherLoad(a, Side.load(clean, "C")));
  }
}
