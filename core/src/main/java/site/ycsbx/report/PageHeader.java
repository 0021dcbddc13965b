package site.ycsbx.report;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import site.ycsbx.fingerprint.HostFacts;
import site.ycsbx.util.Secrets;

/**
 * The top of a page people publish, which makes it stand alone: what was run and why, when and for
 * how long, with which YCSB-X and YCSB, on what host, against which server, by what command line,
 * and a verdict in plain words. Facts are labelled lines; {@link #REQUIRED} ones must be there, or
 * {@link Builder#build} refuses: a page without its server version or command is not one to publish.
 *
 * <p>Hooks: {@code header#page-header}, a fact {@code tr[data-fact=KEY]} with its value in
 * {@code td}, the verdict {@code div#verdict} with a {@code p} per sentence.
 */
public final class PageHeader {
  public static final String DATE = "date";
  public static final String DURATION = "duration";
  public static final String YCSBX_VERSION = "ycsbx-version";
  public static final String YCSB_VERSION = "ycsb-version";
  public static final String HOST = "host";
  public static final String JAVA = "java";
  public static final String SERVER = "server";
  public static final String COMMAND = "command";
  /** The facts without which a page does not say what it measured. */
  public static final List<String> REQUIRED = List.of(DATE, YCSBX_VERSION, HOST, SERVER, COMMAND);

  public static final String CSS = """
      header.page-header p.purpose{font-size:15px;margin:0 0 8px;max-width:1100px}
      header.page-header table.facts{width:100%;table-layout:fixed;margin:0 0 10px;background:#fafafa}
      header.page-header table.facts th{width:190px;text-align:left;color:#444;font-weight:normal}
      header.page-header table.facts td{overflow-wrap:break-word}
      header.page-header table.facts td code{font-size:12px}
      div.page-verdict{margin:8px 0 16px;padding:8px 14px;background:#eef3fb;border-left:6px solid #3b6fb6}
      div.page-verdict p{margin:4px 0;font-size:14px}
      """;

  /** One labelled fact: {@code key} for scripts and tests, {@code label} for people. */
  public record Fact(String key, String label, String value) {
  }

  private final String purpose;
  private final List<Fact> facts;
  private final List<String> verdict;

  private PageHeader(String purpose, List<Fact> facts, List<String> verdict) {
    this.purpose = purpose;
    this.facts = List.copyOf(facts);
    this.verdict = List.copyOf(verdict);
  }

  public static Builder builder(String purpose) {
    return new Builder(purpose);
  }

  public String purpose() {
    return purpose;
  }

  public List<Fact> facts() {
    return facts;
  }

  public List<String> verdict() {
    return verdict;
  }

  /** The fact's value; null when the header has none. */
  public String get(String key) {
    return facts.stream().filter(f -> f.key().equals(key)).map(Fact::value).findFirst().orElse(null);
  }

  /** The header as HTML, for the top of a page's body (below its h1). */
  public String html() {
    StringBuilder sb = new StringBuilder("<header class=\"page-header\" id=\"page-header\">\n");
    if (purpose != null && !purpose.isBlank()) {
      sb.append("<p class=\"purpose\">").append(ReportHtml.esc(purpose)).append("</p>\n");
    }
    sb.append("<table class=\"facts\"><tbody>\n");
    for (Fact f : facts) {
      String v = ReportHtml.esc(f.value());
      sb.append("<tr data-fact=\"").append(ReportHtml.esc(f.key())).append("\"><th scope=\"row\">")
          .append(ReportHtml.esc(f.label())).append("</th><td>")
          .append(f.key().equals(COMMAND) ? "<code>" + v + "</code>" : v).append("</td></tr>\n");
    }
    sb.append("</tbody></table>\n");
    if (!verdict.isEmpty()) {
      sb.append("<div class=\"page-verdict\" id=\"verdict\">\n");
      verdict.forEach(s -> sb.append("<p>").append(ReportHtml.esc(s)).append("</p>\n"));
      sb.append("</div>\n");
    }
    return sb.append("</header>\n").toString();
  }

  /** The header as plain lines, {@code label: value}, then the verdict's sentences (a text file's top). */
  public List<String> lines() {
    List<String> out = new ArrayList<>();
    if (purpose != null && !purpose.isBlank()) {
      out.add(purpose);
    }
    int width = facts.stream().mapToInt(f -> f.label().length()).max().orElse(0);
    facts.forEach(f -> out.add(String.format("%-" + width + "s  %s", f.label() + ":", f.value())));
    if (!verdict.isEmpty()) {
      out.add("");
      out.addAll(verdict);
    }
    return out;
  }

  /** The header in Markdown: the purpose, a bullet per fact (the command as code), the verdict. */
  public String markdown() {
    StringBuilder sb = new StringBuilder();
    if (purpose != null && !purpose.isBlank()) {
      sb.append(purpose).append("\n\n");
    }
    for (Fact f : facts) {
      String v = f.key().equals(COMMAND) ? "`" + f.value().replace("`", "'") + "`" : Markdown.escape(f.value());
      sb.append("- **").append(Markdown.escape(f.label())).append("**: ").append(v).append('\n');
    }
    if (!verdict.isEmpty()) {
      sb.append('\n');
      verdict.forEach(s -> sb.append(Markdown.escape(s)).append("\n\n"));
    }
    return sb.toString();
  }

  /** The entries every fingerprint has with the same value (what the runs shared), in the first's order. */
  public static Map<String, String> shared(Collection<Map<String, String>> fingerprints) {
    Map<String, String> out = new LinkedHashMap<>();
    if (fingerprints.isEmpty()) {
      return out;
    }
    fingerprints.iterator().next().forEach((k, v) -> {
      if (v != null && fingerprints.stream().allMatch(fp -> v.equals(fp.get(k)))) {
        out.put(k, v);
      }
    });
    return out;
  }

  /**
   * The client host in one line from a fingerprint: {@code vm: 2 cores (AMD EPYC), 23.5 GB memory, Linux
   * 6.1.0, disks vda 275 GB non-rotational}; null without {@code client.host}.
   */
  public static String host(Map<String, String> fp) {
    String name = fp.get("client.host");
    if (name == null) {
      return null;
    }
    List<String> parts = new ArrayList<>();
    if (fp.containsKey("client.cores")) {
      parts.add(fp.get("client.cores") + " cores" + (fp.containsKey(HostFacts.CPU) ? " (" + fp.get(HostFacts.CPU) + ")"
          : ""));
    }
    if (fp.containsKey(HostFacts.MEMORY)) {
      parts.add(fp.get(HostFacts.MEMORY) + " GB memory");
    }
    if (fp.containsKey(HostFacts.KERNEL)) {
      parts.add(fp.get(HostFacts.KERNEL));
    }
    if (fp.containsKey(HostFacts.DISKS)) {
      parts.add("disks " + fp.get(HostFacts.DISKS));
    }
    return name + (parts.isEmpty() ? "" : ": " + String.join(", ", parts));
  }

  /** The server's product and version from a fingerprint ({@code MariaDB 10.11.19-MariaDB}); null without a version. */
  public static String server(Map<String, String> fp) {
    String version = fp.get("server.version");
    if (version == null || version.isBlank() || version.equals("n/a")) {
      return null;
    }
    String product = fp.get("server.product");
    return product == null || version.startsWith(product) ? version : product + " " + version;
  }

  /**
   * A command line as it can be printed: each {@code key=value} argument through {@link Secrets#mask}
   * (passwords, secrets, tokens, credentials, passwords in URLs), arguments with spaces or quotes quoted.
   */
  public static String command(List<String> args) {
    List<String> out = new ArrayList<>();
    for (String a : args) {
      int eq = a.indexOf('=');
      String shown = eq > 0 ? a.substring(0, eq + 1) + Secrets.mask(a.substring(0, eq), a.substring(eq + 1))
          : Secrets.maskUrl(a);
      out.add(shown.matches("[A-Za-z0-9_./:=,@%+*-]+") ? shown : "'" + shown.replace("'", "'\\''") + "'");
    }
    return String.join(" ", out);
  }

  /** Collects facts and the verdict; {@link #build} refuses a header without a {@link #REQUIRED} fact. */
  public static final class Builder {
    private final String purpose;
    private final List<Fact> facts = new ArrayList<>();
    private final List<String> verdict = new ArrayList<>();

    private Builder(String purpose) {
      this.purpose = purpose;
    }

    /**
     * Adds a fact, or replaces the one of that key where it stands; a null or blank value adds none (a
     * required one is then missing).
     */
    public Builder fact(String key, String label, String value) {
      if (value != null && !value.isBlank()) {
        Fact f = new Fact(key, label, value.strip());
        int at = facts.stream().map(Fact::key).toList().indexOf(key);
        if (at < 0) {
          facts.add(f);
        } else {
          facts.set(at, f);
        }
      }
      return this;
    }

    /** The facts every run's fingerprint gives: YCSB-X and YCSB versions, the host, its Java. */
    public Builder client(Map<String, String> fp) {
      fact(YCSBX_VERSION, "YCSB-X", fp.get("ycsbx.version"));
      fact(YCSB_VERSION, "YCSB core", fp.get("ycsb.core.version"));
      fact(HOST, "Host", host(fp));
      fact(JAVA, "Java", fp.get("client.java"));
      return this;
    }

    /** A sentence of the verdict. */
    public Builder verdict(String sentence) {
      if (sentence != null && !sentence.isBlank()) {
        verdict.add(sentence.strip());
      }
      return this;
    }

    /** The header; IllegalStateException naming each {@link #REQUIRED} fact that is missing. */
    public PageHeader build() {
      List<String> missing = REQUIRED.stream().filter(k -> facts.stream().noneMatch(f -> f.key().equals(k))).toList();
      if (!missing.isEmpty()) {
        throw new IllegalStateException("page header without " + String.join(", ", missing));
      }
      return new PageHeader(purpose, facts, verdict);
    }
  }
}
