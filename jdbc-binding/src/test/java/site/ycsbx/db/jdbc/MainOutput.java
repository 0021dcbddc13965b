package site.ycsbx.db.jdbc;


import java.util.ArrayList;
import java.util.List;
import site.ycsbx.testing.InProcessMain;
import site.ycsbx.testing.JavaProcess;
import site.ycsbx.testing.JavaProcess.Result;
import site.ycsbx.testing.OneLineError;

/** Runs bin/ycsb's Java side (site.ycsbx.tools.Main) with the jdbc binding, and checks its errors. */
public final class MainOutput {
  private MainOutput() {
  }

  /** {@code Main <command> jdbc -P workloads/<workload> <args>}, in a JVM of its own. */
  public static Result main(String command, String workload, List<String> args) {
    return JavaProcess.run("site.ycsbx.tools.Main", commandLine(command, workload, args));
  }

  /** The same in this JVM, for command lines refused before the run starts (see InProcessMain). */
  public static Result refused(String command, String workload, List<String> args) {
    return InProcessMain.run(commandLine(command, workload, args));
  }

  private static String[] commandLine(String command, String workload, List<String> args) {
    List<String> all = new ArrayList<>(List.of(command, "jdbc", "-P", JavaProcess.workload(workload),
        "-p", "recordcount=200", "-p", "operationcount=200"));
    all.addAll(args);
    return all.toArray(new String[0]);
  }

  /** Exit code, exactly one stderr line holding every expected text, and no stack trace. */
  public static void assertOneLineError(Result r, int exit, String... expected) {
    OneLineError.assertOneLineError(r, exit, expected);
  }
}
