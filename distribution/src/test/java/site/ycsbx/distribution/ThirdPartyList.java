package site.ycsbx.distribution;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * THIRD-PARTY.txt as src/license/third-party.ftl writes it: one line per artifact, ending in
 * "(group:artifact:version - url)", then a line per GNU-licensed artifact naming its -sources.jar.
 */
record ThirdPartyList(String text) {
  private static final Pattern ENTRY =
      Pattern.compile("(?m)^ +\\((.*)\\) .* \\(([\\w.-]+):([\\w.-]+):([\\w.-]+) - [^()]*\\)$");

  /** Each listed artifact's line, by the file name its jar has in lib/ (artifact-version.jar). */
  Map<String, String> linesByJar() {
    Map<String, String> lines = new TreeMap<>();
    Matcher m = ENTRY.matcher(text);
    while (m.find()) {
      String previous = lines.put(m.group(3) + "-" + m.group(4) + ".jar", m.group());
      assertTrue(previous == null, "listed twice: " + m.group());
    }
    return lines;
  }

  /** The lines naming a -sources.jar (group:artifact:version:sources). */
  List<String> sourceLines() {
    return text.lines().filter(l -> l.matches(" +[\\w.-]+:[\\w.-]+:[\\w.-]+:sources \\(.*")).toList();
  }

  /** The source line of {@code groupId:artifactId:version}, or fails. */
  String sourceLine(String gav) {
    return sourceLines().stream().filter(l -> l.strip().startsWith(gav + ":sources ")).findFirst()
        .orElseThrow(() -> new AssertionError("no source line for " + gav + ":\n" + text));
  }

  /** YCSB-X's own jars, which the list leaves out. */
  static boolean isOwn(String jar) {
    return jar.startsWith("ycsbx-");
  }
}
