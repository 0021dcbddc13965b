package site.ycsbx.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;

/**
 * {@code bin/ycsb shell} on the bindings without a server (Main in a subprocess, commands on
 * stdin): it answers each command and exits at {@code quit} and at the end of input.
 */
@Tag("process")
class CommandShellTest {
  private static Result shell(String binding, String input) {
    return JavaProcess.runWithInput(input, 60, Main.class.getName(), "shell", binding);
  }

  @ParameterizedTest
  @ValueSource(strings = {"null", "basic"})
  void answersAndExitsAtQuit(String binding) {
    Result r = shell(binding, "insert k1 field0=a\nread k1\nupdate k1 field0=b\nscan k1 3\ndelete k1\nbogus\n"
        + "insert k2\ntable other\nquit\nread never\n");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.stdout().contains("Connected."), r.stdout());
    assertTrue(r.stdout().contains("Result: OK\n"), r.stdout());
    assertTrue(r.stdout().contains("Return code: OK\n"), r.stdout());
    assertTrue(r.stdout().contains("Return result: OK\n"), r.stdout());
    assertTrue(r.stdout().contains("Error: unknown command \"bogus\""), r.stdout());
    assertTrue(r.stdout().contains("Error: syntax is \"insert keyname name1=value1"), r.stdout());
    assertTrue(r.stdout().contains("Using table \"other\""), r.stdout());
    assertFalse(r.all().contains("Exception"), r.all());
    if (binding.equals("basic")) {
      // BasicDB echoes each call: the table command took effect, and nothing ran after quit
      assertTrue(r.stdout().contains("INSERT usertable k1 [ field0=a ]"), r.stdout());
      assertTrue(r.stdout().contains("READ usertable k1 [ <all fields>]"), r.stdout());
      assertFalse(r.stdout().contains("never"), r.stdout());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"null", "basic"})
  void exitsAtTheEndOfInput(String binding) {
    Result r = shell(binding, "insert k1 field0=a\nread k1");
    assertEquals(0, r.exitCode(), r.all());
    assertTrue(r.stdout().contains("Return code: OK"), r.stdout());
    assertFalse(r.all().contains("Exception"), r.all());
  }
}
