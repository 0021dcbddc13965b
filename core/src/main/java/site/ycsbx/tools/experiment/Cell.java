package site.ycsbx.tools.experiment;

import java.util.Locale;

/**
 * One run of the plan: a step on a target at a thread count, one repeat. Its id names its run
 * folder ({@code cells/<id>}) and its line in the ledger.
 */
record Cell(int seq, Step step, Target target, int threads, int repeat) {

  String id() {
    return String.format(Locale.ROOT, "%s.%s.t%d.r%d", step.name(), target.name(), threads, repeat);
  }
}
