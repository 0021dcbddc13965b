package site.ycsbx.tools.compare;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import site.ycsbx.util.UserError;

/**
 * {@code ycsb compare A B [--labels a,b] [--html FILE]}: two sweeps or results side by side,
 * per thread count and operation: throughput, p95, p99 and the ratio B/A. With repeats the
 * spread is shown; with {@value Statistics#MIN_RUNS_FOR_TEST} or more runs per thread count on both sides,
 * Welch's t-test says whether the throughput difference is significant, beside a 95% confidence
 * interval of B/A (with fewer, single runs included, a line says so and how many runs a claim
 * needs). When the fingerprints differ in more than one dimension the first line says so: the
 * difference then cannot be put down to one cause.
 *
 * <p>This class is the command; {@link Comparability} judges what can be compared, {@link Statistics}
 * works out the figures, {@link CompareTable} prints them and {@link ComparePage} draws the page.
 */
public final class Compare {
  static final String USAGE = "compare A B [--labels a,b] [--html FILE]   (A, B: sweep folders or YCSB result files)";

  private Compare() {
  }

  public static int run(List<String> args, PrintStream out, PrintStream err) {
    List<String> files = new ArrayList<>();
    String[] labels = {null, null};
    Path html = null;
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      if (a.equals("--labels")) {
        String v = value(args, ++i, a);
        String[] l = v.split(",", -1);
        if (l.length != 2 || l[0].isBlank() || l[1].isBlank()) {
          throw new UserError("--labels " + v + ": --labels accepts two names separated by a comma, e.g. innodb,rocksdb");
        }
        labels = l;
      } else if (a.equals("--html")) {
        html = Path.of(value(args, ++i, a));
      } else if (a.startsWith("--")) {
        throw new UserError("unknown compare option " + a + "; usage: ycsb " + USAGE);
      } else {
        files.add(a);
      }
    }
    if (files.size() != 2) {
      throw new UserError("compare needs two results, got " + files.size() + "; usage: ycsb " + USAGE);
    }
    Side a = Side.load(Path.of(files.get(0)), labels[0]);
    Side b = Side.load(Path.of(files.get(1)), labels[1]);
    if (a.label.equals(b.label)) {
      throw new UserError("both sides are labelled '" + a.label + "'; name them with --labels a,b");
    }
    Comparability.sameWorkload(a, b);
    List<int[]> pairs = Comparability.threadPairs(a, b);
    if (html == null) {
      html = Path.of("compare-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + ".html");
    }
    if (Files.exists(html)) {
      throw new UserError("--html " + html + " already exists; give another file, nothing is overwritten");
    }
    StringBuilder text = new StringBuilder();
    String headline = Comparability.fingerprintLine(a, b);
    text.append(headline).append('\n');
    String cache = Comparability.cacheLine(a, b);
    if (cache != null) {
      text.append(cache).append('\n');
    }
    text.append("A = ").append(a.describe()).append('\n');
    text.append("B = ").append(b.describe()).append('\n');
    text.append(besideOtherLoad(a, b)).append('\n');
    text.append(CompareTable.table(a, b, pairs));
    text.append(CompareEfficiency.table(a, b, pairs));
    out.print(text);
    String page = ComparePage.page(a, b, pairs, headline, text.toString());
    try {
      Files.writeString(html, page, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw UserError.target("cannot write " + html + ": " + e.getMessage());
    }
    out.println("html: " + html);
    return 0;
  }

  /** A line per side that ran beside other load: its figures include what others took from the host or the server. */
  static String besideOtherLoad(Side a, Side b) {
    StringBuilder sb = new StringBuilder();
    for (Side s : List.of(a, b)) {
      if (s.besideOtherLoad != null) {
        sb.append("WARNING: ").append(s.label).append(" ran beside other load: ").append(s.besideOtherLoad).append('\n');
      }
    }
    return sb.toString();
  }

  private static String value(List<String> args, int i, String option) {
    if (i >= args.size()) {
      throw new UserError(option + " needs a value; usage: ycsb " + USAGE);
    }
    return args.get(i);
  }
}
