package site.ycsbx.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks of a run folder's report.html shared by core's and the bindings' tests: the page loads
 * nothing, and in headless Chromium each operation's three charts are laid out with their data,
 * the tables are there, and a full-page screenshot is a real picture.
 */
public final class RunReportChecks {
  public static final List<String> KINDS = List.of("throughput", "latency", "percentiles");
  /** Tall enough for a page of two or three operations: the screenshot shows it whole. */
  static final int SHOT_HEIGHT = 2400;

  // what every chart is, as Chromium laid it out
  private static final String SCRIPT = "return Array.from(document.querySelectorAll('div.ycsbx-chart')).map(function(d){"
      + "var s=d.querySelector('svg');var r=s?s.getBoundingClientRect():{width:0,height:0};"
      + "return {op:d.dataset.op,kind:d.dataset.kind,points:Number(d.dataset.points),width:r.width,height:r.height,"
      + "marks:s?s.querySelectorAll('path,line,polyline,rect').length:0,"
      + "text:s?Array.from(s.querySelectorAll('text')).map(function(t){return t.textContent;}).join('|'):''};});";

  private static final String RATE_SCRIPT = "return Array.from(document.querySelectorAll('div.ycsbx-rate-chart'))"
      + ".map(function(d){var s=d.querySelector('svg');return {unit:d.dataset.unit,points:Number(d.dataset.points),"
      + "marks:s.querySelectorAll('path,line,polyline,rect').length,"
      + "text:Array.from(s.querySelectorAll('text')).map(function(t){return t.textContent;}).join('|')};});";

  private RunReportChecks() {
  }

  /** The page of {@code dir} needs no network: no script, link, image source or remote URL. */
  public static String selfContained(Path dir) throws IOException {
    Path html = dir.resolve("report.html");
    assertTrue(Files.isRegularFile(html), "no report.html in " + dir);
    String page = Files.readString(html);
    for (String bad : List.of("<script", "<link", "<img", "<iframe", "src=", "@import", "url(http", "href=\"http")) {
      assertFalse(page.contains(bad), "report.html holds " + bad);
    }
    return page;
  }

  /**
   * Renders {@code dir/report.html} in headless Chromium: every operation of {@code ops} has its
   * three charts, each an SVG laid out at a readable size with lines drawn, the tables are in
   * the DOM, the screenshot (full page) has many colours. Returns what Chromium saw.
   */
  public static HeadlessChromium.Rendered rendered(Path dir, List<String> ops) throws IOException {
    Path html = dir.resolve("report.html");
    selfContained(dir);
    HeadlessChromium.Rendered r = HeadlessChromium.open(html, dir, HeadlessChromium.WIDTH, SHOT_HEIGHT);
    assertEquals(3 * ops.size(), HeadlessChromium.count(r.dom(), "class=\"ycsbx-chart\""), "charts in the DOM");
    for (String table : List.of("what-ran", "fingerprint", "operations", "errors")) {
      assertTrue(r.dom().contains("class=\"setup " + table + "\"") || r.dom().contains("class=\"results " + table + "\""),
          table + " table missing from the DOM");
    }
    assertTrue(Files.size(r.screenshot()) > 50_000, "screenshot " + Files.size(r.screenshot()) + " bytes");
    assertTrue(r.colours() > 50, "screenshot of " + r.colours() + " colours: a blank or error page");

    JsonNode charts = HeadlessChromium.evaluate(html, HeadlessChromium.WIDTH, SCRIPT);
    Map<String, JsonNode> seen = new HashMap<>();
    charts.forEach(c -> seen.put(c.path("op").asText() + "/" + c.path("kind").asText(), c));
    for (String op : ops) {
      for (String kind : KINDS) {
        JsonNode c = seen.get(op + "/" + kind);
        assertTrue(c != null, op + " has no " + kind + " chart: " + charts);
        assertTrue(c.path("points").asLong() > 0, c.toString());
        // three charts side by side in a 1200 px window: each about a third of it
        assertTrue(c.path("width").asDouble() > 300 && c.path("height").asDouble() > 200, c.toString());
        assertTrue(c.path("marks").asInt() > 20, "too little drawn: " + c);
        assertTrue(c.path("text").asText().contains(op), "the chart's title names " + op + ": " + c);
      }
      assertTrue(seen.get(op + "/percentiles").path("text").asText().contains("99%"), "percentile labels");
      assertTrue(seen.get(op + "/latency").path("text").asText().contains("p99"), "p99 in the legend");
    }
    // a family's rate over time (iibench's rows/s): drawn, and in the unit its element says
    JsonNode rate = HeadlessChromium.evaluate(html, HeadlessChromium.WIDTH, RATE_SCRIPT);
    for (JsonNode c : rate) {
      assertTrue(c.path("marks").asInt() > 20, "too little drawn: " + c);
      assertTrue(c.path("text").asText().startsWith(c.path("unit").asText() + " over time"), c.toString());
    }
    return r;
  }

  /** The family's rate charts of a page: their unit, marks and text; none for YCSB's workloads. */
  public static JsonNode rateCharts(Path dir) throws IOException {
    return HeadlessChromium.evaluate(dir.resolve("report.html"), HeadlessChromium.WIDTH, RATE_SCRIPT);
  }

  /** The text of a cell {@code data-col=col} in the row {@code data-op=op} of table {@code table}. */
  public static String cell(String page, String table, String op, String col) {
    int t = page.indexOf("class=\"results " + table + "\"");
    assertTrue(t >= 0, "no " + table + " table");
    String body = page.substring(t, page.indexOf("</table>", t));
    Matcher row = Pattern.compile("(?s)<tr data-(?:op|row)=\"" + Pattern.quote(op) + "\">(.*?)</tr>").matcher(body);
    assertTrue(row.find(), "no row " + op + " in the " + table + " table");
    Matcher c = Pattern.compile("data-col=\"" + Pattern.quote(col) + "\">([^<]*)<").matcher(row.group(1));
    assertTrue(c.find(), "no " + col + " in row " + op + " of the " + table + " table: " + row.group(1));
    return c.group(1);
  }

  /** A cell as a number (thousands separators dropped). */
  public static long number(String page, String table, String op, String col) {
    return Long.parseLong(cell(page, table, op, col).replace(",", ""));
  }
}
