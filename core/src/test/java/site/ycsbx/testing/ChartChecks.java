package site.ycsbx.testing;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What an experiment page's charts must be when headless Chromium lays it out: each draws more
 * than a handful of marks and names its unit, no two of its words are drawn over each other (an
 * axis's labels run together), and a rate chart (over time, against threads)
 * counts in its step table's rate unit and says so in its text. The user's report that started
 * this: a chart of batches per second beside a table of rows/s. Each problem is one line.
 */
public final class ChartChecks {
  /** The chart kinds that draw the step table's rate (ExperimentPage's names). */
  public static final List<String> RATE_KINDS = List.of("over-time", "threads-rate");
  /** Per step: its name, its table's rate header, each chart's kind, unit, size, marks and text. */
  public static final String SCRIPT = "return {steps:Array.from(document.querySelectorAll('section.step')).map(function(s){"
      + "var t=s.querySelector('table.step-table');"
      + "return {step:s.dataset.step,rateHeader:t?t.querySelectorAll('thead th')[3].textContent:'',"
      + "charts:Array.from(s.querySelectorAll('figure.chart')).map(function(f){var g=f.querySelector('svg');"
      + "var r=g.getBoundingClientRect();return {kind:f.dataset.kind,unit:f.dataset.unit||'',width:r.width,"
      + "height:r.height,marks:g.querySelectorAll('path,line,polyline,rect').length,"
      + "text:Array.from(g.querySelectorAll('text')).map(function(x){return x.textContent;}).join('|'),"
      // pairs of the chart's words drawn over each other (an axis's labels run together)
      + "overlaps:(function(){var t=Array.from(g.querySelectorAll('text')).filter(function(x){"
      + "return x.textContent.trim().length>0;}).map(function(x){return {s:x.textContent,r:x.getBoundingClientRect()};});"
      + "var o=[];for(var i=0;i<t.length;i++){for(var j=i+1;j<t.length;j++){var a=t[i].r,b=t[j].r;"
      + "if(a.left+1<b.right&&b.left+1<a.right&&a.top+1<b.bottom&&b.top+1<a.bottom){o.push(t[i].s+' / '+t[j].s);}}}"
      + "return o;})()};})};})};";

  private ChartChecks() {
  }

  /** The page's charts as laid out at {@link PageLayoutChecks#WIDTH} px. */
  public static JsonNode layout(Path html) throws IOException {
    return HeadlessChromium.evaluate(html, PageLayoutChecks.WIDTH, SCRIPT);
  }

  /** What is wrong with the charts of a page laid out by {@link #SCRIPT} (or a script giving the same fields). */
  public static List<String> problems(JsonNode page) {
    List<String> out = new ArrayList<>();
    for (JsonNode step : page.path("steps")) {
      String name = step.path("step").asText();
      String tableUnit = step.path("rateHeader").asText();
      for (JsonNode c : step.path("charts")) {
        String what = name + " " + c.path("kind").asText();
        if (c.path("marks").asInt() <= 20) {
          out.add(what + ": " + c.path("marks").asInt() + " marks drawn");
        }
        String unit = c.path("unit").asText();
        if (unit.isEmpty()) {
          out.add(what + ": no unit");
        }
        c.path("overlaps").forEach(o -> out.add(what + ": words drawn over each other: " + o.asText()));
        if (RATE_KINDS.contains(c.path("kind").asText())) {
          if (!unit.equals(tableUnit)) {
            out.add(what + ": unit " + unit + ", the table's " + tableUnit);
          }
          // the title and tick labels are SVG text (the rotated axis label is drawn as outlines)
          if (!c.path("text").asText().contains(tableUnit)) {
            out.add(what + ": no text in " + tableUnit);
          }
        }
      }
    }
    return out;
  }
}
