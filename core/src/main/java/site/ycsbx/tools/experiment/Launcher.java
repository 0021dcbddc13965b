package site.ycsbx.tools.experiment;

import java.util.List;

/**
 * What the experiment needs of {@code bin/ycsb}'s own entry point, handed down by it (the
 * dispatcher sits above the commands): the checks that need no server, the class a cell's JVM
 * starts, and the properties bin/ycsb knows a reader of.
 */
public interface Launcher {
  /** Refuses bad input of {@code load|run <binding> [options]} with a UserError; needs no server. */
  void checkArguments(List<String> args);

  /** The class with {@code main} that a cell's JVM runs ({@code <command> <binding> [options]}). */
  String mainClass();

  /** Who reads which property: every group of {@code bin/ycsb help properties}. */
  KnownProperties knownProperties();
}
