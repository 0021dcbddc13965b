package site.ycsbx.tools.child;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("process")
class ChildJvmTest {
  @TempDir
  Path tmp;

  /** A child: prints its arguments, then exits with the first one's code, or sleeps when it is "sleep". */
  public static final class Child {
    public static void main(String[] args) throws InterruptedException {
      System.out.println("child " + String.join(" ", args));
      if (args[0].equals("sleep")) {
        Thread.sleep(TimeUnit.MINUTES.toMillis(5));
      }
      System.exit(Integer.parseInt(args[0]));
    }
  }

  @Test
  void aLogsMostTellingLineIsYcsbxsVerdictElseItsLastLine() throws Exception {
    Path log = tmp.resolve("a.log");
    Files.writeString(log, "starting\nycsb: no such table usertable\nat site.ycsbx.Foo\n\n");
    assertEquals("ycsb: no such table usertable", ChildJvm.lastLine(log));
    Files.writeString(log, "starting\n  done  \n\n");
    assertEquals("done", ChildJvm.lastLine(log));
    Files.writeString(log, "\n");
    assertEquals("(no output)", ChildJvm.lastLine(log));
    assertEquals("(no log)", ChildJvm.lastLine(tmp.resolve("none.log")));
  }

  @Test
  void aChildsExitCodeAndOutputComeBack() {
    Path log = tmp.resolve("child.log");
    ChildJvm.Exit exit = new ChildJvm(Child.class.getName(), "a test", List.of("-Xmx")).run(List.of("3", "x"), log);
    assertEquals(3, exit.code());
    assertTrue(exit.seconds() > 0);
    assertEquals("child 3 x", ChildJvm.lastLine(log));
  }

  @Test
  void anInterruptedWaitStopsTheChildAndExits130() throws Exception {
    Path log = tmp.resolve("sleep.log");
    ChildJvm jvm = new ChildJvm(Child.class.getName(), "a test", List.of());
    Thread main = Thread.currentThread();
    Thread interrupter = new Thread(() -> {
      try {
        while (!(Files.exists(log) && Files.readString(log).contains("child sleep"))) {
          Thread.sleep(50);
        }
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
      main.interrupt();
    });
    interrupter.start();
    long t0 = System.nanoTime();
    ChildJvm.Exit exit = jvm.run(List.of("sleep"), log);
    assertTrue(Thread.interrupted(), "the interrupt is kept");
    interrupter.join();
    assertEquals(ChildJvm.INTERRUPTED, exit.code());
    assertTrue(System.nanoTime() - t0 < TimeUnit.MINUTES.toNanos(1), "the child was stopped, not waited for");
    for (ProcessHandle c : ProcessHandle.current().children()
        .filter(c -> c.info().commandLine().orElse("").contains(Child.class.getName())).toList()) {
      assertTrue(c.onExit().get(10, TimeUnit.SECONDS) != null, "the child ended");
    }
  }
}
