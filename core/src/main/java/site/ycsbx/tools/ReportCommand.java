package site.ycsbx.tools;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import site.ycsbx.report.RunReport;
import site.ycsbx.results.RunFolder;
import site.ycsbx.util.UserError;

/** {@code report DIR}: (re)draws DIR/report.html from a run or merged folder's files. */
final class ReportCommand {
  private ReportCommand() {
  }

  static int run(List<String> dirs, PrintStream out) {
    if (dirs.size() != 1 || dirs.get(0).startsWith("-")) {
      throw new UserError("report takes one run folder: ycsb report DIR");
    }
    Path dir = Path.of(dirs.get(0));
    if (!Files.isRegularFile(dir.resolve(RunFolder.RESULT_FILE))) {
      throw new UserError(dir + " is not a run folder (no " + RunFolder.RESULT_FILE
          + "): report reads what -p " + RunFolder.OUT_PROPERTY + "=DIR or merge --out DIR left");
    }
    try {
      out.println("[YCSB-X] wrote " + RunReport.write(dir));
      return 0;
    } catch (IOException | RuntimeException e) {
      throw UserError.target("cannot write " + dir.resolve(RunReport.FILE) + ": " + e.getMessage());
    }
  }
}
