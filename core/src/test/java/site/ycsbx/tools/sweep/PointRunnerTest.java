package site.ycsbx.tools.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import site.ycsbx.tools.Main;

@Tag("fast")
class PointRunnerTest {
  @Test
  void aPointRunsWhatBinYcsbRuns() {
    // named, not linked, in PointRunner: a rename of Main must not leave every point failing to start
    assertEquals(Main.class.getName(), PointRunner.MAIN_CLASS);
  }
}
