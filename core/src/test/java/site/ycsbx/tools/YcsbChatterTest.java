package site.ycsbx.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** YCSB's start-up chatter is left out of the console; everything else passes, in order. */
@Tag("fast")
class YcsbChatterTest {
  private static String through(String... lines) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream filtered = YcsbChatter.filter(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    for (String l : lines) {
      filtered.println(l);
    }
    filtered.flush();
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void yscbsBannerBlankLineLoadingAndTheDefaultDbWrapperLinesAreLeftOut() {
    String dbWrapper = "DBWrapper: report latency for each error is false and specific error codes to track for latency"
        + " are: []";
    assertEquals("Command line: -load -db x\nStarting test.\n[STATUS]  10 s load\n\n",
        through("Command line: -load -db x", "YCSB Client 0.17.0", "", "Loading workload...", "Starting test.",
            dbWrapper, dbWrapper, "[STATUS]  10 s load", ""));
  }

  @Test
  void aDbWrapperLineThatNamesTheUsersSettingsAndErrorsPass() {
    String chosen = "DBWrapper: report latency for each error is true and specific error codes to track for latency"
        + " are: [ERROR]";
    assertEquals(chosen + "\njava.lang.IllegalStateException: boom\n\tat x.y(Z.java:1)\n",
        through(chosen, "java.lang.IllegalStateException: boom", "\tat x.y(Z.java:1)"));
  }

  @Test
  void aPromptWithoutNewlineIsWrittenAtTheFlush() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream filtered = YcsbChatter.filter(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    filtered.print("> ");
    filtered.flush();
    assertEquals("> ", bytes.toString(StandardCharsets.UTF_8));
  }
}
