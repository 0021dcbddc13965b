package site.ycsbx.report;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A published page names no folder of the machine it ran on: an absolute path in its text (a
 * fingerprint's data folder, a {@code -p ycsbx.out=/home/...} of its command line, a workload file
 * given by its absolute path) is shown relative to the run folder where it lies in it
 * ({@code r1/summary.txt}), else as the folder's or file's name after an ellipsis
 * ({@code …/postgres-embedded}): what it was stays readable, where the machine keeps it does not.
 */
public final class LocalPaths {
  /**
   * An absolute path as page text holds it: a slash at the start of a word or value (after a
   * space, '=', ',', ';', '(', a quote or a tag's end); not a URL's "//" or its "/db" after a port,
   * nor a tag's "&lt;/".
   */
  static final Pattern ABSOLUTE = Pattern.compile("(?<=^|[\\s=,;(\"'>])/(?!/)[^\\s<>\"',;()]+");
  public static final String ELIDED = "\u2026/";

  private LocalPaths() {
  }

  /** {@code text} with every absolute path shown as {@link LocalPaths} says; {@code runDir}: the run folder. */
  public static String shown(String text, Path runDir) {
    String dir = runDir.toAbsolutePath().normalize().toString();
    String name = runDir.toAbsolutePath().normalize().getFileName() == null ? ""
        : runDir.toAbsolutePath().normalize().getFileName().toString();
    Matcher m = ABSOLUTE.matcher(text);
    StringBuilder sb = new StringBuilder();
    while (m.find()) {
      String p = m.group();
      String shown;
      if (p.equals(dir) || p.startsWith(dir + "/")) {
        shown = name + p.substring(dir.length());
      } else {
        String trimmed = p.replaceAll("/+$", "");
        shown = trimmed.isEmpty() ? "/" : ELIDED + trimmed.substring(trimmed.lastIndexOf('/') + 1);
      }
      m.appendReplacement(sb, Matcher.quoteReplacement(shown));
    }
    m.appendTail(sb);
    return sb.toString();
  }
}
