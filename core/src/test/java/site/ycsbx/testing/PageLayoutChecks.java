package site.ycsbx.testing;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import site.ycsbx.report.PageHeader;

/**
 * What a published page must look like when headless Chromium lays it out at {@link #WIDTH} px:
 * every row of a {@code table.results} at most two lines of text high; every numbered mark's note
 * on screen (a box, inside the window, not clipped); nothing wider than the window, no table wider
 * than its container; the header's {@link PageHeader#REQUIRED} facts there and not empty. Each
 * problem is one line naming what and where: an empty list is a page that passes.
 */
public final class PageLayoutChecks {
  public static final int WIDTH = 1400;
  // per row: its height against two lines of its tallest cell's line height plus that cell's padding
  private static final String SCRIPT = "var out={rows:[],marks:[],tables:[],facts:{},scrollWidth:"
      + "document.documentElement.scrollWidth,window:window.innerWidth};"
      + "function lh(c){var s=getComputedStyle(c);var l=parseFloat(s.lineHeight);"
      + "if(isNaN(l)){l=parseFloat(s.fontSize)*1.25;}return l;}"
      + "document.querySelectorAll('table.results').forEach(function(t,ti){"
      + "var w=t.parentElement.getBoundingClientRect().width;var tw=t.getBoundingClientRect().width;"
      + "if(tw>w+1){out.tables.push({table:ti,cls:t.className,width:tw,container:w});}"
      + "t.querySelectorAll('tr').forEach(function(r,ri){var h=r.getBoundingClientRect().height;var allowed=0;"
      + "Array.from(r.cells).forEach(function(c){var s=getComputedStyle(c);var a=2*lh(c)+parseFloat(s.paddingTop)"
      + "+parseFloat(s.paddingBottom)+parseFloat(s.borderTopWidth)+parseFloat(s.borderBottomWidth)+2;"
      + "if(a>allowed){allowed=a;}});"
      + "if(h>allowed){out.rows.push({table:ti,cls:t.className,row:ri,height:h,allowed:allowed,"
      + "text:r.textContent.replace(/\\s+/g,' ').slice(0,120)});}});});"
      + "document.querySelectorAll('sup.mark').forEach(function(m){var n=m.dataset.note;"
      + "var wrap=m.closest('.table-wrap')||m.closest('table');var list=null;var e=wrap;"
      + "while(e&&!list){e=e.nextElementSibling;if(e&&e.matches('ol.marks')){list=e;}"
      + "if(e&&e.matches('.table-wrap,h2,h3,section')){break;}}"
      + "var li=list?list.querySelector('li[data-note=\"'+n+'\"]'):null;"
      + "if(!li){out.marks.push({mark:n,problem:'no note under its table',near:m.parentElement.textContent});return;}"
      + "var r=li.getBoundingClientRect();var s=getComputedStyle(li);"
      + "if(r.width<=0||r.height<=0||r.right>window.innerWidth+1||r.left<0||s.visibility=='hidden'"
      + "||li.scrollWidth>li.clientWidth+1||li.textContent.trim().length<4){"
      + "out.marks.push({mark:n,problem:'note not visible',width:r.width,height:r.height,right:r.right});}});"
      + "document.querySelectorAll('header#page-header tr[data-fact]').forEach(function(r){"
      + "var td=r.querySelector('td');var b=td.getBoundingClientRect();"
      + "out.facts[r.dataset.fact]=b.width>0&&b.height>0?td.textContent.trim():'';});"
      + "return out;";

  private PageLayoutChecks() {
  }

  /** The page as laid out at {@link #WIDTH} px, the script's findings as JSON. */
  public static JsonNode layout(Path html) throws IOException {
    return HeadlessChromium.evaluate(html, WIDTH, SCRIPT);
  }

  /** The problems of a laid-out page; {@code mustContain}: texts the header's facts must hold too (a version). */
  public static List<String> problems(JsonNode page, String... mustContain) {
    List<String> out = new ArrayList<>();
    page.path("rows").forEach(r -> out.add("row taller than two lines (" + r.path("height").asInt() + " px > "
        + r.path("allowed").asInt() + " px) in table." + r.path("cls").asText() + ": " + r.path("text").asText()));
    page.path("marks").forEach(m -> out.add("mark " + m.path("mark").asText() + ": " + m.path("problem").asText()
        + " " + m));
    page.path("tables").forEach(t -> out.add("table." + t.path("cls").asText() + " " + t.path("width").asInt()
        + " px wide in a container of " + t.path("container").asInt() + " px"));
    if (page.path("scrollWidth").asInt() > WIDTH) {
      out.add("the page scrolls sideways: " + page.path("scrollWidth").asInt() + " px at " + WIDTH);
    }
    JsonNode facts = page.path("facts");
    for (String k : PageHeader.REQUIRED) {
      if (facts.path(k).asText("").isBlank()) {
        out.add("header fact " + k + " missing or empty");
      }
    }
    String all = facts.toString();
    for (String s : mustContain) {
      if (!all.contains(s)) {
        out.add("header facts without " + s);
      }
    }
    return out;
  }
}
