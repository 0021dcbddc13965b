package site.ycsbx.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * What a sweep or compare page looks like once Chromium has laid it out: the setup caption's
 * entries, the verdict's and the charts' boxes, what each chart marks (error bars, knee,
 * recommended range, limit line, read from the SVG groups {@code Charts} draws them in) and
 * whether the tables fit their width.
 */
public final class ReportProbe {
  /** The width a report must fit without a horizontal scrollbar. */
  public static final int WIDE = 1400;
  /** The verdict must end within this many pixels above the charts. */
  public static final int NEAR = 40;

  private static final String SCRIPT = """
      var q=function(s,r){return Array.prototype.slice.call((r||document).querySelectorAll(s));};
      var box=function(e){if(!e)return null;var b=e.getBoundingClientRect();
        return {top:b.top+window.scrollY,bottom:b.bottom+window.scrollY,left:b.left,right:b.right,width:b.width};};
      var attrs=function(e){var o={};for(var i=0;i<e.attributes.length;i++){o[e.attributes[i].name]=e.attributes[i].value;}
        o.text=e.textContent;return o;};
      var el=function(id){return document.getElementById(id);};
      return {viewport:window.innerWidth, scrollWidth:document.documentElement.scrollWidth,
        setup:{box:box(el('setup')), text:el('setup')?el('setup').innerText:'',
          kv:q('#setup .kv').map(function(e){var m=e.querySelector('mark');return {key:e.getAttribute('data-key'),
            value:e.querySelector('.v').textContent, mark:m?m.className:'', column:e.closest('td').cellIndex,
            colspan:e.closest('td').colSpan};})},
        verdict:{box:box(el('verdict')), text:el('verdict')?el('verdict').textContent:''},
        charts:q('figure.chart').map(function(f){return {id:f.id, box:box(f.querySelector('svg')),
          text:f.querySelector('svg').textContent, caption:f.querySelector('figcaption').textContent,
          spread:q('g.ycsbx-spread',f).map(attrs), knee:q('g.ycsbx-knee',f).map(attrs),
          range:q('g.ycsbx-range',f).map(attrs), limit:q('g.ycsbx-limit',f).map(attrs)};}),
        tables:q('.table-wrap').map(function(w){var t=w.querySelector('table');return {id:t.id,
          scrollWidth:w.scrollWidth, clientWidth:w.clientWidth, tableScrollWidth:t.scrollWidth,
          tableClientWidth:t.clientWidth, box:box(w), headers:q('th',t).map(function(h){return h.textContent;}),
          rows:q('tbody tr',t).map(function(r){return q('td',r).map(function(c){return c.textContent;});})};}),
        bareText:q('body > pre:not(#ycsbx-probe)').length};
      """;

  private ReportProbe() {
  }

  /** The page laid out {@value #WIDE} pixels wide. */
  public static JsonNode wide(Path html) throws IOException {
    return HeadlessChromium.evaluate(html, WIDE, SCRIPT);
  }

  /**
   * A screenshot {@value #WIDE} pixels wide, kept under target/report-screenshots (the
   * temporary folder of a test is deleted), so a person can look at what the test saw.
   */
  public static Path screenshot(Path html, String name) throws IOException {
    HeadlessChromium.Rendered r = HeadlessChromium.open(html, html.getParent(), WIDE, 1800);
    assertTrue(r.colours() > 20, "the screenshot looks blank: " + r.colours() + " colours");
    Path keep = Path.of("target", "report-screenshots");
    Files.createDirectories(keep);
    return Files.copy(r.screenshot(), keep.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
  }

  /** No horizontal scrollbar on the page, and none on any table at {@value #WIDE} pixels. */
  public static void assertFits(JsonNode p) {
    assertEquals(WIDE, p.path("viewport").asInt(), "window width");
    assertTrue(p.path("scrollWidth").asInt() <= WIDE, "the page scrolls sideways: scrollWidth "
        + p.path("scrollWidth").asInt());
    assertTrue(p.path("tables").size() > 0, "no HTML table");
    for (JsonNode t : p.path("tables")) {
      assertTrue(t.path("scrollWidth").asInt() <= t.path("clientWidth").asInt(), "table " + t.path("id")
          + " scrolls sideways: " + t.path("scrollWidth") + " > " + t.path("clientWidth"));
      assertTrue(t.path("tableScrollWidth").asInt() <= t.path("tableClientWidth").asInt(), "table " + t.path("id")
          + " overflows: " + t.path("tableScrollWidth") + " > " + t.path("tableClientWidth"));
    }
    assertEquals(0, p.path("bareText").asInt(), "a preformatted block is shown instead of a table");
  }

  /** The setup caption sits above the charts, the verdict directly above them (within {@value #NEAR} px). */
  public static void assertLayout(JsonNode p) {
    JsonNode charts = p.path("charts");
    assertEquals(2, charts.size(), "two charts");
    double setupBottom = p.path("setup").path("box").path("bottom").asDouble();
    double verdictTop = p.path("verdict").path("box").path("top").asDouble();
    double verdictBottom = p.path("verdict").path("box").path("bottom").asDouble();
    double chartTop = Math.min(charts.get(0).path("box").path("top").asDouble(),
        charts.get(1).path("box").path("top").asDouble());
    assertTrue(setupBottom <= verdictTop, "the setup caption must come before the verdict: " + p.path("setup").path("box")
        + " " + p.path("verdict").path("box"));
    assertTrue(verdictBottom <= chartTop && chartTop - verdictBottom <= NEAR, "the verdict must sit directly above"
        + " the charts: verdict ends at " + verdictBottom + ", charts start at " + chartTop);
    for (JsonNode t : p.path("tables")) {
      assertTrue(t.path("box").path("top").asDouble() > chartTop, "the tables come after the charts");
    }
  }

  /** The chart with this id. */
  public static JsonNode chart(JsonNode p, String id) {
    for (JsonNode c : p.path("charts")) {
      if (c.path("id").asText().equals(id)) {
        return c;
      }
    }
    throw new AssertionError("no chart " + id + " in " + p.path("charts"));
  }

  /** key=value entries of the setup caption, as "column:key=value" (column 1: A or the only one, 2: B). */
  public static List<String> setupEntries(JsonNode p) {
    List<String> out = new ArrayList<>();
    for (JsonNode kv : p.path("setup").path("kv")) {
      out.add(kv.path("column").asInt() + ":" + kv.path("key").asText() + "=" + kv.path("value").asText());
    }
    return out;
  }

  /** Parses a data-low/data-high attribute. */
  public static double number(JsonNode group, String attribute) {
    return Double.parseDouble(group.path(attribute).asText());
  }
}
