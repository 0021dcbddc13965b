package site.ycsbx.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Checks the relative links of a repository's Markdown pages: the file a link names exists, and
 * its {@code #fragment} is the anchor GitHub gives one of that file's headings. External links
 * (any {@code scheme:}) are not followed: a test must not depend on the network.
 */
final class MarkdownLinks {
  /** {@code [text](target)} and {@code ![alt](target)}, with an optional "title"; the text may wrap. */
  private static final Pattern INLINE_LINK =
      Pattern.compile("\\[(?:[^\\]\\\\]|\\\\.)*\\]\\(\\s*<?([^)\\s>]*)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
  /** {@code [label]: target} on a line of its own. */
  private static final Pattern REFERENCE_LINK =
      Pattern.compile("^ {0,3}\\[[^\\]\\n]+\\]:[ \\t]*<?([^\\s>]+)>?[^\\n]*$", Pattern.MULTILINE);
  private static final Pattern HEADING = Pattern.compile("^ {0,3}(#{1,6})\\s+(.*?)\\s*#*\\s*$");
  private static final Pattern FENCE = Pattern.compile("^ {0,3}(```|~~~)");
  private static final Pattern CODE_SPAN = Pattern.compile("(`+)(.+?)\\1");
  private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:");

  private final Map<Path, Set<String>> anchors = new HashMap<>();

  private MarkdownLinks() {
  }

  /** README.md, docs/**.md and bench/**.md under {@code root}; target/ and .git are build output and history. */
  static List<Path> pages(Path root) throws IOException {
    List<Path> pages = new ArrayList<>();
    if (Files.isRegularFile(root.resolve("README.md"))) {
      pages.add(root.resolve("README.md"));
    }
    for (String dir : List.of("docs", "bench")) {
      if (Files.isDirectory(root.resolve(dir))) {
        try (Stream<Path> files = Files.walk(root.resolve(dir))) {
          files.filter(p -> p.toString().endsWith(".md") && Files.isRegularFile(p) && isSource(root.relativize(p)))
              .sorted().forEach(pages::add);
        }
      }
    }
    return pages;
  }

  private static boolean isSource(Path relative) {
    for (Path part : relative) {
      if (part.toString().equals("target") || part.toString().equals(".git")) {
        return false;
      }
    }
    return true;
  }

  /** One line per broken link, {@code path:line: what is wrong} (path relative to {@code root}), in page and line order. */
  static List<String> check(Path root, List<Path> pages) throws IOException {
    MarkdownLinks checker = new MarkdownLinks();
    List<String> problems = new ArrayList<>();
    for (Path page : pages) {
      String text = prose(Files.readAllLines(page, StandardCharsets.UTF_8));
      TreeMap<Integer, List<String>> byOffset = new TreeMap<>();
      // a link's text may wrap onto the next line: match over the whole page, then count the lines
      for (Pattern links : List.of(REFERENCE_LINK, INLINE_LINK)) {
        Matcher m = links.matcher(text);
        while (m.find()) {
          String problem = checker.problem(page, m.group(1));
          if (problem != null) {
            long line = 1 + text.substring(0, m.start(1)).chars().filter(c -> c == '\n').count();
            byOffset.computeIfAbsent(m.start(1), k -> new ArrayList<>())
                .add(root.relativize(page) + ":" + line + ": " + problem);
          }
        }
      }
      byOffset.values().forEach(problems::addAll);
    }
    return problems;
  }

  /** The page with fenced blocks emptied and code spans masked, its line breaks kept: code holds no links. */
  private static String prose(List<String> lines) {
    StringBuilder text = new StringBuilder();
    boolean inFence = false;
    for (String line : lines) {
      boolean fence = FENCE.matcher(line).find();
      inFence ^= fence;
      if (!fence && !inFence) {
        text.append(CODE_SPAN.matcher(line).replaceAll(m -> "x".repeat(m.group().length())));
      }
      text.append('\n');
    }
    return text.toString();
  }

  private String problem(Path page, String target) {
    if (target.isEmpty() || SCHEME.matcher(target).find()) {
      return null;
    }
    int hash = target.indexOf('#');
    String file = URLDecoder.decode(hash < 0 ? target : target.substring(0, hash), StandardCharsets.UTF_8);
    String fragment = hash < 0 ? "" : URLDecoder.decode(target.substring(hash + 1), StandardCharsets.UTF_8);
    Path linked = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
    if (!Files.exists(linked)) {
      return "broken link '" + target + "': no file " + file;
    }
    if (!fragment.isEmpty() && linked.toString().endsWith(".md") && !anchors(linked).contains(fragment)) {
      return "broken anchor '" + target + "': no heading '" + fragment + "' in " + linked.getFileName();
    }
    return null;
  }

  private Set<String> anchors(Path page) {
    return anchors.computeIfAbsent(page, p -> {
      try {
        return headingAnchors(Files.readAllLines(p, StandardCharsets.UTF_8));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
  }

  /** The anchors GitHub makes of a page's headings (not those in fenced code), a repeated one suffixed -1, -2, ... */
  static Set<String> headingAnchors(List<String> lines) {
    Set<String> anchors = new HashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    boolean inFence = false;
    for (String line : lines) {
      boolean fence = FENCE.matcher(line).find();
      inFence ^= fence;
      Matcher h = HEADING.matcher(line);
      if (!fence && !inFence && h.matches()) {
        String slug = slug(h.group(2));
        int n = seen.merge(slug, 1, Integer::sum) - 1;
        anchors.add(n == 0 ? slug : slug + "-" + n);
      }
    }
    return anchors;
  }

  /**
   * GitHub's anchor of a heading: the rendered text (links and code marks gone, entities
   * decoded) in lower case, everything but letters, digits, '_', '-' and spaces dropped, then
   * each space made a '-'.
   */
  static String slug(String heading) {
    String text = heading.replaceAll("!?\\[([^\\]]*)\\]\\([^)]*\\)", "$1")
        .replace("`", "").replace("*", "")
        .replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&amp;", "&");
    return text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{M}\\p{N}_\\- ]", "").replace(' ', '-');
  }
}
