package site.ycsbx.tools.experiment;

import java.util.ArrayList;
import java.util.List;

/**
 * A step's tables: its own ({@link StepTable}), then those its cells' figures call for: the
 * insert benchmark's table per size reached of a load in rounds ({@link SizeTables}), its summary
 * of a step at a fixed insert rate and its index build ({@link RateTable}).
 */
final class StepTables {
  private StepTables() {
  }

  static List<ExtraTable> extra(Step s, List<Target> targets, List<Outcome> outcomes) {
    List<ExtraTable> out = new ArrayList<>(SizeTables.tables(s, targets, outcomes));
    out.addAll(RateTable.tables(s, targets, outcomes));
    // rows with figures that are not their target's alone, marked in every table that shows them
    return OwnTables.mark(out, s, outcomes);
  }

  /** What the console prints after the step's last cell. */
  static String format(Step s, List<Target> targets, List<Outcome> outcomes) {
    StringBuilder sb = new StringBuilder(StepTable.format(s, targets, outcomes));
    extra(s, targets, outcomes).forEach(t -> sb.append(t.text()));
    return sb.toString();
  }

  /** The extra tables as the page shows them, below the step's own. */
  static String html(Step s, List<Target> targets, List<Outcome> outcomes) {
    StringBuilder sb = new StringBuilder();
    extra(s, targets, outcomes).forEach(t -> sb.append(t.html()));
    return sb.toString();
  }
}
