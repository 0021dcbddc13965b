package site.ycsbx.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import site.ycsbx.fingerprint.Fingerprint;

/**
 * The parts the sweep and compare pages share: the page itself (no script, no network), the
 * setup caption (a fingerprint grouped into rows a person reads: binding, workload, its
 * defining properties, server, durability, client) and number formatting for the HTML tables.
 *
 * <p>The page is laid out for a post or a wide screen: the setup on top, the verdict directly
 * above the charts, then HTML tables that wrap instead of scrolling sideways.
 */
public final class ReportHtml {
  /** Rows of the setup caption, in order; every fingerprint entry lands in one of them. */
  public static final List<String> GROUPS = List.of("binding", "workload", "defining properties",
      "other workload properties", "server", "durability", "client");

  private static final String CSS = """
      body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:24px;color:#222;max-width:1352px}
      h1{font-size:22px;margin:0 0 12px}
      h2{font-size:17px;margin:24px 0 8px}
      table{border-collapse:collapse;font-size:13px}
      caption{text-align:left;font-weight:bold;font-size:14px;padding:4px 0}
      th,td{padding:3px 8px;border-bottom:1px solid #e3e3e3;vertical-align:top;text-align:left}
      table.setup{width:100%;table-layout:fixed;background:#fafafa}
      table.setup th{width:170px;color:#444}
      table.setup td{overflow-wrap:anywhere}
      table.setup th.side{width:auto}
      .kv{display:inline-block;max-width:100%;margin:0 14px 0 0;overflow-wrap:anywhere}
      .kv .k{color:#666}
      mark.differ{background:#ffd966;padding:0 2px}
      mark.minor{background:#eee;padding:0 2px}
      .verdict{font-size:18px;font-weight:bold;margin:16px 0 4px;padding:10px 14px;background:#eef6ee;
        border-left:6px solid #2e8b57}
      .verdict.none{background:#f6f2e8;border-left-color:#b08a2e}
      .verdict.warn{background:#fff4e0;border-left-color:#d9822b}
      .verdict .note{margin:4px 0 0;font-size:13px;font-weight:normal;color:#555}
      .charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(600px,1fr));gap:8px 24px}
      figure{margin:8px 0 16px;min-width:0}
      figure svg{max-width:100%;height:auto;display:block}
      figcaption{font-size:13px;color:#555;margin-top:2px}
      .table-wrap{max-width:100%;overflow-x:auto;margin:0 0 16px}
      table.results td.num,table.results th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
      table.results thead th{background:#f0f0f0;border-bottom:2px solid #ccc}
      table.results thead th[colspan]{text-align:center;border-bottom:1px solid #ccc}
      table.results td.why{overflow-wrap:anywhere;color:#a00}
      table.results tr.recommended td{background:#e6f4ea}
      table.results tr.knee td:first-child{box-shadow:inset 4px 0 #c81e1e}
      table.results tr.first-op td{border-top:2px solid #ccc}
      details pre{background:#f6f6f6;padding:12px;overflow-x:auto;font-size:12px}
      """;

  private ReportHtml() {
  }

  /** A self-contained page: no script, no style sheet, no picture loaded from anywhere. */
  public static String page(String title, String body) {
    return page(title, "", body);
  }

  /** The same with style rules of the page's own after the shared ones. */
  public static String page(String title, String css, String body) {
    return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>" + esc(title)
        + "</title>\n<style>" + CSS + css + "</style></head>\n<body>\n<h1>" + esc(title) + "</h1>\n" + body
        + "</body></html>\n";
  }

  public static String esc(String s) {
    return Charts.escape(s == null ? "" : s);
  }

  /**
   * A fingerprint grouped into the rows of {@link #GROUPS}: the binding and its options; the workload class
   * (and phase); its defining properties; its other properties (record count, table, ...); the
   * server and storage engine; durability settings; the client. The
   * thread count is left out: it is what a sweep varies.
   */
  public static Map<String, Map<String, String>> groups(Map<String, String> fp) {
    Map<String, Map<String, String>> g = new LinkedHashMap<>();
    GROUPS.forEach(n -> g.put(n, new LinkedHashMap<>()));
    Set<String> defining = Set.of(fp.getOrDefault(Fingerprint.WORKLOAD_DEFINING, "").split(","));
    for (Map.Entry<String, String> e : fp.entrySet()) {
      String k = e.getKey();
      String group;
      if (k.equals("threads") || k.equals(Fingerprint.WORKLOAD_DEFINING)) {
        continue;
      } else if (k.equals("binding")) {
        group = "binding";
      } else if (k.equals("workload") || k.equals("phase") || k.equals("workload.files") || k.equals("target.ops")) {
        group = "workload";
      } else if (k.startsWith(Fingerprint.WORKLOAD_PREFIX)) {
        group = defining.contains(k.substring(Fingerprint.WORKLOAD_PREFIX.length())) ? "defining properties"
            : "other workload properties";
      } else if (k.startsWith("server.") || k.startsWith("storage.")) {
        group = "server";
      } else if (k.startsWith("durability.") || k.equals("write.concern") || k.equals("journal")) {
        group = "durability";
      } else if (k.startsWith("client.") || k.equals("ycsbx.version") || k.equals("ycsb.core.version")) {
        group = "client";
      } else {
        group = "binding"; // the binding's options
      }
      g.get(group).put(k, e.getValue());
    }
    return g;
  }

  /** The name a setup row shows for a key: defining and other workload properties without their prefix. */
  public static String shortKey(String group, String key) {
    return group.endsWith("properties") && key.startsWith(Fingerprint.WORKLOAD_PREFIX)
        ? key.substring(Fingerprint.WORKLOAD_PREFIX.length()) : key;
  }

  /** {@code <span class="kv">key=value</span>}, the value wrapped in a mark when {@code mark} is not null. */
  public static String kv(String key, String value, String mark) {
    String v = "<span class=\"v\">" + esc(value) + "</span>";
    String body = "<span class=\"k\">" + esc(key) + "</span>=" + v;
    if (mark != null) {
      body = "<mark class=\"" + mark + "\">" + body + "</mark>";
    }
    return "<span class=\"kv\" data-key=\"" + esc(key) + "\">" + body + "</span> ";
  }

  /** A table cell with a number right-aligned. */
  public static String num(String text) {
    return "<td class=\"num\">" + esc(text) + "</td>";
  }

  /** 44,977: throughputs with thousands separators (the tables' ops/s). */
  public static String ops(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%,.0f", v);
  }

  /** min-max of the values, formatted by {@code f}; empty for fewer than two. */
  public static String range(double[] v, java.util.function.DoubleFunction<String> f) {
    double[] ok = java.util.Arrays.stream(v).filter(d -> !Double.isNaN(d)).toArray();
    if (ok.length < 2) {
      return "";
    }
    return f.apply(java.util.Arrays.stream(ok).min().orElseThrow()) + "–"
        + f.apply(java.util.Arrays.stream(ok).max().orElseThrow());
  }

  /** A setup row: a header cell and its key=value pairs. */
  public static String row(String header, List<String> cells, String rowClass) {
    StringBuilder sb = new StringBuilder("<tr" + (rowClass == null ? "" : " class=\"" + rowClass + "\"") + "><th scope=\"row\">")
        .append(esc(header)).append("</th>");
    cells.forEach(sb::append);
    return sb.append("</tr>\n").toString();
  }

  /** The plain-text table as the console printed it, folded away under the HTML tables. */
  public static String asPrinted(String text) {
    return "<details><summary>The table as printed on the console</summary><pre>" + esc(text) + "</pre></details>\n";
  }

  static List<String> list(String... s) {
    return new ArrayList<>(List.of(s));
  }
}
