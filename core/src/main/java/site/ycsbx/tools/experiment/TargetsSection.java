package site.ycsbx.tools.experiment;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import site.ycsbx.fingerprint.Places;
import site.ycsbx.report.Footnotes;
import site.ycsbx.report.ReportHtml;

/**
 * The page's targets: a row per target (binding, property files, what its check expects, how it
 * ended), then the fingerprint keys whose values differ between them. What they share is the
 * header's ({@link ExperimentHeader}); a value too long for a line is cut in its cell and given
 * whole under the table.
 */
final class TargetsSection {
  /**
   * A differing value longer than this, over the number of targets, is cut in its cell and given whole
   * under the table: the value columns share 70% of the page, and a cell is two lines at most.
   */
  static final int VALUES_MAX = 140;

  private TargetsSection() {
  }

  /** {@code fps}: each target's fingerprint (its first cell's), by target name, in table order. */
  static String html(List<Target> targets, List<Outcome> outcomes, Map<String, Map<String, String>> fps) {
    Footnotes notes = new Footnotes();
    StringBuilder sb = new StringBuilder("<div class=\"table-wrap\"><table class=\"results targets\"><thead><tr>"
        + "<th>target</th><th>binding</th><th>property files</th><th>expects</th><th>status</th></tr></thead><tbody>\n");
    for (Target t : targets) {
      String status = outcomes.stream().filter(o -> o.cell().target().equals(t) && !o.ok()).findFirst()
          .map(o -> o.cell().id() + ": " + StepTable.describe(o.entry())).orElse("ok");
      List<String> expect = new ArrayList<>();
      t.expect().forEach((k, v) -> expect.add(ReportHtml.kv(k, v, null)));
      sb.append("<tr data-target=\"").append(ReportHtml.esc(t.name())).append("\">").append(td("target", t.name()))
          .append(td("binding", t.binding())).append(td("files", String.join(", ", t.propertyFiles())))
          .append("<td data-col=\"expects\">").append(String.join("", expect)).append("</td>")
          .append(status.equals("ok") ? td("status", status) : "<td class=\"why\" data-col=\"status\">"
              + notes.cell(status, StepTableHtml.WHY_MAX) + "</td>").append("</tr>\n");
    }
    sb.append("</tbody></table></div>\n").append(notes.html());
    return sb.append(differs(fps)).toString();
  }

  private static String differs(Map<String, Map<String, String>> fps) {
    StringBuilder sb = new StringBuilder("<h3>What differs in their fingerprints</h3>\n");
    if (fps.size() < 2) {
      return sb.append("<p class=\"note\" id=\"differs\">Fewer than two targets have a run folder yet.</p>\n").toString();
    }
    Set<String> keys = new LinkedHashSet<>();
    fps.values().forEach(fp -> keys.addAll(fp.keySet()));
    Map<String, String> union = new java.util.LinkedHashMap<>();
    fps.values().forEach(fp -> fp.forEach(union::putIfAbsent));
    Map<String, String> group = new HashMap<>();
    ReportHtml.groups(union).forEach((g, kv) -> kv.keySet().forEach(k -> group.put(k, g)));
    // an embedded server's folder and port name a place, not a setup (fingerprint.Places): such keys are
    // listed apart, so that two stand-in folders do not read as two setups
    List<String> differ = keys.stream().filter(k -> fps.values().stream()
        .map(fp -> String.valueOf(Places.setup(fp, k))).distinct().count() > 1).toList();
    List<String> places = keys.stream().filter(k -> !differ.contains(k) && fps.values().stream()
        .map(fp -> fp.getOrDefault(k, "-")).distinct().count() > 1).toList();
    if (!places.isEmpty()) {
      sb.append("<p class=\"note\" id=\"places\">Differ only in a place (a data folder, a port): ")
          .append(ReportHtml.esc(String.join(", ", places))).append(".</p>\n");
    }
    if (differ.isEmpty()) {
      return sb.append("<p class=\"note\" id=\"differs\">No key differs: the targets' first cells have the same"
          + " fingerprint (").append(union.size()).append(" keys).</p>\n").toString();
    }
    Footnotes notes = new Footnotes();
    int max = Math.max(16, VALUES_MAX / fps.size());
    String first = fps.keySet().iterator().next();
    sb.append("<div class=\"table-wrap\"><table class=\"results differs\" id=\"differs\"><thead><tr><th>key</th>"
        + "<th>group</th>");
    fps.keySet().forEach(n -> sb.append("<th>").append(ReportHtml.esc(n)).append("</th>"));
    sb.append("</tr></thead><tbody>\n");
    for (String k : differ) {
      sb.append("<tr data-key=\"").append(ReportHtml.esc(k)).append("\"><td data-col=\"key\">")
          .append(StepTableHtml.head(k)).append("</td>").append(td("group", group.getOrDefault(k, "")));
      String base = fps.get(first).getOrDefault(k, "-");
      fps.forEach((n, fp) -> {
        String v = fp.getOrDefault(k, "-");
        String shown = v.length() <= max ? ReportHtml.esc(v) : ReportHtml.esc(v.substring(0, max - 1)
            .strip() + "…") + notes.mark(k + " of " + n + ": " + v);
        sb.append("<td data-col=\"").append(ReportHtml.esc(n)).append("\">").append(v.equals(base) || n.equals(first)
            ? shown : "<mark class=\"differ\">" + shown + "</mark>").append("</td>");
      });
      sb.append("</tr>\n");
    }
    sb.append("</tbody></table></div>\n").append(notes.html())
        .append("<p class=\"note\">Only the keys whose values differ; each target's first cell's fingerprint (its run")
        .append(" folder's result.json); marked: not the first target's value; what every target shares is in the")
        .append(" header.</p>\n");
    return sb.toString();
  }

  private static String td(String col, String text) {
    return "<td data-col=\"" + ReportHtml.esc(col) + "\">" + ReportHtml.esc(text) + "</td>";
  }
}
