package site.ycsbx.tools.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsbx.testing.ChartChecks;
import site.ycsbx.testing.HeadlessChromium;
import site.ycsbx.testing.PageLayoutChecks;

/**
 * experiment.html as headless Chromium lays it out: each step's table with its rows and marks,
 * each step's charts drawn at a readable size, the plan, and a screenshot that is a real picture.
 */
@Tag("process")
class ExperimentPageBrowserTest {
  // per step: its table's rows, the marked cells with their background, each chart's size and what it draws
  private static final String SCRIPT = "function bg(e){return getComputedStyle(e).backgroundColor;}"
      + "return {steps:Array.from(document.querySelectorAll('section.step')).map(function(s){"
      + "var t=s.querySelector('table.step-table');"
      + "return {step:s.dataset.step,rows:t?t.querySelectorAll('tbody tr').length:0,"
      + "tableWidth:t?t.getBoundingClientRect().width:0,"
      + "rateHeader:t?t.querySelectorAll('thead th')[3].textContent:'',"
      + "low:Array.from(s.querySelectorAll('td.rel-low')).map(function(c){return c.textContent+' '+bg(c);}),"
      + "high:Array.from(s.querySelectorAll('td.rel-high')).map(function(c){return c.textContent+' '+bg(c);}),"
      + "unfinished:Array.from(s.querySelectorAll('tr.unfinished td.why')).map(function(c){return c.textContent;}),"
      + "notes:Array.from(s.querySelectorAll('ol.marks li')).map(function(c){return c.textContent;}).join('|'),"
      + "charts:Array.from(s.querySelectorAll('figure.chart')).map(function(f){var g=f.querySelector('svg');"
      + "var r=g.getBoundingClientRect();return {kind:f.dataset.kind,unit:f.dataset.unit||'',width:r.width,height:r.height,"
      + "marks:g.querySelectorAll('path,line,polyline,rect').length,text:Array.from(g.querySelectorAll('text'))"
      + ".map(function(x){return x.textContent;}).join('|')};})};}),"
      + "plan:document.querySelectorAll('table.plan tbody tr').length,"
      + "differs:document.querySelectorAll('table.differs tbody tr').length,"
      + "pageWidth:document.documentElement.scrollWidth};";

  @Test
  void eachStepsTableAndChartsRender(@TempDir Path tmp) throws Exception {
    ExperimentPageFixture f = new ExperimentPageFixture(tmp);
    Path html = f.write();
    HeadlessChromium.Rendered shot = HeadlessChromium.open(html, tmp, HeadlessChromium.WIDTH, 2400);
    assertTrue(shot.colours() > 50, "screenshot of " + shot.colours() + " colours: a blank or error page");
    assertTrue(shot.dom().contains("class=\"results step-table\""), "the tables are in the DOM");

    JsonNode page = HeadlessChromium.evaluate(html, HeadlessChromium.WIDTH, SCRIPT);
    assertEquals(10, page.path("plan").asInt(), page.toString());
    assertEquals(1, page.path("differs").asInt(), "storage.engine only: " + page);
    assertTrue(page.path("pageWidth").asInt() <= HeadlessChromium.WIDTH, "nothing wider than the window: " + page);
    JsonNode load = page.path("steps").get(0);
    JsonNode query = page.path("steps").get(1);
    assertEquals("load", load.path("step").asText());
    assertEquals(2, load.path("rows").asInt());
    assertEquals(4, query.path("rows").asInt());
    // the marks are coloured, not only classed
    assertEquals(1, load.path("high").size(), load.toString());
    assertTrue(load.path("high").get(0).asText().startsWith("1.50 rgb("), load.toString());
    assertEquals(1, query.path("low").size(), query.toString());
    assertTrue(query.path("low").get(0).asText().startsWith("0.50 rgb("), query.toString());
    assertEquals(1, query.path("unfinished").size(), query.toString());
    // the cell says it in a few words, the whole reason is the note of its mark
    assertEquals("query.b.t2.r1 FAILED (exit 1)¹", query.path("unfinished").get(0).asText(), query.toString());
    assertTrue(query.path("notes").asText().contains(ExperimentPageFixture.FAILURE), query.toString());
    assertEquals(4, load.path("charts").size(), load.toString());
    assertEquals(6, query.path("charts").size(), query.toString());
    assertEquals(List.of(), chartProblems(page), page.toString());
    for (JsonNode step : page.path("steps")) {
      for (JsonNode c : step.path("charts")) {
        // two charts side by side in a 1200 px window: each about half of it
        assertTrue(c.path("width").asDouble() > 400 && c.path("height").asDouble() > 250, c.toString());
        assertTrue(c.path("text").asText().startsWith(step.path("step").asText() + ": "), "titled by its step: " + c);
      }
      // the legend follows the title: every target on the one chart, in the table's unit
      assertTrue(step.path("charts").get(0).path("text").asText().startsWith(step.path("step").asText()
          + ": " + step.path("rateHeader").asText() + " over time|a|b|"), "a legend of both targets: " + step);
    }
    assertEquals("rows/s", load.path("rateHeader").asText(), "iibench's table counts rows");
    assertEquals("ops/s", query.path("rateHeader").asText());
  }

  /** The same checks fail on a page whose chart counts in another unit than its table, or draws nothing. */
  @Test
  void theChecksFailOnAWrongUnitAndAnEmptyChart(@TempDir Path tmp) throws Exception {
    ExperimentPageFixture f = new ExperimentPageFixture(tmp);
    JsonNode page = HeadlessChromium.evaluate(f.write(), HeadlessChromium.WIDTH, SCRIPT);
    assertEquals(List.of(), chartProblems(page));
    // the user's report: a chart of batches per second beside a table of rows/s
    ObjectNode wrongUnit = page.deepCopy();
    ObjectNode overTime = (ObjectNode) wrongUnit.path("steps").get(0).path("charts").get(0);
    overTime.put("unit", "ops/s");
    overTime.put("text", overTime.path("text").asText().replace("rows/s", "ops/s"));
    assertEquals(List.of("load over-time: unit ops/s, the table's rows/s", "load over-time: no text in rows/s"),
        chartProblems(wrongUnit));
    ObjectNode empty = page.deepCopy();
    ((ObjectNode) empty.path("steps").get(1).path("charts").get(2)).put("marks", 4);
    assertEquals(List.of("query latency: 4 marks drawn"), chartProblems(empty));
    // the user's ycsb-versions page: "mongo26 t1" and "mongo30 t1" under the bars, run together
    ObjectNode crowded = page.deepCopy();
    ((ObjectNode) crowded.path("steps").get(1).path("charts").get(2)).putArray("overlaps").add("a t1 / b t1");
    assertEquals(List.of("query latency: words drawn over each other: a t1 / b t1"), chartProblems(crowded));
  }

  private static List<String> chartProblems(JsonNode page) {
    return ChartChecks.problems(page);
  }

  @Test
  void theKindsTheChecksJudgeAreThePagesOwn() {
    assertEquals(List.of(ExperimentPage.OVER_TIME, ExperimentPage.THREADS_RATE), ChartChecks.RATE_KINDS);
  }

  /** The fixture's page with a finished row of each step marked (ran beside other load), as a user's run has them. */
  private static Path markedPage(Path tmp) throws Exception {
    ExperimentPageFixture f = new ExperimentPageFixture(tmp);
    for (String id : List.of("load.b.t1.r1", "query.a.t2.r1")) {
      f.outcomes.stream().filter(o -> o.cell().id().equals(id)).findFirst().orElseThrow().result().figures()
          .put(CellResult.BESIDE, 1.0);
    }
    return f.write();
  }

  @Test
  void thePageReadsAtAGlanceAt1400Pixels(@TempDir Path tmp) throws Exception {
    Path html = markedPage(tmp);
    JsonNode page = PageLayoutChecks.layout(html);
    assertEquals(List.of(), PageLayoutChecks.problems(page, ExperimentPageFixture.SERVER_VERSION, "0.1.0-SNAPSHOT",
        "bin/ycsb experiment experiments/page -p db.passwd=*****", "UTC"), page.toString());
    assertTrue(page.path("facts").path("server").asText().startsWith("MariaDB " + ExperimentPageFixture.SERVER_VERSION),
        page.toString());
    assertTrue(page.path("facts").path("host").asText().startsWith("host: 2 cores"), page.toString());
    assertTrue(!Files.readString(html).contains("hunter2"), "the password is masked");

    // a load and run pair's table as printed (LinkBench's), its notes' long lines: wrapped, not wider than the page
    String pair = "<section class=\"pair\" data-step=\"q\"><h2>load+q</h2><pre>target clients IPS QPS\n"
        + "note: " + "a long line of the printed notes ".repeat(12) + "</pre></section>";
    Files.writeString(html, Files.readString(html).replace("<h2>Plan</h2>", pair + "<h2>Plan</h2>"));
    JsonNode withPair = PageLayoutChecks.layout(html);
    assertEquals(List.of(), PageLayoutChecks.problems(withPair), withPair.toString());
  }

  @Test
  void theChecksFailOnAPageWithoutItsServerOrWithASqueezedNote(@TempDir Path tmp) throws Exception {
    Path html = markedPage(tmp);
    String good = Files.readString(html);
    // the server's fact taken out: the check names it
    Files.writeString(html, good.replaceFirst("(?s)<tr data-fact=\"server\">.*?</tr>", ""));
    List<String> noServer = PageLayoutChecks.problems(PageLayoutChecks.layout(html),
        ExperimentPageFixture.SERVER_VERSION);
    assertEquals(List.of("header fact server missing or empty", "header facts without "
        + ExperimentPageFixture.SERVER_VERSION), noServer);
    // a note squeezed into a narrow column, a mark without its note, a table wider than its box, a page too wide
    String bad = "<div class=\"table-wrap\" style=\"width:400px\"><table class=\"results squeezed\"><tbody><tr>"
        + "<td>target<sup class=\"mark\" data-note=\"7\">⁷</sup></td><td class=\"why\" style=\"width:20px;"
        + "overflow-wrap:anywhere\">ran beside other load (its result.json says why)</td></tr></tbody></table></div>"
        + "<div class=\"table-wrap\" style=\"width:300px\"><table class=\"results wide\"><tbody><tr>"
        + "<td style=\"white-space:nowrap\">" + "x".repeat(120) + "</td></tr></tbody></table></div>"
        + "<div style=\"width:2000px\">wide</div>";
    Files.writeString(html, good.replace("</body>", bad + "</body>"));
    List<String> problems = PageLayoutChecks.problems(PageLayoutChecks.layout(html));
    assertEquals(4, problems.size(), problems.toString());
    assertTrue(problems.get(0).startsWith("row taller than two lines") && problems.get(0).contains("results squeezed"),
        problems.toString());
    assertTrue(problems.get(1).startsWith("mark 7: no note under its table"), problems.toString());
    assertTrue(problems.get(2).startsWith("table.results wide") && problems.get(2).endsWith("container of 300 px"),
        problems.toString());
    assertTrue(problems.get(3).startsWith("the page scrolls sideways: "), problems.toString());
  }
}
