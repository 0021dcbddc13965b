package site.ycsbx.tools.experiment;

/**
 * A cell as it ended in this experiment: its ledger line and, when it finished, its figures
 * (null for a cell that failed before its run folder was written, or did not run).
 */
record Outcome(Cell cell, Ledger.Entry entry, CellResult result) {

  boolean ok() {
    return entry.status() == Ledger.Status.OK && result != null;
  }
}
