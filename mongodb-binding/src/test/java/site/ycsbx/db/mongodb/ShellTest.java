package site.ycsbx.db.mongodb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.tools.Main;

/**
 * {@code bin/ycsb shell mongodb-embedded} (Main in a subprocess, commands on stdin): it answers,
 * stores what was typed, and exits at {@code quit} and at the end of input although the embedded
 * server's threads are still running.
 */
@Tag("process")
class ShellTest {
  private static Result shell(Path dir, String input) {
    return JavaProcess.runWithInput(input, 90, Main.class.getName(), "shell", "mongodb-embedded",
        "-p", EmbeddedServer.DIR_PROPERTY + "=" + dir);
  }

  @Test
  void insertsReadsAndExitsAtQuit(@TempDir Path dir) {
    Result r = shell(dir, "insert k1 field0=hello field1=world\nread k1\nread nope\nquit\ninsert never field0=x\n");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.stdout().contains("Connected."), r.stdout());
    assertTrue(r.stdout().contains("Result: OK\n"), r.stdout());
    assertTrue(r.stdout().contains("Return code: OK\nfield0=hello\nfield1=world\n"), r.stdout());
    assertTrue(r.stdout().contains("Return code: NOT_FOUND\n"), r.stdout());
    assertFalse(r.all().contains("Exception"), r.all());
    // quit ended it: the line after it was never run
    assertEquals(1, EmbeddedEndToEndTest.documentsIn(dir, "usertable"));
  }

  @Test
  void exitsAtTheEndOfInputAndSeesTheDataNextTime(@TempDir Path dir) {
    Result first = shell(dir, "insert k1 field0=a\ninsert k2 field0=b\n");
    assertEquals(0, first.exitCode(), first.all());
    Result second = shell(dir, "scan k 10 field0\ndelete k1\nhelp\n");
    assertEquals(0, second.exitCode(), second.all());
    assertTrue(second.stdout().contains("Record 0\nfield0=a\n"), second.stdout());
    assertTrue(second.stdout().contains("Record 1\nfield0=b\n"), second.stdout());
    assertTrue(second.stdout().contains("Return result: OK"), second.stdout());
    assertTrue(second.stdout().contains("  quit - Quit"), second.stdout());
    assertFalse(second.all().contains("Exception"), second.all());
    assertEquals(1, EmbeddedEndToEndTest.documentsIn(dir, "usertable"));
  }

  @Test
  void aDropOutsideALoadIsRefused(@TempDir Path dir) {
    Result r = JavaProcess.runWithInput("quit\n", 90, Main.class.getName(), "shell", "mongodb-embedded",
        "-p", EmbeddedServer.DIR_PROPERTY + "=" + dir, "-p", "ycsbx.drop=true");
    assertEquals(2, r.exitCode(), r.all());
    assertEquals(1, r.stderrLines().size(), r.all());
    assertTrue(r.stderr().startsWith("ycsb: ycsbx.drop=true drops YCSB's table before a load"), r.stderr());
  }
}
